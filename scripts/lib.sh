# shellcheck shell=bash disable=SC2034 # its variables are for the scripts that source it
# Shared by every script of the course: where things live, how chapters
# are named, and how we talk. Source it; do not run it. The guest runs and
# their checks are in scripts/guest.sh, the bench's helpers in bench/lib.sh,
# the book's in scripts/book/lib.sh.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
KSRC=$BUILD/linux          # the kernel tree: a git repository, one tag per chapter
# VARIANT=kasan: the soak's kernels, built from the same tree with
# config/VARIANT.config added, in an object tree and out/ names of their own.
# VARIANT=kunit is the course's configuration with the KUnit tests linked
# in: out/ names of its own, the course's object tree.
VARIANT=${VARIANT:-}
# VARIANT_CONFIG: the variant whose config/VARIANT.config (and object tree)
# it has; none for kunit.
VARIANT_CONFIG=$VARIANT; [ "$VARIANT" != kunit ] || VARIANT_CONFIG=
KOBJ=$BUILD/obj${VARIANT_CONFIG:+-$VARIANT_CONFIG}  # the one O= object tree shared by every chapter
OUT=$BUILD/out             # out/chN/{bzImage,vmlinux}: one kernel per chapter
RESULTS=${RESULTS:-$BUILD/results}
# Scripts change directory: keep the path absolute.
case $RESULTS in /*) ;; *) RESULTS=$PWD/$RESULTS ;; esac
# The disk model's drive (DISK_MODEL=hdd, a Barracuda 7200.7; see
# disk_model in qemu.sh): the scattered requests a second it serves, 1000 /
# (8.5 ms average seek + 4.16 ms half a turn), and its bytes a second in
# order. bench/seeks.sh prices a trace with the same figures.
HDD_SEEK_MS=8.5 HDD_HALF_TURN_MS=4.16 HDD_IOPS=79 HDD_BPS=58000000
KTARBALL=${KTARBALL:-/usr/src/linux-source-6.1.tar.xz}
KPKG=linux-source-6.1
# Mainline today, for comparison only (never built): Debian 12's newest
# kernel source. scripts/kernel.sh today unpacks its fs/ext2 into TODAY.
TODAY_PKG=linux-source-6.12
TODAY_TARBALL=${TODAY_TARBALL:-/usr/src/$TODAY_PKG.tar.xz}
TODAY=$BUILD/$TODAY_PKG
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
# the checkout; it may not exist.
find_seeds() {
	SEEDS=${SEEDS:-$TOP/../shared/seeds}
}
# free_port: a TCP port for a batch run's gdbstub, below Linux's ephemeral
# range (32768 and up by default, where a closing connection can still hold
# the port: QEMU then fails with "Address already in use") and not in use
# by any socket that ss can see.
free_port() {
	local p
	for _ in $(seq 50); do
		p=$((20000 + RANDOM % 12000))
		ss -Htan "( sport = :$p or dport = :$p )" 2>/dev/null | grep -q . || { echo "$p"; return; }
	done
	echo "$p"
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

