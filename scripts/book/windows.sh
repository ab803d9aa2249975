#!/usr/bin/env bash
# Pictures of reservation windows, drawn as SVG from a walkthrough's real
# transcript (book/examples/walk-chN.gdb.txt), never by hand:
#   scripts/book/windows.sh list TRANSCRIPT OUT.svg
#       chapter 2: the two rsv-list tables between '$6 = ' and 'rsv-check'
#       (before and after 'finish'), one row each: the windows in block
#       order, not to scale, each gap labelled with its length in blocks,
#       the window that moved in orange, the goal ($8) marked, and the
#       search's cursor: where find_next_reservable_window() started it
#       and from which window (the three values printed at its
#       breakpoint), and where it stopped (the value printed after its
#       'finish')
#   scripts/book/windows.sh grow TRANSCRIPT OUT.svg
#   scripts/book/windows.sh grow-list TRANSCRIPT   (the same windows as text,
#       "SIZE GOAL" a line: what make test checks of a fresh run)
#       chapter 4: each window of the streaming file as the watchpoint on
#       rsv_goal_size reported it, a bar per window, its height the size
#       (doubling: a log scale), labelled with the size and the goal block
#   scripts/book/windows.sh extend TRANSCRIPT OUT.svg
#       chapter 6: the file's one window at the two rsv-list tables (its
#       first stop, and at close), block by block, the used blocks filled
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
usage="usage: windows.sh list|grow|extend TRANSCRIPT OUT.svg, or windows.sh grow-list TRANSCRIPT"
kind=${1:?$usage} in=${2:?$usage}
[ "$kind" = grow-list ] || out=${3:?$usage}
[ -s "$in" ] || die "$in is missing or empty: run scripts/book/examples.sh to save the walkthrough transcripts"

# grow_windows TRANSCRIPT: chapter 4's streaming file's windows, one line
# each, "SIZE GOAL": the first at its first stop (the size rsv_goal_size
# printed, the goal in the breakpoint's line), then one per watchpoint
# report (the new size, and the goal of the next alloc_new_reservation
# frame gdb shows; "-" if none came).
grow_windows() {
	awk '
	function grp_goal() { match($0, /grp_goal@entry=[0-9]+/); return substr($0, RSTART + 15, RLENGTH - 15) + 0 }
	/rsv_goal_size = [0-9]+/ && !nw { match($0, /rsv_goal_size = [0-9]+/); size[++nw] = substr($0, RSTART + 16, RLENGTH - 16) + 0 }
	/^Thread .* hit Breakpoint 1, alloc_new_reservation/ && first == "" { first = grp_goal() }
	/^New value = / { size[++nw] = $4 + 0; want = nw }
	/^alloc_new_reservation \(/ && want { start[want] = grp_goal(); want = 0 }
	END {
		if (nw) start[1] = first
		for (i = 1; i <= nw; i++) print size[i], (i in start && start[i] != "" ? start[i] : "-")
	}' "$1"
}

# Styles shared by both pictures.
head='<svg xmlns="http://www.w3.org/2000/svg" font-family="DejaVu Sans, sans-serif" font-size="12"'

case $kind in
list)
	sed -n '/^\$6 = /,/^rsv-check/p' "$in" | awk -v head="$head" '
	# The goal: a red triangle on the block line at x, its number below.
	function mark_goal(x, y) {
		printf "<path d=\"M %d %d l -6 -12 h 12 z\" fill=\"#c00\"/><text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#c00\">goal %d</text>\n", x, y + 20, x, y + 60, goal
	}
	# The cursor: a blue mark under the block line at x, its label below.
	function mark_cursor(x, y, text) {
		printf "<path d=\"M %d %d l -6 12 h 12 z\" fill=\"#1b63b5\"/><text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#1b63b5\">%s</text>\n", x, y + 20, x, y + 74, text
	}
	# Where block b falls on row r: in a gap (near its left end, as the
	# goal is drawn) or inside a window (in proportion).
	function xpos(r, b,   k, x) {
		x = x0
		for (k = 1; k <= n[r]; k++) {
			if (b < s[r, k]) return x + 4
			x += gw
			if (b <= e[r, k]) return x + int((b - s[r, k]) * bw / (e[r, k] - s[r, k] + 1))
			x += bw
		}
		return x + 4
	}
	/^\$8 = / { goal = $3 }
	# At the breakpoint on the walk: the cursor, then the window it
	# starts from; after its finish, the cursor where the walk stopped.
	/hit Breakpoint [0-9]+, find_next_reservable_window/ { walk = 1; nv = 0; next }
	walk == 1 && /^\$[0-9]+ = / { v[++nv] = $3; if (nv == 3) walk = 2; next }
	walk == 2 && /^Value returned is/ { walk = 3; next }
	walk == 3 && /^\$[0-9]+ = / { stop = $3; walk = 4; next }
	/reservation windows? \(/ { t++; n[t] = 0; table = 1; next }
	/^  OK: / { table = 0 }
	table && $1 ~ /^[0-9]+$/ && NF == 6 { k = ++n[t]; s[t, k] = $1; e[t, k] = $2; ino[t, k] = $6 }
	END {
		if (t < 2 || goal == "") { print "windows.sh: need two rsv-list tables and $8 (the goal)" > "/dev/stderr"; exit 1 }
		if (walk != 4) { print "windows.sh: need the stop in find_next_reservable_window (3 values) and the cursor after its finish" > "/dev/stderr"; exit 1 }
		cur = v[1]; hs = v[2]; he = v[3]
		bw = 96; gw = 64; x0 = 110; rowh = 100
		w = x0 + n[1] * (bw + gw) + gw
		printf "%s width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", head, w, 2 * rowh + 30, w, 2 * rowh + 30
		label[1] = "before finish"; label[2] = "after finish"
		for (r = 1; r <= 2; r++) {
			y = 20 + (r - 1) * rowh
			printf "<text x=\"0\" y=\"%d\" font-weight=\"bold\">%s</text>\n", y + 24, label[r]
			printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n", x0, y + 20, w - 8, y + 20
			prev = -1; x = x0
			for (k = 1; k <= n[r]; k++) {
				# The gap before this window: blocks no window holds.
				from = prev + 1; gap = s[r, k] - from
				printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%d</text>\n", x + gw / 2, y + 14, gap
				if (r == 1 && goal >= from && goal < s[r, k])
					mark_goal(x + 4, y)
				x += gw
				moved = (r == 2 && s[2, k] != s[1, k]) || (r == 1 && s[2, k] != s[1, k])
				printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"24\" rx=\"3\" fill=\"%s\" stroke=\"#333\"/>\n",
					x, y + 8, bw, moved ? "#f4a259" : "#9cc3e4"
				printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d-%d</text>\n", x + bw / 2, y + 25, s[r, k], e[r, k]
				printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#333\">inode %d</text>\n", x + bw / 2, y + 46, ino[r, k]
				x += bw; prev = e[r, k]
			}
			printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">...</text>\n", x + gw / 2, y + 14
			if (r == 1 && goal > prev)
				mark_goal(x + 4, y)
		}
		# The walk: its starting window outlined (none: the list head),
		# the cursor where it started, and where it stopped.
		x = x0; y = 20
		for (k = 1; k <= n[1]; k++) {
			x += gw
			if (s[1, k] == hs && e[1, k] == he)
				printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"30\" rx=\"5\" fill=\"none\" stroke=\"#1b63b5\" stroke-width=\"3\" stroke-dasharray=\"6 3\"/>\n", x - 4, y + 5, bw + 8
			x += bw
		}
		mark_cursor(xpos(1, cur), 20, "cursor starts " cur)
		mark_cursor(xpos(2, stop), 20 + rowh, "cursor stops " stop)
		printf "<text x=\"0\" y=\"%d\" fill=\"#1b63b5\" font-size=\"11\">%s</text>\n", 2 * rowh + 24,
			(hs == 0 && he == 0 ? "the walk starts at the list head" : "dashed: the window the walk starts from, " hs "-" he)
		print "</svg>"
	}' > "$out.tmp"
	;;
grow-list)
	grow_windows "$in"
	exit
	;;
grow)
	grow_windows "$in" | awk -v head="$head" '
	{ size[++nw] = $1; if ($2 != "-") start[nw] = $2 }
	END {
		if (nw < 2) { print "windows.sh: no watchpoint reports in the transcript" > "/dev/stderr"; exit 1 }
		bw = 62; gap = 14; x0 = 40; base = 230; unit = 20   # unit: pixels per doubling
		w = x0 + nw * (bw + gap) + 10
		printf "%s width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", head, w, base + 50, w, base + 50
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n", x0 - 6, base, w - 4, base
		for (i = 1; i <= nw; i++) {
			h = (log(size[i]) / log(2) - 2) * unit; x = x0 + (i - 1) * (bw + gap)
			printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#333\"/>\n",
				x, base - h, bw, h, (size[i] >= 1024 ? "#f4a259" : "#9cc3e4")
			printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">%d</text>\n", x + bw / 2, base - h - 6, size[i]
			if (start[i] != "")
				printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#333\" font-size=\"10\">goal %d</text>\n", x + bw / 2, base + 16, start[i]
		}
		printf "<text x=\"%d\" y=\"%d\" fill=\"#555\" font-size=\"11\">window size in blocks (each bar: a new window; height: doublings)</text>\n", x0, base + 38
		print "</svg>"
	}' > "$out.tmp"
	;;
extend)
	# The first two rsv-list tables: one window, before and after; each
	# block a square, the blocks the file allocated from it (hits, counted
	# from the window's start) filled.
	awk -v head="$head" '
	/reservation windows? \(/ { t++; next }
	t && t <= 2 && $1 ~ /^[0-9]+$/ && NF == 6 && !(t in s) { s[t] = $1; e[t] = $2; h[t] = $5; ino[t] = $6 }
	END {
		if (!(1 in s) || !(2 in s)) { print "windows.sh: need two rsv-list tables" > "/dev/stderr"; exit 1 }
		first = s[1] < s[2] ? s[1] : s[2]; last = e[1] > e[2] ? e[1] : e[2]
		last += 3; sq = 34; x0 = 150; w = x0 + (last - first + 1) * sq + 20
		printf "%s width=\"%d\" height=\"190\" viewBox=\"0 0 %d 190\">\n", head, w, w
		label[1] = "first stop"; label[2] = "at close"
		for (r = 1; r <= 2; r++) {
			y = 20 + (r - 1) * 80
			printf "<text x=\"0\" y=\"%d\" font-weight=\"bold\">%s</text>\n", y + 22, label[r]
			printf "<text x=\"0\" y=\"%d\" fill=\"#333\" font-size=\"11\">%d blocks, %d used</text>\n", y + 38, e[r] - s[r] + 1, h[r]
			for (b = first; b <= last; b++) {
				x = x0 + (b - first) * sq
				inw = b >= s[r] && b <= e[r]; used = inw && b - s[r] < h[r]
				printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\"/>\n", x + 2, y + 8, sq - 4, sq - 4,
					(used ? "#f4a259" : (inw ? "#dceaf6" : "#fff")), (inw ? "#333" : "#ccc")
			}
			printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#1b63b5\" stroke-width=\"3\"/>\n",
				x0 + (s[r] - first) * sq, y + 4, (e[r] - s[r] + 1) * sq, sq + 4
		}
		printf "<text x=\"%d\" y=\"180\" fill=\"#555\" font-size=\"11\">blocks %d-%d, inode %d</text>\n", x0, first, last, ino[1]
		print "</svg>"
	}' "$in" > "$out.tmp"
	;;
*) die "$usage" ;;
esac
mv "$out.tmp" "$out"
note "$out: drawn from $in"
