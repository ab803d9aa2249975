#!/usr/bin/env bash
# The kernel pipeline.
#   scripts/kernel.sh prepare    extract linux-source-6.1 into build/linux (git, tag ch0)
#                                and apply patches/ in order (tags ch1..chN)
#   scripts/kernel.sh build N    build chapter N into build/out/chN/{bzImage,vmlinux}
#   scripts/kernel.sh today      unpack fs/ext2 of linux-source-6.12, mainline
#                                today, into build/linux-source-6.12 (to compare)
# One object tree (build/obj) serves every chapter: switching chapters checks
# out the chapter's tag and lets make rebuild what changed (fs/ext2, a relink).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

GIT=(git -C "$KSRC" -c user.name="$(git -C "$TOP" config user.name || echo course)"
     -c user.email="$(git -C "$TOP" config user.email || echo course@localhost)")

series_hash() {
	local -a files; mapfile -t files < <(series)
	( cd "$TOP/patches" && cat series "${files[@]}" ) | sha1sum | cut -c1-16
}

extract() {
	[ -d "$KSRC/.git" ] && return 0
	[ -f "$KTARBALL" ] || die "$KTARBALL is missing: install it with 'apt-get install $KPKG' (make deps)"
	say "extracting $KTARBALL into $KSRC (about 15 s)"
	rm -rf "$BUILD/linux.tmp" && mkdir -p "$BUILD/linux.tmp"
	tar -C "$BUILD/linux.tmp" -xf "$KTARBALL"
	mv "$BUILD/linux.tmp/$KPKG" "$KSRC" && rmdir "$BUILD/linux.tmp"
	local ver; ver=$(dpkg-query -W -f='${Version}' "$KPKG")
	say "recording the pristine tree in git (about 30 s)"
	# Debian's top-level .gitignore ignores everything: add with -f.
	"${GIT[@]}" init -q -b course
	"${GIT[@]}" add -f -A
	"${GIT[@]}" commit -q -m "Debian $KPKG $ver, as shipped" -m "Extracted from $KTARBALL."
	"${GIT[@]}" tag ch0
	echo "$KPKG $ver" > "$BUILD/kernel-version"
	note "pristine tree: $KPKG $ver, tagged ch0"
}

apply_series() {
	local want; want=$(series_hash)
	[ "$(cat "$BUILD/series.stamp" 2>/dev/null)" = "$want" ] && return 0
	say "applying patches/series onto ch0 with git am"
	[ -z "$("${GIT[@]}" status --porcelain --untracked-files=no)" ] ||
		die "build/linux has local changes; save them (git -C build/linux stash) and retry"
	"${GIT[@]}" checkout -q -B course ch0
	"${GIT[@]}" am --abort >/dev/null 2>&1 || true
	local n=0 p label prev=ch0
	for p in $(series); do
		n=$((n + 1))
		label=$(patch_label "$n")
		"${GIT[@]}" am -q "$TOP/patches/$p" ||
			{ "${GIT[@]}" am --abort; die "patches/$p does not apply on $prev"; }
		"${GIT[@]}" tag -f "$label" >/dev/null
		note "$label = $p"
		prev=$label
	done
	echo "$want" > "$BUILD/series.stamp"
}

# fragments: FRAGS, the configuration fragments: the course's, then the variant's.
fragments() {
	FRAGS=("$TOP/config/course.config")
	if [ -n "$VARIANT_CONFIG" ]; then
		[ -f "$TOP/config/$VARIANT_CONFIG.config" ] || die "no config/$VARIANT_CONFIG.config for VARIANT=$VARIANT"
		FRAGS+=("$TOP/config/$VARIANT_CONFIG.config")
	fi
}

configure() {
	fragments
	local want; want=$( (cat "${FRAGS[@]}"; cat "$BUILD/kernel-version") | sha1sum | cut -c1-16)
	[ "$(cat "$KOBJ/config.stamp" 2>/dev/null)" = "$want" ] && [ -f "$KOBJ/.config" ] && return 0
	say "configuring: tinyconfig + $(printf '%s\n' "${FRAGS[@]}" | sed "s|$TOP/||" | paste -sd+ | sed 's/+/ + /g')"
	mkdir -p "$KOBJ"
	make -s -C "$KSRC" O="$KOBJ" tinyconfig >/dev/null
	"$KSRC/scripts/kconfig/merge_config.sh" -m -O "$KOBJ" "$KOBJ/.config" \
		"${FRAGS[@]}" >"$KOBJ/merge.log" 2>&1 || die "merge_config.sh failed: see $KOBJ/merge.log"
	make -s -C "$KSRC" O="$KOBJ" olddefconfig >>"$KOBJ/merge.log" 2>&1
	local line key bad=0
	while read -r line; do
		key=${line%%=*}
		if [ "${line#*=}" = n ]; then
			grep -q "^$key=" "$KOBJ/.config" && { note "requested $line, got $(grep "^$key=" "$KOBJ/.config")"; bad=1; }
		else
			grep -qx "$line" "$KOBJ/.config" || { note "requested $line, not in the final .config"; bad=1; }
		fi
	done < <(cat "${FRAGS[@]}" | grep '^CONFIG_' | awk -F= '{ last[$1] = $0; order[NR] = $1 } END { for (i = 1; i <= NR; i++) if (!seen[order[i]]++) print last[order[i]] }')
	[ $bad = 0 ] || die "the config fragments ask for values Kconfig did not keep (dependencies?)"
	echo "$want" > "$KOBJ/config.stamp"
}

# Run make with a one-line progress report; the whole log goes to a file.
make_with_progress() {
	local log=$1; shift
	mkdir -p "$(dirname "$log")"
	note "full log: $log"
	set +e
	make -C "$KSRC" O="$KOBJ" -j"$JOBS" "$@" 2>&1 | tee "$log" | awk -v tty="$([ -t 2 ] && echo 1)" '
		/^  [A-Z]/ { n++; last = $0
			if (tty) { printf "\r\033[K    [%5d steps] %s", n, substr($0, 3, 70) > "/dev/stderr" }
			else if (n % 150 == 0) { printf "    [%5d steps] %s\n", n, substr($0, 3) > "/dev/stderr" } }
		END { if (tty) printf "\r\033[K" > "/dev/stderr"; printf "    %d build steps\n", n > "/dev/stderr" }'
	local rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" = 0 ] || { grep -E 'error|Error' "$log" | head -20 >&2; die "kernel build failed: see $log"; }
}

# The allocator's optimization. The kernels a student debugs build
# fs/ext2/balloc.c with -Og, so that gdb shows the allocator's locals and
# stops in balloc.c; the rest of the kernel keeps -O2, which it needs (at
# -Og, ialloc.c's compile-time max() check fails). The bench variant keeps
# mainline's flags throughout (its figures are the published ones).
# EXT2_OPT=... overrides it (EXT2_OPT= : mainline's flags everywhere).
EXT2_OPT=${EXT2_OPT-$([ "$VARIANT" = bench ] || echo -Og)}
# Kbuild reads fs/ext2/Kbuild instead of fs/ext2/Makefile when it exists:
# this one, written on every build and never committed (git ignores it),
# adds COURSE_EXT2_CFLAGS from make's command line to fs/ext2/balloc.o alone.
ext2_kbuild() {
	cat > "$KSRC/fs/ext2/Kbuild" <<-'EOF'
	# Written by the course's scripts/kernel.sh; not part of any chapter.
	# Everything fs/ext2/Makefile says, and balloc.c with the flags of
	# make's COURSE_EXT2_CFLAGS (-Og for the kernels students debug).
	include $(srctree)/fs/ext2/Makefile
	CFLAGS_balloc.o += $(COURSE_EXT2_CFLAGS)
	# The kunit variant: balloc-kunit.c (balloc.c, then the course's
	# kunit/rsv_test.c) in balloc.c's place.
	ifneq ($(COURSE_KUNIT),)
	ext2-y := $(patsubst balloc.o,balloc-kunit.o,$(ext2-y))
	CFLAGS_balloc-kunit.o += $(COURSE_EXT2_CFLAGS) -DCOURSE_CH=$(COURSE_CH)
	endif
	EOF
	local f
	for f in Kbuild balloc-kunit.c balloc-mutant.c; do
		grep -qx "fs/ext2/$f" "$KSRC/.git/info/exclude" 2>/dev/null ||
			echo "fs/ext2/$f" >> "$KSRC/.git/info/exclude"
	done
}

# The kunit variant's fs/ext2/balloc-kunit.c: chapter $1's balloc.c and the
# tests. KUNIT_MUTANT=1 builds a copy of balloc.c with an off-by-one in
# the gap test instead, which the tests must catch (make test checks it).
kunit_source() {
	local src=balloc.c
	if [ "${KUNIT_MUTANT:-0}" = 1 ]; then
		src=balloc-mutant.c
		sed -E 's/(\(?cur \+ size\)?) <= /\1 < /' "$KSRC/fs/ext2/balloc.c" > "$KSRC/fs/ext2/$src"
		! cmp -s "$KSRC/fs/ext2/balloc.c" "$KSRC/fs/ext2/$src" ||
			die "chapter $1: the mutant's off-by-one found no gap test ('cur + size <=') to break"
	fi
	cat > "$KSRC/fs/ext2/balloc-kunit.c" <<-EOF
	// SPDX-License-Identifier: GPL-2.0
	/* Written by the course's scripts/kernel.sh (kunit variant, chapter $1). */
	#include "$src"
	#include "$TOP/kunit/rsv_test.c"
	EOF
}

build() {
	local ch=$1 dest; dest=$(kout "$1")
	check_chapter "$ch"
	extract; apply_series; configure
	local head dirty="" tree
	head=$("${GIT[@]}" rev-parse HEAD)
	if [ "$head" = "$("${GIT[@]}" rev-parse "ch$ch^{commit}")" ] &&
	   [ -n "$("${GIT[@]}" status --porcelain --untracked-files=no)" ]; then
		dirty=1    # a student's edits on top of chN: build them as they are
		note "build/linux has local changes on ch$ch: building them"
	fi
	if [ "${LAB:-0}" = 1 ]; then
		dirty=1    # a lab (scripts/lab.sh): build the checked-out branch as it is
		note "building the lab branch $("${GIT[@]}" symbolic-ref -q --short HEAD || echo '(detached)') as it is"
	fi
	tree=$("${GIT[@]}" rev-parse "ch$ch^{tree}")
	ext2_kbuild
	local stamp; stamp="$tree $(cat "$KOBJ/config.stamp") ext2:$EXT2_OPT"
	local kunit=()
	if [ "$VARIANT" = kunit ]; then
		[ "$ch" != 1 ] || die "chapter 1 has no reservation windows: its kernel has no KUnit tests"
		kunit=(COURSE_KUNIT=1 COURSE_CH="${ch%%.*}")
		stamp="$stamp kunit:$(sha1sum < "$TOP/kunit/rsv_test.c" | cut -c1-16)"
		[ "${KUNIT_MUTANT:-0}" = 1 ] && stamp="$stamp mutant"
	fi
	if [ -z "$dirty" ] && [ "$(cat "$dest/stamp" 2>/dev/null)" = "$stamp" ] &&
	   [ -f "$dest/bzImage" ] && [ -f "$dest/vmlinux" ]; then
		note "chapter $ch is up to date: $dest"
		return 0
	fi
	if [ -z "$dirty" ]; then
		[ -z "$("${GIT[@]}" status --porcelain --untracked-files=no)" ] ||
			die "build/linux has local changes on $("${GIT[@]}" describe --tags --always); stash them (git -C build/linux stash) or build that chapter"
		"${GIT[@]}" checkout -q "ch$ch"
	fi
	[ "$VARIANT" != kunit ] || kunit_source "$ch"
	say "building chapter $ch's kernel${VARIANT:+ ($VARIANT variant$([ "${KUNIT_MUTANT:-0}" = 1 ] && echo ", mutant"), objects in $KOBJ)}"
	# Recompile fs/ext2 every time, so its warnings are seen every time.
	rm -f "$KOBJ"/fs/ext2/*.o
	local log=$BUILD/logs/kernel-ch$ch${VARIANT:+-$VARIANT}.log
	make_with_progress "$log" all COURSE_EXT2_CFLAGS="$EXT2_OPT" "${kunit[@]}"
	if grep -E '^[^ ]*fs/ext2/[^ ]*: warning:' "$log" >&2; then
		[ "${LAB:-0}" = 1 ] || die "chapter $ch: fs/ext2 compiles with warnings (above)"
		note "your fs/ext2 compiles with the warnings above: worth reading"
	fi
	mkdir -p "$dest/src/fs"
	cp "$KOBJ/arch/x86/boot/bzImage" "$KOBJ/vmlinux" "$dest/"
	rm -rf "$dest/src/fs/ext2" && cp -r "$KSRC/fs/ext2" "$dest/src/fs/ext2"
	[ -n "$dirty" ] && stamp="dirty"
	echo "$stamp" > "$dest/stamp"
	note "chapter $ch: $dest/bzImage $dest/vmlinux"
}

# today: fs/ext2 and the header it shares with user space, from Debian's
# newest kernel source, for scripts/mainline-diff.sh --today. Only those
# files: the course compares with this tree, it never builds it.
today() {
	local ver
	ver=$(dpkg-query -W -f='${Version}' "$TODAY_PKG" 2>/dev/null) ||
		die "$TODAY_PKG is not installed: apt-get install $TODAY_PKG (make test installs it)"
	[ "$(cat "$TODAY/version" 2>/dev/null)" = "$TODAY_PKG $ver" ] && return 0
	[ -f "$TODAY_TARBALL" ] || die "$TODAY_TARBALL is missing: apt-get install --reinstall $TODAY_PKG"
	say "unpacking fs/ext2 of $TODAY_PKG $ver into $TODAY (about 25 s)"
	rm -rf "$TODAY" "$TODAY.tmp" && mkdir -p "$TODAY.tmp"
	tar -C "$TODAY.tmp" -xJf "$TODAY_TARBALL" --wildcards "$TODAY_PKG/fs/ext2/*" "$TODAY_PKG/include/linux/ext2_fs.h"
	mv "$TODAY.tmp/$TODAY_PKG" "$TODAY" && rmdir "$TODAY.tmp"
	echo "$TODAY_PKG $ver" > "$TODAY/version"
	note "mainline today: $TODAY_PKG $ver, fs/ext2 in $TODAY"
}

case ${1:-} in
prepare) extract; apply_series ;;
build) build "${2:?usage: kernel.sh build N}" ;;
today) today ;;
*) die "usage: kernel.sh prepare | build N | today" ;;
esac
