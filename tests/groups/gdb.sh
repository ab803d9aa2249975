# shellcheck shell=bash
# tests/groups/gdb.sh: the suite's 'gdb' group (tests/run.sh gdb). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_gdb.

# --- gdb: each walkthrough runs in batch and agrees with the disk
W=$BUILD/walkthrough
# run_walk OUT CH [VAR=value...]: run walkthrough/chCH.gdb (or WALK=FILE) in
# batch against a fresh guest, on a port of its own; $rc is its exit status.
run_walk() {
	local out=$1 c=$2; shift 2
	rc=0
	env "$@" GDB_PORT="$(free_port)" CH="$c" \
		"$TOP/scripts/walkthrough.sh" batch >"$T/$out.out" 2>&1 || rc=$?
}
# windows_seen TRANSCRIPT: the window count of each rsv-list in it.
windows_seen() { sed -n 's/^ext2 on vda: \([0-9]*\) reservation windows\{0,1\}.*/\1/p' "$1"; }
# same_windows "A B": the close race's guest passed, and gdb saw as many
# windows after the race (B) as before it (A).
same_windows() {
	walk_guest_ok close-race '2000 files' && set -- $1 && [ $# = 2 ] && [ "$1" = "$2" ]
}
# walk_quoted N: the transcript chapter N quotes (book/examples/, saved by
# scripts/book/examples.sh) stops where this run stopped and says what its
# checks said, numbers aside.
walk_quoted() {
	t "ch$1 walkthrough: the transcript chapter $1 quotes (book/examples/walk-ch$1.gdb.txt) has this run's shape" \
		diff <(walk_shape "$TOP/book/examples/walk-ch$1.gdb.txt") <(walk_trim "$W/ch$1.txt" | walk_shape /dev/stdin)
}
# walk_clean NAME: walkthrough NAME left a clean guest log and a clean disk.
walk_clean() { log_clean "$W/$1-guest.log" && e2fsck -fn "$W/$1.img"; }
# walk_guest_ok NAME LINE: the last run_walk ended well, and its guest
# reported LINE and no failed check.
walk_guest_ok() {
	[ "$rc" = 0 ] && grep -q "^ok - $2" "$W/$1-guest.log" && ! grep -q '^not ok' "$W/$1-guest.log"
}

# walk CH KIND: the walkthrough of chapters 0 and 2 (4 writers holding their
# files open); KIND is how rsv-list names the design ('rb-tree', 'sorted list').
walk() {
	local c=$1 kind=$2 txt=$W/ch$1.txt
	run_walk "walk$c" "$c"
	t "ch$c walkthrough: the guest finished (QEMU exit 0)" bash -c "[ $rc = 0 ] || { tail '$T/walk$c.out'; false; }"
	t "ch$c walkthrough: break alloc_new_reservation hits, with readable arguments" \
		grep -qE 'hit Breakpoint 1, alloc_new_reservation \(my_rsv=[^,]*0x[0-9a-f]+, grp_goal=[^,]*[0-9]+,' "$txt"
	t "ch$c walkthrough: finish returns from alloc_new_reservation" grep -q '^Value returned is' "$txt"
	t "ch$c walkthrough: rsv-list reads the $kind and finds windows sorted and disjoint" \
		bash -c "grep -qE '^ext2 on vda: [1-9][0-9]* reservation windows? \($kind' '$txt' && ! grep -q 'BAD:' '$txt' && [ \$(grep -c '  OK: sorted by start' '$txt') -ge 4 ]"
	t "ch$c walkthrough: every rsv-check passed" \
		bash -c "[ \$(grep -c '^rsv-check: OK' '$txt') -ge 3 ] && ! grep -q 'Error' '$txt'"
	if [ "$c" = 0 ]; then
		t "ch0 walkthrough: rsv-map draws group 0 with mainline's windows over their files' blocks" \
			bash -c "grep -q '^ext2 on vda, group 0 ' '$txt' && grep '^  windows' '$txt' | tail -1 | grep -q '[a-zA-Z]'"
	fi
	t "ch$c walkthrough: the guest's checks passed" walk_guest_ok "ch$c" "4 files read back byte-exact"
	t "ch$c walkthrough: guest log clean, e2fsck clean" walk_clean "ch$c"
	# The independent source: what each file got on disk. A window belongs to
	# an open file whose last block was allocated from it, so that block must
	# lie inside the window rsv-list reported for that inode.
	"$E2LAYOUT" -l "$W/ch$c.img" > "$T/walk$c.layout" 2>&1
	t "ch$c walkthrough: rsv-list's windows agree with the blocks on disk" \
		"$TOP/tests/windows-vs-disk.sh" "$W/ch$c-windows.json" "$T/walk$c.layout" 4
}

group_gdb() {
	section "gdb: walkthroughs and rsv-list"
	walk 0 rb-tree
	# Chapter 1 has no windows, and rsv-list must say so; rsv-map draws
	# its group, and where the files alternate, block by block, the map
	# (kernel memory) and the disk (libext2fs) name the same files.
	run_walk walk1 1
	t "ch1 walkthrough: rsv-list says this kernel has no reservation windows" \
		bash -c "[ $rc = 0 ] && grep -q 'has no reservation windows' '$W/ch1.txt'"
	t "ch1 walkthrough: rsv-map draws group 0, then where the files alternate" \
		bash -c "[ \$(grep -c '^ext2 on vda, group 0 (blocks 0\.\.32767)' '$W/ch1.txt') = 2 ] && grep -q 'one cell = 1 block' '$W/ch1.txt' && ! grep -q 'Error' '$W/ch1.txt'"
	t "ch1 walkthrough: the guest's checks passed" walk_guest_ok ch1 "4 files read back byte-exact"
	t "ch1 walkthrough: guest log clean, e2fsck clean" walk_clean ch1
	t "ch1 walkthrough: rsv-map's picture of the interleaved blocks names, block by block, the files the disk gives them to" \
		"$TOP/tests/map-vs-disk.sh" "$W/ch1-map.json" "$W/ch1.img" "$E2LAYOUT"
	if [ "$NCH" -ge 2 ]; then
		walk 2 "sorted list"
		# What chapter 2 says of its stop 31 (and draws): the goal is the
		# block after the old window, the search's cursor starts there,
		# from a window that ends before it (or the list head: 0, 0), and
		# the new window starts at the cursor or further on ($6, $7: the
		# old window; $8: grp_goal; $9: the cursor; $10, $11: the walk's
		# first window; $13: the cursor at the walk's end; $15: new start).
		t "ch2 walkthrough: grp_goal is the block after the old window, the cursor starts there, and the new window starts at it or after" \
			awk '/^\$([0-9]+) = / { v[substr($1, 2)] = $3 }
				END { bpg = 32768; for (i = 6; i <= 15; i++) if (i != 12 && i != 14 && v[i] == "") exit 1
					exit !((v[7] + 1) % bpg == v[8] % bpg && v[9] % bpg == v[8] % bpg &&
						v[11] < v[9] && v[13] >= v[9] && v[15] >= v[13]) }' "$W/ch2.txt"
		t "ch2 walkthrough: rsv-map draws each window where rsv-list puts it, at the same stop" \
			"$TOP/tests/map-vs-list.sh" "$W/ch2-map.json" "$W/ch2-windows.json"
		t "ch2 walkthrough: once every writer has closed its file, no window is left" \
			bash -c "tail -8 '$W/ch2.txt' | grep -q '^ext2 on vda: 0 reservation windows'"
	fi
	# The allocator's locals are visible where the course looks (balloc.c
	# built with -Og by scripts/kernel.sh).
	for c in 0 $(seq 2 "$NCH"); do
		run_walk "locals$c" "$c" "$(rsv "$c")" WALK="$TOP/tests/gdb/locals.gdb"
		cp "$W/locals.txt" "$T/locals-ch$c.txt"
		t "ch$c: break alloc_new_reservation stops in balloc.c; in the search loop cur and rsv print values" \
			bash -c "grep -qE '^Breakpoint 1 at 0x[0-9a-f]+: file .*fs/ext2/balloc\.c, line [0-9]+\.\$' '$T/locals-ch$c.txt' &&
				grep -q '^search loop at line [0-9]*:.*cur <= rsv->rsv_end' '$T/locals-ch$c.txt' &&
				grep -qE '^cur = [0-9]+\$' '$T/locals-ch$c.txt' && grep -qE '^rsv = 0x[0-9a-f]+\$' '$T/locals-ch$c.txt' &&
				grep -qE '^\\\$1 = [0-9]+\$' '$T/locals-ch$c.txt'"
		t "ch$c locals walk: guest log clean, e2fsck clean" walk_clean locals
	done
	# An xattr block leaves the file's window where it was (chapter 2 on),
	# and moves it on mainline 6.1, whose xattr block uses the window.
	for c in 0 2 "$NCH"; do
		[ "$NCH" -ge 2 ] && walk_xattr "$c"
	done
	# Two writers closing a file at the same moment must not leave its
	# window behind (a last-writer test would: both see the other).
	local c seen
	for c in 0 $(seq 2 "$NCH"); do
		run_walk "close$c" "$c" "$(rsv "$c")" WALK="$TOP/tests/gdb/close-race.gdb"
		cp "$W/close-race.txt" "$T/close-race-ch$c.txt"
		seen=$(windows_seen "$T/close-race-ch$c.txt" | paste -sd' ')
		t "ch$c: 2000 files closed by two writers at once leave no window behind (windows before and after: ${seen:-none seen})" \
			same_windows "$seen"
		t "ch$c close race: guest log clean, e2fsck clean" walk_clean close-race
	done
	if [ "$NCH" -ge 3 ]; then
		run_walk walk3 3
		t "ch3 walkthrough: the guest finished and its checks passed (rsvctl set 64)" \
			walk_guest_ok ch3 'rsvctl get /mnt/big says 64'
		t "ch3 walkthrough: the goal size set by rsvctl arrives at alloc_new_reservation" \
			grep -qE 'rsv_start = 0, rsv_end = 0, rsv_goal_size = 64' "$W/ch3.txt"
		t "ch3 walkthrough: the windows placed for it are 64 blocks long, every rsv-check passes" \
			bash -c "[ \$(grep -c '^\\\$[0-9]* = 64\$' '$W/ch3.txt') -ge 3 ] && [ \$(grep -c '^rsv-check: OK' '$W/ch3.txt') = 2 ] && grep -qE '^ +[0-9]+ +[0-9]+ +64 +64 ' '$W/ch3.txt'"
		t "ch3 walkthrough: guest log clean, e2fsck clean" walk_clean ch3
		# Windows only with -o reservation.
		local m
		for m in "" reservation; do
			run_walk "count3$m" 3 MNT="$m" WALK="$TOP/tests/gdb/count-windows.gdb"
			cp "$W/count-windows.txt" "$T/count3-$m.txt"
		done
		t "ch3: mounted without options, rsv-list finds no window while 4 writers hold files open" \
			grep -q '^ext2 on vda: 0 reservation windows' "$T/count3-.txt"
		t "ch3: mounted -o reservation, rsv-list finds the 4 writers' windows" \
			grep -q '^ext2 on vda: 4 reservation windows' "$T/count3-reservation.txt"
	fi
	# grow_follows TRANSCRIPT: chapter 4's windows as its picture reads them
	# ("SIZE GOAL" a line: scripts/book/windows.sh grow-list), 8 of them
	# from 8 to 1024 blocks, each goal the last one's plus its size. The
	# first goal is the writer's colour slot (its pid's), which may be
	# block 0, in the group's own metadata: the first window then starts
	# at the first free block after it, and the second goal follows that.
	grow_follows() {
		"$TOP/scripts/book/windows.sh" grow-list "$1" | awk '
			NR == 2 && $2 < g + sz { print "goal " $2 ", want at least " g " + " sz; bad = 1 }
			NR > 2 && $2 != g + sz { print "goal " $2 ", want " g " + " sz; bad = 1 }
			{ g = $2; sz = $1 }
			END { exit bad || NR != 8 || sz != 1024 }'
	}
	if [ "$NCH" -ge 4 ]; then
		run_walk walk4 4
		t "ch4 walkthrough: the guest finished and its checks passed" \
			walk_guest_ok ch4 'a streaming file'
		t "ch4 walkthrough: the watchpoint sees the goal size double 8, 16, ... 1024" \
			bash -c "[ \"\$(grep '^New value = ' '$W/ch4.txt' | cut -d' ' -f4 | tr '\n' ' ')\" = '16 32 64 128 256 512 1024 ' ]"
		t "ch4 walkthrough: each doubling follows a window used in full, rsv-check passes" \
			bash -c "grep -A1 '^\\\$2 = ' '$W/ch4.txt' | grep -q '^\\\$3 = 8' && grep -q '^\\\$2 = 8\$' '$W/ch4.txt' && grep -q '^rsv-check: OK' '$W/ch4.txt'"
		t "ch4 walkthrough: each new window's search starts right after the last window (grp_goal grows by the old size)" \
			grow_follows "$W/ch4.txt"
		t "ch4 walkthrough: guest log clean, e2fsck clean" walk_clean ch4
	fi
	if [ "$NCH" -ge 5 ]; then
		walk_tree
	fi
	if [ "$NCH" -ge 6 ]; then
		walk_extend
	fi
	# The transcripts the chapters quote, against this run's (the same
	# list scripts/book/examples.sh saves them for).
	for c in $QUOTED_WALKS; do [ "$c" -le "$NCH" ] && walk_quoted "$c"; done
	# rsv-tree reads mainline's tree as well as chapter 5's.
	for c in 0 2; do
		run_walk "tree$c" "$c" "$(rsv "$c")" WALK="$TOP/tests/gdb/tree.gdb"
		cp "$W/tree.txt" "$T/tree-ch$c.txt"
		t "ch$c rsv-tree run: guest log clean, e2fsck clean" walk_clean tree
	done
	t "ch0: rsv-tree draws mainline's tree of the 6 writers' windows, red-black rules hold" \
		bash -c "grep -q '^ext2 on vda: red-black tree of 7 nodes (6 windows and the dummy)' '$T/tree-ch0.txt' && grep -q '^  OK: root black' '$T/tree-ch0.txt' && [ \$(grep -c ' ino [0-9]*\$' '$T/tree-ch0.txt') = 6 ]"
	t "ch2: rsv-tree says the windows are on a sorted list" \
		grep -q 'keeps its windows on a sorted list' "$T/tree-ch2.txt"
}

# walk_xattr CH: walkthrough/xattr-window.gdb on chapter CH: the windows
# before and after the first xattr set of a file held open (rsvrace keep),
# and the layout of that file against one written without xattrs.
walk_xattr() {
	local c=$1 b=$W/xattr-before.json a=$W/xattr-after.json was now
	run_walk "xattr$c" "$c" "$(rsv "$c")" WALK="$TOP/walkthrough/xattr-window.gdb"
	cp "$W/xattr-window.txt" "$T/xattr-window-ch$c.txt"
	t "ch$c xattr walk: the guest finished and its checks passed" \
		bash -c "[ $rc = 0 ] && grep -q '^ok - rsvrace keep' '$W/xattr-window-guest.log' && ! grep -q '^not ok' '$W/xattr-window-guest.log'"
	t "ch$c xattr walk: guest log clean, e2fsck clean" walk_clean xattr-window
	was=$(jq -c '[.filesystems[0].windows[] | [.start, .ino]]' "$b" 2>/dev/null)
	now=$(jq -c '[.filesystems[0].windows[] | [.start, .ino]]' "$a" 2>/dev/null)
	if [ "$c" = 0 ]; then
		t "ch0 (mainline 6.1): the xattr block is allocated through the file's window, which moves (windows [start, inode] before: $was, after: $now)" \
			bash -c "[ -n '$was' ] && [ -n '$now' ] && [ '$was' != '[]' ] && [ '$was' != '$now' ]"
	else
		t "ch$c: the file keeps its window through its xattr block: same windows, same starts ([start, inode]: $was, after: $now)" \
			bash -c "[ -n '$was' ] && [ '$was' != '[]' ] && [ '$was' = '$now' ]"
		"$E2LAYOUT" -l "$W/xattr-window.img" > "$T/xattr-ch$c.layout" 2>&1
		t "ch$c: the file given xattr blocks lays out as the one without (extents: $(awk '$2 == "keep" || $2 == "plain" { printf "%s %s ", $2, $4 }' "$T/xattr-ch$c.layout"))" \
			awk '$2 == "keep" { k = $4 } $2 == "plain" { p = $4 } END { exit !(k != "" && k == p) }' "$T/xattr-ch$c.layout"
	fi
}

# walk_tree: chapter 5's walkthrough (8 writers, the tree drawn at every
# insertion until one rotates it).
walk_tree() {
	local txt=$W/ch5.txt
	run_walk walk5 5
	t "ch5 walkthrough: the guest finished and its checks passed" \
		walk_guest_ok ch5 '8 files read back byte-exact'
	t "ch5 walkthrough: the first insertion is the dummy window, at mount" \
		bash -c "grep -q '^#1 .* in ext2_fill_super' '$txt' && grep -q 'tree of 1 node (0 windows and the dummy)' '$txt'"
	t "ch5 walkthrough: an insertion rotated the tree within 40 stops" \
		grep -qE '^rotated after [0-9]+ stops: [1-9][0-9]* nodes? got a new parent' "$txt"
	t "ch5 walkthrough: every rsv-tree found the red-black rules kept, rsv-check passed" \
		bash -c "! grep -q 'BAD:' '$txt' && [ \$(grep -c '^  OK: root black' '$txt') -ge 6 ] && grep -q '^rsv-check: OK, 8 windows' '$txt'"
	t "ch5 walkthrough: the tree in order is rsv-list's sorted list (8 windows)" \
		bash -c "[ \"\$(jq -c '[.[0].nodes[].window | select(. != \"dummy\") | .start]' '$W/ch5-tree.json')\" = \"\$(jq -c '[.filesystems[0].windows[].start]' '$W/ch5-windows.json')\" ] && [ \$(jq '.filesystems[0].windows | length' '$W/ch5-windows.json') = 8 ]"
	t "ch5 walkthrough: once the writers have closed their files, only the dummy is left" \
		bash -c "tail -8 '$txt' | grep -q 'tree of 1 node (0 windows and the dummy)'"
	t "ch5 walkthrough: guest log clean, e2fsck clean" walk_clean ch5
	"$E2LAYOUT" -l "$W/ch5.img" > "$T/walk5.layout" 2>&1
	t "ch5 walkthrough: rsv-list's windows agree with the blocks on disk" \
		"$TOP/tests/windows-vs-disk.sh" "$W/ch5-windows.json" "$T/walk5.layout" 8
}

# walk_extend: chapter 6's walkthrough (a direct write runs past the end of
# its file's window, which grows in place).
walk_extend() {
	local txt=$W/ch6.txt b=$W/ch6-before.json a=$W/ch6-after.json
	run_walk walk6 6
	t "ch6 walkthrough: the guest finished and its checks passed" \
		walk_guest_ok ch6 '2 then 8 blocks'
	t "ch6 walkthrough: try_to_extend_reservation is reached from a direct write asking for 8 blocks" \
		bash -c "grep -q 'hit Breakpoint 1, try_to_extend_reservation' '$txt' && grep -q 'in get_more_blocks' '$txt' && grep -qE 'ext2_get_blocks \\(.*maxblocks=8' '$txt'"
	t "ch6 walkthrough: before, the file has one window of 8 blocks, 2 used, goal size 8" \
		bash -c "[ \"\$(jq -c '[.filesystems[0].windows[] | [.size, .hits, .goal]]' '$b')\" = '[[8,2,8]]' ]"
	t "ch6 walkthrough: at close, the same window (same start, same inode) has 10 blocks, all used, and the goal size is still 8" \
		bash -c "[ \"\$(jq -c '[.filesystems[0].windows[] | [.start, .ino]]' '$b')\" = \"\$(jq -c '[.filesystems[0].windows[] | [.start, .ino]]' '$a')\" ] && [ \"\$(jq -c '[.filesystems[0].windows[] | [.size, .hits, .goal]]' '$a')\" = '[[10,10,8]]' ]"
	t "ch6 walkthrough: a window with a neighbour stays short of it: after try_to_extend_reservation, one window ends on the block before the next one's start, and rsv-check passes" \
		bash -c "jq -e '.filesystems[0].windows | sort_by(.start) | . as \$w | [range(1; length) | select(\$w[. - 1].end + 1 == \$w[.].start)] | length > 0' '$W/ch6-neighbours.json' >/dev/null &&
			[ \$(grep -c '^rsv-check: OK' '$txt') = 2 ] && ! grep -q 'BAD:' '$txt'"
	t "ch6 walkthrough: rsv-map draws the two windows side by side (two files' letters next to each other in its windows row)" \
		bash -c "grep '^  windows' '$txt' | tail -1 | grep -qP '([a-zA-Z])(?!\\1)[a-zA-Z]'"
	t "ch6 walkthrough: guest log clean, e2fsck clean" walk_clean ch6
}
