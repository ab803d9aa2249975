#!/usr/bin/env bash
# A picture of block group 0, drawn as SVG from dumpe2fs's real output
# (book/examples/dumpe2fs.txt, made by scripts/book/examples.sh):
#   scripts/book/group.sh DUMPE2FS.txt OUT.svg
# Top: the whole group, cut into the 16 colour slots ext2_find_near()
# picks from by pid (fs/ext2/inode.c). Bottom: the start of the group,
# magnified: superblock and descriptors, reserved descriptor blocks, the
# two bitmaps, the inode table, the blocks mke2fs used (on the course's
# 512 MiB disk, debugfs says: 547 for /, 548-551 for lost+found, 552 for
# the resize inode's double indirect block), then the first free block.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
in=${1:?usage: group.sh DUMPE2FS.txt OUT.svg} out=${2:?usage: group.sh DUMPE2FS.txt OUT.svg}
[ -s "$in" ] || die "$in is missing or empty: run scripts/book/examples.sh"
awk '
# "A-B" or "A" to the first and last block.
function range(s, which,   p) { split(s, p, "-"); return which == 1 ? p[1] + 0 : (p[2] == "" ? p[1] + 0 : p[2] + 0) }
function box(x, y, w, h, fill) { printf "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" stroke=\"#333\"/>\n", x, y, w, h, fill }
function text(x, y, s, anchor, extra) { printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"%s\"%s>%s</text>\n", x, y, anchor, extra, s }
/^Blocks per group:/ { bpg = $4 }
/^Group 0:/ { g0 = 1; next }
/^Group 1:/ { g0 = 0 }
g0 && /Primary superblock at/ { sb = $4 + 0; sub(/,$/, "", sb); gd = $NF }
g0 && /Reserved GDT blocks at/ { rgdt = $NF }
g0 && /Block bitmap at/ { bb = $4 + 0 }
g0 && /Inode bitmap at/ { ib = $4 + 0 }
g0 && /Inode table at/ { it = $4 }
g0 && /Free blocks:/ { free = $3 }
END {
	if (!bpg || it == "" || free == "") { print "group.sh: no group 0 in the dumpe2fs output" > "/dev/stderr"; exit 1 }
	W = 720; x0 = 20; slot = bpg / 16
	print "<svg xmlns=\"http://www.w3.org/2000/svg\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\" width=\"760\" height=\"270\" viewBox=\"0 0 760 270\">"
	# The whole group: 16 slots.
	text(x0, 16, sprintf("block group 0: blocks 0-%d, 16 colour slots of %d blocks (8 MiB)", bpg - 1, slot), "start", " font-weight=\"bold\"")
	for (i = 0; i < 16; i++) {
		box(x0 + i * W / 16, 26, W / 16, 30, i % 2 ? "#dceaf6" : "#c2dbef")
		text(x0 + (i + 0.5) * W / 16, 46, i, "middle", "")
	}
	meta = range(it, 2) + 1
	box(x0, 26, meta * W / bpg, 30, "#555")
	text(x0 + W / 2, 74, "pid % 16 picks the slot where a new file looks for its first block", "middle", " fill=\"#333\"")
	# The magnified start of slot 0.
	end = range(free, 1) + 40; s = (W) / end; y = 120
	printf "<path d=\"M %d 56 L %d %d M %.1f 56 L %d %d\" stroke=\"#999\" stroke-dasharray=\"4 3\" fill=\"none\"/>\n", x0, x0, y, x0 + end * W / bpg, x0 + W, y
	text(x0, y - 8, sprintf("the start of slot 0, blocks 0-%d, magnified", end - 1), "start", " font-weight=\"bold\"")
	n = split(sprintf("%d-%d:#333:superblock and descriptors|%s:#777:reserved for growth|%d-%d:#b35806:block bitmap|%d-%d:#e08214:inode bitmap|%s:#8073ac:inode table|%d-%d:#ddd:/, lost+found, the resize inode|%d-%d:#fff:free", \
		sb, range(gd, 2), rgdt, bb, bb, ib, ib, it, range(it, 2) + 1, range(free, 1) - 1, range(free, 1), end - 1), part, "|")
	# One label per line under the bar, a leader down to each. Labels
	# left of the middle read rightwards from their leader, the others
	# leftwards; ordering the lines so (left ones from the right, right
	# ones from the left) keeps every leader clear of the other labels.
	left = 0
	for (i = 1; i <= n; i++) {
		split(part[i], f, ":"); mid[i] = x0 + (range(f[1], 1) + range(f[1], 2) + 1) / 2 * s
		if (mid[i] < W / 2) left++
	}
	for (i = 1; i <= n; i++) line[i] = mid[i] < W / 2 ? left - i : i - 1
	for (i = 1; i <= n; i++) {
		split(part[i], f, ":"); a = range(f[1], 1); b = range(f[1], 2)
		box(x0 + a * s, y, (b - a + 1) * s, 30, f[2])
		ly = y + 48 + line[i] * 15
		lx = mid[i]
		printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\"/>\n", lx, y + 30, lx, ly - 4
		text(lx < W / 2 ? lx + 4 : lx - 4, ly, sprintf("%s (%s)", f[3], a == b ? a : a "-" b), lx < W / 2 ? "start" : "end", " font-size=\"11\"")
	}
	print "</svg>"
}' "$in" > "$out.tmp"
mv "$out.tmp" "$out"
note "$out: drawn from $in"
