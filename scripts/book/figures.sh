#!/usr/bin/env bash
# What the chapters refer to besides the repository's own files, made from
# saved real data into build/book/ (shared by scripts/book.sh and
# scripts/slides.sh; a picture newer than its data and its drawing script
# is kept):
#   symbols.md       the symbol map (scripts/book/symbols.sh, which checks it)
#   group0.svg       chapter 0: block group 0 (book/examples/dumpe2fs.txt)
#   ch2-windows.svg  chapter 2: windows before and after a placement
#   ch3-extents.png  chapter 3: extents per file, 8- against 128-block windows
#                    (results/layout.csv, the bench's published layout runs)
#   ch4-grow.svg     chapter 4: the doublings (their walkthrough transcripts)
#   ch5-tree.png     chapter 5: the tree at ext2_statfs (book/examples/ch5-tree.json)
#   ch6-extend.svg   chapter 6: a window extended in place (its walkthrough)
set -euo pipefail
. "$(dirname "$0")/../../bench/lib.sh"
out=$BUILD/book
mkdir -p "$out"
ex=$TOP/book/examples d=$TOP/scripts/book
"$d/symbols.sh" "$out/symbols.md" >/dev/null
# draw OUT DATA SCRIPT [ARGS...]: SCRIPT [ARGS...] DATA OUT, unless OUT is
# newer than DATA and SCRIPT (a function of this file: newer than it).
draw() {
	local o=$1 data=$2 script=$3 code=$3; shift 3
	declare -F "$script" >/dev/null && code=$0
	[ "$o" -nt "$data" ] && [ "$o" -nt "$code" ] && return
	"$script" "$@" "$data" "$o"
}
draw "$out/group0.svg" "$ex/dumpe2fs.txt" "$d/group.sh"
draw "$out/ch2-windows.svg" "$ex/walk-ch2.gdb.txt" "$d/windows.sh" list
draw "$out/ch4-grow.svg" "$ex/walk-ch4.gdb.txt" "$d/windows.sh" grow
draw "$out/ch5-tree.png" "$ex/ch5-tree.json" "$d/tree.sh"
draw "$out/ch6-extend.svg" "$ex/walk-ch6.gdb.txt" "$d/windows.sh" extend
# Chapter 3's curves: the medians of results/layout.csv for chapter 2,
# chapter 3 and chapter 3 with 128-block windows, in lines.gp's format.
extents3() {
	local data=$out/ch3-extents.dat
	medians "$1" extents_mean | awk '$1 == "ch2" || $1 == "ch3" || $1 == "ch3-rsv128"' | sort -s -k1,1 > "$data"
	[ -s "$data" ] || die "no chapter 2 or 3 layout rows in $1"
	gnuplot -e "data='$data'; names='ch2 ch3 ch3-rsv128'; ylab='mean extents per file (log scale)'; out='$2'; logy=1" "$TOP/bench/lines.gp"
}
draw "$out/ch3-extents.png" "$TOP/results/layout.csv" extents3
