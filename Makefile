# The course's one entry point. 'make help' lists the targets.
# Chapters: CH=0 is mainline 6.1, CH=N has patches/ 1..N applied.

SHELL := /bin/bash
NCH := $(shell grep -v -e '^\#' -e '^[[:space:]]*$$' patches/series | awk '{ ch = NF > 1 ? $$2 : ch + 1 } END { print ch + 0 }')
CH ?= $(NCH)
export CH GDB_PORT MNT FS BS DISK_MB MKFS_OPTS APPEND KVM JOBS VARIANT DISK_MODEL DISK_SCALE

.PHONY: help deps kernel kernels initramfs run debug gdb walkthrough test \
        check-patches kunit lab check lab-reset lab-solution bench soak book slides clean distclean

help: ## list the targets
	@echo "Usage: make TARGET [CH=n] (chapters 0..$(NCH); default CH=$(NCH))"
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | \
		awk -F':.*## ' '{ printf "  %-14s %s\n", $$1, $$2 }'
	@echo "Settings (VAR=value after the target):"
	@echo "  CH=n           the chapter, 0..$(NCH), or a step inside one (like 6.1)"
	@echo "  GDB_PORT=n     the gdbstub's port for debug, gdb and walkthrough (default 1234)"
	@echo "  MNT=opts       mount options for /mnt (run and debug: reservation from chapter 3 on)"
	@echo "  FS=ext4        the guest's disk as ext4 instead of ext2"
	@echo "  BS=n DISK_MB=n MKFS_OPTS=...   block size (1024, 2048, 4096), disk size, more mke2fs options"
	@echo "  APPEND=...     more kernel command line"
	@echo "  KVM=1          use KVM where /dev/kvm works (TCG otherwise, the default)"
	@echo "  DISK_MODEL=hdd a disk that charges per request as one of 2004 did (bench/README.md)"
	@echo "  MUTANT=1       kunit on a gap test broken by one: the tests must fail"
	@echo "  BENCH=quick|full, PARTS=..., ONLY=...   make bench: see bench/README.md"

deps: ## install the Debian packages the course needs (idempotent)
	@scripts/deps.sh base

kernel: deps ## build chapter CH's kernel into build/out/chCH/
	@scripts/kernel.sh build $(CH)

kernels: deps ## build every chapter's kernel
	@for c in $$(seq 0 $(NCH)); do scripts/kernel.sh build $$c || exit 1; done

initramfs: deps ## build the guest's initramfs (busybox, tools, tests)
	@scripts/kernel.sh prepare
	@scripts/initramfs.sh

run: kernel initramfs ## boot chapter CH to a shell, ext2 disk on /mnt
	@scripts/qemu.sh shell

debug: kernel initramfs ## boot chapter CH stopped, waiting for gdb (GDB_PORT=1234)
	@scripts/qemu.sh debug

gdb: ## attach gdb to 'make debug' (same CH and GDB_PORT)
	@scripts/gdb.sh

walkthrough: kernel initramfs ## run chapter CH's scripted gdb session
	@scripts/walkthrough.sh

test: ## run the whole test suite (TAP 13); ends with '# N passed, N failed'
	@scripts/deps.sh base book lint today
	@tests/run.sh

kunit: deps ## run chapter CH's KUnit tests of the windows (MUTANT=1: on a broken gap test)
	@scripts/kernel.sh prepare
	@scripts/kunit.sh $(CH) $(if $(filter 1,$(MUTANT)),--mutant)

lab: deps ## start chapter CH's lab: its key functions stubbed, on branch lab-chCH in build/linux
	@scripts/lab.sh start $(CH)

check: deps ## check your lab: build it, run its KUnit tests, guest tests and walkthrough, with hints
	@scripts/lab.sh check $(CH)

lab-reset: deps ## throw your lab away and start chapter CH's again
	@scripts/lab.sh reset $(CH)

lab-solution: ## your lab's code against the chapter's own
	@scripts/lab.sh solution $(CH)

grade: deps ## instructors: make check against each lab's catalogue of wrong solutions (CH=n: one lab)
	@scripts/grade.sh $(if $(filter command line,$(origin CH)),$(CH))

check-patches: deps ## apply patches/ to a pristine tree and run checkpatch
	@tests/run.sh patches

bench: deps ## measure layout, read-back, throughput, allocator cost (BENCH=quick|full)
	@scripts/deps.sh bench
	@bench/bench.sh $(or $(BENCH),quick)

soak: deps ## long reliability run on KASAN kernels (SOAK_MINUTES=30)
	@scripts/soak.sh $(or $(SOAK_MINUTES),30)

book: ## render the book to build/book/ (HTML, PDF and EPUB)
	@scripts/deps.sh book
	@scripts/book.sh

slides: ## render one deck per chapter to build/slides/ (HTML and 16:9 PDF, speaker notes)
	@scripts/deps.sh book
	@scripts/slides.sh

clean: ## remove images, logs and results (keeps the kernel tree and objects)
	rm -rf build/out build/logs build/walkthrough build/results build/book build/slides build/soak \
		build/kunit build/*.img build/initramfs* build/*.stamp

distclean: ## remove all of build/
	rm -rf build
