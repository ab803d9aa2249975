# Shared by every script of the course: where things live, and how we talk.
# Source it; do not run it.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
KSRC=$BUILD/linux          # the kernel tree: a git repository, one tag per chapter
# VARIANT=kasan: the soak's kernels, built from the same tree with
# config/VARIANT.config added, in an object tree and out/ names of their own.
VARIANT=${VARIANT:-}
KOBJ=$BUILD/obj${VARIANT:+-$VARIANT}  # the one O= object tree shared by every chapter
OUT=$BUILD/out             # out/chN/{bzImage,vmlinux}: one kernel per chapter
RESULTS=${RESULTS:-$BUILD/results}
# Scripts change directory: keep the path absolute.
case $RESULTS in /*) ;; *) RESULTS=$PWD/$RESULTS ;; esac
# The disk model's drive (DISK_MODEL=hdd, a Barracuda 7200.7; see
# disk_model in qemu.sh): the scattered requests a second it serves, 1000 /
# (8.5 ms average seek + 4.16 ms half a turn), and its bytes a second in
# order. scripts/bench/seeks.sh prices a trace with the same figures.
HDD_SEEK_MS=8.5 HDD_HALF_TURN_MS=4.16 HDD_IOPS=79 HDD_BPS=58000000
KTARBALL=${KTARBALL:-/usr/src/linux-source-6.1.tar.xz}
KPKG=linux-source-6.1
# patches/series: one patch per line, in order (comments and blank lines
# skipped), with an optional second column, the chapter the patch belongs
# to. Without it a patch starts the next chapter. Chapter N is the
# pristine tree plus every patch of chapters 1..N.
# series_table: "PATCH CHAPTER" per patch.
series_table() {
	grep -v -e '^#' -e '^[[:space:]]*$' "$TOP/patches/series" |
		awk '{ ch = NF > 1 ? $2 : ch + 1; print $1, ch }'
}
# series: the patch files, in order.
series() { series_table | cut -d' ' -f1; }
NCH=$(series_table | tail -1 | cut -d' ' -f2)
NCH=${NCH:-0}
JOBS=${JOBS:-$(( $(nproc) + 1 ))}

say()  { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
note() { printf '    %s\n' "$*" >&2; }
die()  { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }
# find_seeds: SEEDS, the directory of the seed's cover letter and patches
# (not part of this repository): $SEEDS if set, else ../shared/seeds beside
# the repository, else /work/shared/seeds; it may not exist.
find_seeds() {
	[ -n "${SEEDS:-}" ] && return
	SEEDS=$TOP/../shared/seeds
	[ -d "$SEEDS" ] || [ ! -d /work/shared/seeds ] || SEEDS=/work/shared/seeds
	return 0
}
# free_port: a TCP port for a batch run's gdbstub, below Linux's ephemeral
# range (32768 and up by default, where a closing connection can still hold
# the port: QEMU then fails with "Address already in use") and not in use
# by any socket that ss can see.
free_port() {
	local p i
	for i in $(seq 50); do
		p=$((20000 + RANDOM % 12000))
		ss -Htan "( sport = :$p or dport = :$p )" 2>/dev/null | grep -q . || { echo "$p"; return; }
	done
	echo "$p"
}

# has PART: the bench's PARTS (a space list) names PART.
has() { [[ " ${PARTS:-} " == *" $1 "* ]]; }
# kv_awk: awk's kv(), for the guest's "bench: KEY=VALUE ..." lines: it
# fills v[KEY] with VALUE from the fields after the first. Put it before a
# program: awk "$kv_awk"' /^bench: n=/ { kv(); print v["n"] }'.
kv_awk='function kv(   i, a) { delete v; for (i = 2; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] } }'
# MODEL_ORDER: the disk model's configurations, in the order the bench
# runs them and its tables list them (the seed's columns, the chapters
# after them, then mainline with and without windows, then ext4).
MODEL_ORDER="ch1 ch2 ch3-rsv128 ch4 ch5 ch6 ch0 ch0-noresv ext4"
# bench_first NAME: the bench's default for a disk-model setting when the
# first model runs were made: MDIRTY=4/1, MTOTAL=64 MiB, MBOOT=config (one
# guest per configuration), MJOBS=1, MSECS=0 (no dbench: every model run
# until then was BENCH=quick), MWARM=0 (no warm-ups). A report's "Measured
# by" line names a setting only where it differs from this (report.sh's
# header), so that bench_setting can read every setting back from it,
# the old reports' included. These are not today's defaults (bench.sh).
# SMP=2: the guest's CPUs, which no report named before SMP=1 was tried.
bench_first() {
	local -A first=([MDIRTY]=4/1 [MTOTAL]=64 [MBOOT]=config [MJOBS]=1 [MSECS]=0 [MWARM]=0 [SMP]=2)
	echo "${first[$1]}"
}
# bench_setting LINE NAME: NAME's value in a bench report's "Measured by"
# line (the make bench command it quotes), or bench_first's if the command
# did not set it.
bench_setting() {
	grep -o " $2=[^ \`']*" <<<"$1" | head -1 | cut -d= -f2 | grep . || bench_first "$2"
}
# medians CSV METRIC: of a bench CSV (kernel,fs,writers,run,metric,value), "kernel writers median min max runs", in CSV order.
medians() {
	[ -f "$1" ] || return 0
	awk -F, -v m="$2" 'NR > 1 && $5 == m {
			k = $1 SUBSEP $3
			if (!(k in n)) order[++no] = k
			v[k, ++n[k]] = $6 + 0
		}
		END {
			for (o = 1; o <= no; o++) {
				k = order[o]; c = n[k]
				for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++)
					if (v[k, j] < v[k, i]) { t = v[k, i]; v[k, i] = v[k, j]; v[k, j] = t }
				med = c % 2 ? v[k, (c + 1) / 2] : (v[k, c / 2] + v[k, c / 2 + 1]) / 2
				split(k, p, SUBSEP)
				print p[1], p[2], med, v[k, 1], v[k, c], c
			}
		}' "$1"
}
# Print a command so a student can run it by hand, then run it.
run_shown() {
	printf '\033[36m$'; printf ' %q' "$@"; printf '\033[0m\n' >&2
	"$@"
}

# check_chapter N: N is a chapter this series has.
# A chapter of several patches also has a tree after each patch but its
# last, N.J (see patch_label), which the suite builds and boots as well.
check_chapter() {
	case "$1" in
	[0-9]*.[0-9]*)
		local k
		for k in $(seq 1 "$(series | wc -l)"); do
			[ "$(patch_label "$k")" = "ch$1" ] && return 0
		done
		die "CH=$1: patches/series has no such step (chapter.patch, like 6.1)" ;;
	''|*[!0-9]*) die "CH must be a chapter number (0..$NCH), not '$1'" ;;
	esac
	[ "$1" -le "$NCH" ] || die "chapter $1 does not exist: patches/series has chapters 1..$NCH, so chapters are 0..$NCH"
}
# patch_label K: what the suite calls the tree after the K-th patch: chN
# when patch K ends chapter N, else chN.J (the J-th patch of chapter N).
patch_label() {
	series_table | awk -v k="$1" '{ n[NR] = $2 } END {
		j = 0; for (i = 1; i <= k; i++) if (n[i] == n[k]) j++
		print (k == NR || n[k + 1] != n[k]) ? "ch" n[k] : "ch" n[k] "." j }'
}

# e2layout: build the host's layout reader (tools/e2layout.c) when it is
# missing or older than its source, and print its path.
e2layout() {
	local bin=$BUILD/e2layout
	if [ ! -x "$bin" ] || [ "$TOP/tools/e2layout.c" -nt "$bin" ]; then
		mkdir -p "$BUILD"
		gcc -O2 -Wall -Wextra -Werror -o "$bin" "$TOP/tools/e2layout.c" -lext2fs -lcom_err ||
			die "tools/e2layout.c does not build (is libext2fs-dev installed? make deps)"
	fi
	echo "$bin"
}

# kout N: where chapter N's kernel (of this VARIANT) is put.
# (KUNIT_MUTANT=1 with VARIANT=kunit: the kernel whose gap test is broken;
# LAB=1: the kernel built from a student's lab branch, scripts/lab.sh.)
kout() {
	echo "$OUT/ch$1${VARIANT:+-$VARIANT}$([ "$VARIANT" = kunit ] && [ "${KUNIT_MUTANT:-0}" = 1 ] && echo -mutant)$([ "${LAB:-0}" = 1 ] && echo -lab)"
}

# need_kernel N: chapter N's kernel has been built.
need_kernel() {
	[ -f "$(kout "$1")/bzImage" ] && [ -f "$(kout "$1")/vmlinux" ] ||
		die "chapter $1${VARIANT:+ ($VARIANT variant)} is not built yet: run 'make kernel CH=$1${VARIANT:+ VARIANT=$VARIANT}' first"
}

# The chapters whose walkthrough transcript the book quotes
# (book/examples/walk-chN.gdb.txt).
QUOTED_WALKS="0 2 3 4 6"
# gdb_trim TRANSCRIPT: a gdb transcript as the book quotes it: from the
# first breakpoint on, without gdb's thread switches and this machine's
# paths (the kernel's files named as in its tree).
gdb_trim() {
	sed -n '/^Breakpoint 1 at/,$p' "$1" | sed "s|$TOP/||g; s|build/linux/||g" |
		grep -v '^\[Inferior\|^\[Switching'
}
# walk_trim TRANSCRIPT: a walkthrough's, also without the backtrace's
# outer frames and the frame 'finish' returns to (the tools chapter's
# example keeps its backtrace whole).
walk_trim() {
	gdb_trim "$1" | grep -v '^#[1-9][0-9]* \|^ext2_try_to_allocate_with_rsv ('
}
# walk_shape TRIMMED: the lines that say where a walkthrough stopped and
# what its checks said, numbers masked: the same for every run of it.
walk_shape() {
	grep -E '^(Breakpoint [0-9]+ at|Thread [0-9]+ hit Breakpoint|Value returned|rsv-check:|  OK:|rsv-list: saved)' "$1" |
		sed -E 's/0x[0-9a-f]+/0xN/g; s/[0-9]+/N/g; s/\(.*//'
}
