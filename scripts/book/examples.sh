#!/usr/bin/env bash
# Real outputs for the book's tool chapter, made by running the commands
# (shown after the prompt of where they run: 'host$ ' or 'guest# '):
#   scripts/book/examples.sh           write book/examples/ (committed)
#   scripts/book/examples.sh --check   write build/examples/fresh/ and compare
#                                      it with book/examples/, numbers aside
# One chapter-4 guest runs the guest tools (initramfs/tests/examples.sh),
# the host reads its disk with e2layout, and gdb runs book/examples.gdb
# against another guest. make test runs this into build/examples and checks
# the committed files still match, numbers aside: when a tool's output
# changes, rerun this script and commit book/examples/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check=0 dir=$TOP/book/examples
[ "${1:-}" = --check ] && check=1 dir=$BUILD/examples/fresh
CH=4
need_kernel $CH
rm -rf "$BUILD/examples/fresh"
mkdir -p "$dir" "$BUILD/examples"
tmp=$BUILD/examples
"$TOP/scripts/initramfs.sh"
say "examples: a chapter-4 guest runs the guest tools"
# The command lines qemu.sh prints, with this machine's paths made relative.
CH=$CH MNT=reservation RUN=examples DISK="$tmp/examples.img" LOG="$tmp/examples.log" \
	"$TOP/scripts/qemu.sh" test 2>&1 | sed "s|$TOP/||g; s/\x1b\[[0-9;]*m//g; s/^\\$ /host$ /" > "$tmp/qemu.txt" ||
	die "the examples guest failed: see $tmp/examples.log"
grep -q '^course: finished' "$tmp/examples.log" || die "the examples guest did not finish: $tmp/examples.log"
{ echo 'host$ CH=4 MNT=reservation RUN=examples scripts/qemu.sh test'; cat "$tmp/qemu.txt"; } > "$dir/qemu.txt"
tr -d '\r' < "$tmp/examples.log" | awk -v dir="$dir" '
	/^=== end$/ { f = ""; next }
	/^=== / { f = dir "/" $2 ".txt"; printf "" > f; next }
	f { print >> f }'
for n in writers rsvctl rsvctl-errors torture bounds grow; do
	[ -s "$dir/$n.txt" ] || die "the guest printed no '$n' example: see $tmp/examples.log"
done
E=$(e2layout)
{ echo 'host$ build/e2layout build/disk-ch4.img'; "$E" "$tmp/examples.img"; } > "$dir/e2layout.txt"
first=$("$E" -l "$tmp/examples.img" | awk 'NR == 1 || $5 < m { m = $5 } END { print m - m % 32 }')
{ echo "host\$ build/e2layout -m $first:128:32 build/disk-ch4.img"; "$E" -m "$first:128:32" "$tmp/examples.img"; } > "$dir/e2layout-map.txt"
{ echo 'host$ make help'; make -s -C "$TOP" help; } > "$dir/make-help.txt"
# The full bench's plan and time estimate (bench/findings.md), from a results
# directory of its own, so that no earlier run's times come into it.
rm -rf "$tmp/bench-plan"
{ echo 'host$ PLAN=1 bench/bench.sh full'
  PLAN=1 RESULTS="$tmp/bench-plan" "$TOP/bench/bench.sh" full 2>&1 | sed 's/\x1b\[[0-9;]*m//g'; } > "$dir/bench-plan.txt"
rm -rf "$tmp/bench-plan"
# Chapter 1 beside chapter 4 (chapter 1's text): the same 4 writers of
# 16 MiB, each file twice its colour slot, without windows and with them.
for c in 1 4; do
	say "examples: 4 writers on chapter $c, for e2layout"
	need_kernel $c
	m=; [ $c = 4 ] && m=reservation
	CH=$c MNT=$m RUN=writers ARGS=4:16 DISK="$tmp/layout-ch$c.img" LOG="$tmp/layout-ch$c.log" \
		"$TOP/scripts/qemu.sh" test >/dev/null 2>&1 && grep -q '^course: finished' "$tmp/layout-ch$c.log" ||
		die "the chapter $c writers guest failed: see $tmp/layout-ch$c.log"
	{ echo "host\$ build/e2layout build/disk-ch$c.img"; "$E" "$tmp/layout-ch$c.img"; } > "$dir/e2layout-ch$c.txt"
	rm -f "$tmp/layout-ch$c.img"
done
# ext2 in brief (chapter 0): the guest's disk as mke2fs makes it, and its
# first two block groups as dumpe2fs reads them back.
rm -f "$tmp/brief.img"
mke2fs -q -F -t ext2 -b 4096 "$tmp/brief.img" 512M >/dev/null
{ echo 'host$ mke2fs -q -t ext2 -b 4096 disk.img 512M; dumpe2fs disk.img'
  dumpe2fs "$tmp/brief.img" 2>/dev/null | grep -E '^(Block count|Block size|Blocks per group|Inodes per group|Inode size):'
  echo '...'
  dumpe2fs "$tmp/brief.img" 2>/dev/null | sed -n '/^Group 0:/,/^Group 2:/p' | sed '$d'
  echo '...'; } > "$dir/dumpe2fs.txt"
rm -f "$tmp/brief.img"
{ echo "host$ git -C build/linux diff --stat ch0 ch$NCH -- fs/ext2"; git -C "$KSRC" diff --stat ch0 "ch$NCH" -- fs/ext2; } > "$dir/diffstat.txt"
{ echo "host$ scripts/mainline-diff.sh $NCH"; "$TOP/scripts/mainline-diff.sh" "$NCH"; } > "$dir/mainline-diff.txt"
say "examples: gdb against a second guest"
WALK=$TOP/book/examples.gdb GDB_PORT=$(free_port) CH=$CH \
	"$TOP/scripts/walkthrough.sh" batch >/dev/null 2>&1 || die "the gdb example failed: see $BUILD/walkthrough/examples.txt"
gdb_trim "$BUILD/walkthrough/examples.txt" > "$dir/gdb.txt"
grep -q 'OK: sorted by start' "$dir/gdb.txt" || die "rsv-list did not report in the gdb example: $dir/gdb.txt"
# The walkthroughs' transcripts, as the chapters quote them (and draw them:
# scripts/book/windows.sh). Their numbers depend on how the writers
# interleaved; make test's gdb group compares each one's shape (where it
# stopped, what the checks said) with a fresh run's. Chapter 5's loops
# until an insertion rotates the tree, so its number of stops varies: the
# book draws its tree instead (below).
if [ $check = 0 ]; then
	for c in $QUOTED_WALKS; do
		say "examples: chapter $c's walkthrough, for its transcript"
		need_kernel "$c"
		GDB_PORT=$(free_port) CH=$c "$TOP/scripts/walkthrough.sh" batch >/dev/null 2>&1 ||
			die "chapter $c's walkthrough failed: see $BUILD/walkthrough/ch$c.txt"
		walk_trim "$BUILD/walkthrough/ch$c.txt" > "$dir/walk-ch$c.gdb.txt"
		# The picture rsv-map drew at the walkthrough's stop, where it drew one.
		if [ -f "$BUILD/walkthrough/ch$c-map.svg" ]; then
			cp "$BUILD/walkthrough/ch$c-map.svg" "$dir/walk-ch$c-map.svg"
		fi
	done
fi
# The tree chapter's picture: the tree its walkthrough saved at ext2_statfs.
# Its shape depends on the writers' order, so --check does not compare it,
# and does not make it: make test's gdb group runs that walkthrough already.
if [ "$NCH" -ge 5 ] && [ $check = 0 ]; then
	say "examples: chapter 5's walkthrough, for the picture of its tree"
	need_kernel 5
	GDB_PORT=$(free_port) CH=5 "$TOP/scripts/walkthrough.sh" batch >/dev/null 2>&1 ||
		die "chapter 5's walkthrough failed: see $BUILD/walkthrough/ch5.txt"
	cp "$BUILD/walkthrough/ch5-tree.json" "$dir/ch5-tree.json"
fi
note "examples in $dir: $(ls "$dir" | paste -sd' ')"

[ $check = 1 ] || exit 0
# Same shape: the same files, the same lines, once every number is N and
# every run of blank space one space (columns widen with their numbers).
mask() { sed -E 's/0x[0-9a-f]+/0xN/g; s/[0-9]+/N/g; s/[[:space:]]+/ /g' "$1"; }
bad=0
for f in "$TOP"/book/examples/*.txt "$dir"/*.txt; do
	n=$(basename "$f")
	case $n in walk-*) continue ;; esac   # compared by shape: tests/run.sh's gdb group
	if [ ! -f "$TOP/book/examples/$n" ] || [ ! -f "$dir/$n" ]; then
		note "examples: $n exists on one side only"; bad=1; continue
	fi
	if ! diff <(mask "$TOP/book/examples/$n") <(mask "$dir/$n") >"$BUILD/examples/$n.diff"; then
		note "examples: book/examples/$n no longer matches what the tools print:"
		head -20 "$BUILD/examples/$n.diff" >&2; bad=1
	fi
done
# What chapter 1 says of its two e2layout examples, on this fresh run:
# chapter 1's files in hundreds of pieces, chapter 4's in a handful.
mean() { sed -n 's/.*extents\/file mean \([0-9.]*\).*/\1/p' "$1"; }
m1=$(mean "$dir/e2layout-ch1.txt") m4=$(mean "$dir/e2layout-ch4.txt")
if ! awk -v a="$m1" -v b="$m4" 'BEGIN { exit !(a >= 100 && b > 0 && b <= 20) }'; then
	note "examples: chapter 1 says its 4 writers' files come in hundreds of pieces and chapter 4's in a handful; this run: $m1 and $m4 per file"
	bad=1
fi
[ $bad = 0 ] || die "the book's examples drifted from the tools: run scripts/book/examples.sh and commit book/examples/"
note "examples: book/examples/ matches the tools' real output (numbers aside)"
