#!/usr/bin/env bash
# The labs: rewrite a chapter's key functions yourself and get told, in a
# minute or two, what is right.
#   scripts/lab.sh start N      make lab CH=N: a branch lab-chN in build/linux,
#                               chapter N with the bodies of the functions
#                               labs/chN.lab names replaced by a stub and a TODO
#   scripts/lab.sh check N      make check CH=N: build your tree, run the
#                               chapter's KUnit tests, then its guest tests,
#                               and say what failed, with a hint
#   scripts/lab.sh reset N      make lab-reset CH=N: start over
#   scripts/lab.sh solution N   make lab-solution CH=N: your code against the chapter's
# The stubs are made from the chapter's own tag (tools/labstub.awk): no
# second copy of the code is kept. A lab whose file says '# bug: ...'
# (lab 0) has no stubs: it is the chapter as it is, with a real bug to find
# and fix; its check adds the race that finds the bug and the gdb walk that
# tells the fixes apart (walkthrough/xattr-window.gdb). LAB_BRANCH=name uses another branch name
# (make test uses its own, and leaves yours alone).
set -euo pipefail
. "$(dirname "$0")/guest.sh"
cmd=${1:-} ch=${2:-}
[ -n "$cmd" ] && [ -n "$ch" ] || die "usage: scripts/lab.sh start|check|reset|solution CHAPTER"
check_chapter "$ch"
spec=${LAB_SPEC:-$TOP/labs/ch$ch.lab}
# Seconds a guest may run before its kernel counts as hung.
export LAB_TIMEOUT=${LAB_TIMEOUT:-300}
[ -f "$spec" ] || die "chapter $ch has no lab (labs/ch$ch.lab): the labs are chapters $(ls "$TOP"/labs/*.lab | sed 's/.*ch\([0-9]*\)\.lab/\1/' | paste -sd' ')"
branch=${LAB_BRANCH:-lab-ch$ch}
G=(git -C "$KSRC" -c user.name=student -c user.email=student@localhost)
"$TOP/scripts/kernel.sh" prepare >/dev/null
# The functions of the lab: "FILE FUNCTION STUB..." lines.
funcs() { grep -v -e '^#' -e '^[[:space:]]*$' "$spec" || true; }
# bug: the bug of a bug lab ('# bug: ...' in its file), empty otherwise.
bug=$(sed -n 's/^# bug: //p' "$spec")

start() {
	"${G[@]}" rev-parse -q --verify "refs/heads/$branch" >/dev/null &&
		die "you already have the lab branch $branch: 'make check CH=$ch' tests it, 'make lab-reset CH=$ch' starts over"
	[ -z "$("${G[@]}" status --porcelain --untracked-files=no)" ] ||
		die "build/linux has changes that are not committed; save them (git -C build/linux stash) first"
	"${G[@]}" checkout -q -b "$branch" "ch$ch"
	local file fn stub
	while IFS=$'\t' read -r file fn stub; do
		awk -v fn="$fn" -v stub="$stub" -v lab="$ch" -f "$TOP/tools/labstub.awk" \
			"$KSRC/$file" > "$KSRC/$file.lab" || {
			rm -f "$KSRC/$file.lab"; "${G[@]}" checkout -q -f "ch$ch"; "${G[@]}" branch -q -D "$branch"
			die "labs/ch$ch.lab: no definition of $fn() in $file at ch$ch"; }
		mv "$KSRC/$file.lab" "$KSRC/$file"
		note "$file: $fn() is yours to write"
	done < <(funcs)
	if [ -n "$bug" ]; then
		say "lab $ch: branch $branch in build/linux, chapter $ch as it is: $bug"
		sed -n '/^# bug: /,$p' "$spec" | tail -n +2 | sed 's/^# \{0,1\}/    /' >&2
		return
	fi
	"${G[@]}" commit -q -a -m "Lab $ch: the stubs" -m "Made by scripts/lab.sh from ch$ch and labs/ch$ch.lab."
	say "lab $ch: branch $branch in build/linux"
	cat >&2 <<-EOF
	    Edit the functions in build/linux (each has a TODO; the comment above it
	    says what it must do), then run 'make check CH=$ch'. Commit as you go
	    (git -C build/linux commit -a) if you like; 'make lab-solution CH=$ch'
	    shows your code against the chapter's, 'make lab-reset CH=$ch' starts over.
	EOF
}

# hint CASE: what a failed check usually means.
hint() {
	case $1 in
	rsv_first_window_at_goal) echo "an empty structure: the window must start at the goal, size blocks long, and be in the list or tree afterwards" ;;
	rsv_goal_zero_skips_dummy) echo "the dummy window owns block 0: the search pushes cur past every window it overlaps, the dummy too" ;;
	rsv_gap_before_between_after) echo "the search must stop at the first gap that fits, before the first window, between two, or after the last" ;;
	rsv_gap_exact_and_short) echo "a gap exactly the window's size fits: compare cur + size with the next window's start using <=" ;;
	rsv_used_blocks) echo "a gap whose blocks are all in use is no good: find the first free block from the gap's start; if it lies beyond the gap, search again from that block" ;;
	rsv_group_boundary) echo "a window may start at the group's last block and run past it, but none may start beyond it (return failure)" ;;
	rsv_full_group) echo "no free block in the group: fail, and leave no window behind" ;;
	rsv_goal_and_own_window) echo "the file's old window is dropped first; a goal inside or behind it searches on from its end" ;;
	rsv_doubling:threshold) echo "the threshold: the new window doubles when more than half of the old one was used (rsv_alloc_hit > size / 2), not when exactly half was, and not otherwise" ;;
	rsv_doubling:cap) echo "the cap: twice the size, but never more than EXT2_MAX_RESERVE_BLOCKS (min_t)" ;;
	rsv_doubling:remembered) echo "the memory: the new size goes into rsv_goal_size, or the file's next window starts from the old size again" ;;
	rsv_doubling:count) echo "the count: a new window starts with rsv_alloc_hit at 0, or the next decision counts the old window's blocks" ;;
	rsv_doubling) echo "more than half of the old window used (rsv_alloc_hit > size / 2): twice the size, at most EXT2_MAX_RESERVE_BLOCKS, and remember it in rsv_goal_size" ;;
	rsv_search_among_many) echo "the tree's search must give back the window at or before the goal: go left while the goal is before a window, right while it is after, remember the last window you went right from, and stop at a window that holds the goal" ;;
	rsv_extend_stops_at_next) echo "a window grows by the blocks asked for or up to the block before the next window's start, whichever is less: never onto the next window (that is an overlap)" ;;
	rsv_property) echo "random placements went wrong: the message above gives the step, group, goal and size; replay it on paper" ;;
	*) echo "see the chapter's text for what this check means" ;;
	esac
}

# kunit_failed KTAP: the failed cases, one per line; a case whose failed
# expectations name the part of its rule ('threshold: ...', as
# rsv_doubling's do) once per part, as CASE:PART.
kunit_failed() {
	awk '/^ +# Subtest|^ +ok [0-9]+ / { parts = ""; next }
		match($0, /^ *(# +)?(threshold|cap|remembered|count):/) {
			p = $0; sub(/^ *(# +)?/, "", p); sub(/:.*/, "", p)
			if (index(" " parts " ", " " p " ") == 0) parts = parts " " p; next }
		/^ +not ok [0-9]+ / { c = $0; sub(/^ +not ok [0-9]+ (- )?/, "", c); sub(/[^a-z_].*/, "", c)
			if (parts == "") print c; else { n = split(parts, a, " "); for (i = 1; i <= n; i++) print c ":" a[i] }
			parts = "" }' "$1" 2>/dev/null || true
}

# crash_hint LOG: where a guest's kernel died (or warned), and what guards
# the data there: the function on top of the trace (RIP, or the BUG's line;
# the caller when the top is one of the kernel's checkers, such as the
# list debugging's), the calls that led to it, and the lock the course's
# text gives it.
crash_hint() {
	local log=$1 top where path lock verb=died msg
	grep -aqE 'kernel BUG|Oops|soft lockup|general protection|Kernel panic' "$log" || verb=warned
	msg=$(grep -aoE 'list_(add|del) (double add|corruption)|possible (circular|recursive) locking|inconsistent lock state|bad unlock balance|held lock freed|lock held when returning' "$log" | head -1 || true)
	top=$(grep -ao 'RIP: 0010:[a-z_0-9]*' "$log" | head -1 | sed 's/.*://' || true)
	where=$(grep -ao 'kernel BUG at [^!]*' "$log" | head -1 | sed 's/kernel BUG at //' || true)
	grep -aq 'soft lockup' "$log" && where="a soft lockup: a CPU spun there for over 20 s"
	path=$(awk '/Call Trace:/ { f = 1; next } f && /^ *(\[ *[0-9.]*\] *)?(\? )?[a-z_0-9.]+\+0x/ {
			sub(/^ *(\[ *[0-9.]*\] *)?/, ""); if ($1 == "?") next; sub(/\+0x.*/, "", $1); print $1; if (++n == 6) exit }
			f && /<\/TASK>|---\[ end/ { exit }' "$log" | paste -sd'<' | sed 's/</, from /g' || true)
	case $top in
	__list_*_valid|lock_*|__lock_*|check_*|print_*|lockdep_*|queued_spin_*|native_queued_*|_raw_spin_*|do_raw_spin_*|'')
		[ -n "$path" ] && { top=${path%%, from *}; path=${path#"$top"}; path=${path#, from }; } ;;
	esac
	case $msg in
	*'double add'*) lock="An entry went onto a list it was already on: is the file's old window taken off (rsv_window_remove) before its new one goes on?" ;;
	*corruption*) lock="A list was broken: two CPUs changed it at once (is the window lock held around every change to the list, from the search to the link?), or an entry was taken off twice." ;;
	*locking*|*'lock state'*|*unlock*|*'lock held'*|*'held lock'*) lock="Lockdep saw locks taken or released out of order: does every way out of the function release what it took, once?" ;;
	esac
	[ -n "${lock:-}" ] || [ "$verb:$top" != warned:ext2_rsv_window_add ] ||
		lock="ext2_rsv_window_add() warns when the new window overlaps one already in the tree: either the search handed it a gap that is not free (does the walk go the right way, rb_next, and stop at the right window?), or the tree is out of order (earlier windows to the left)."
	[ -n "${lock:-}" ] || case $top in
	ext2_rsv_window_add|rsv_window_*|alloc_new_reservation|find_next_reservable_window|search_reserve_window|try_to_extend_reservation|ext2_try_to_allocate_with_rsv|__rsv_window_dump)
		lock="The windows are guarded by the file system's s_rsv_window_lock, and a file's own window by its inode's truncate_mutex, which every data allocation (ext2_get_blocks) holds: which way into the allocator holds neither?" ;;
	rb_*|__rb_*) lock="The red-black tree's own code went wrong: a node linked with rb_link_node() but never rebalanced with rb_insert_color(), or linked twice, leaves a tree that the next rb_erase() or rb_next() cannot walk." ;;
	ext2_*) lock="The data here is the inode's (truncate_mutex, i_mutex) or a group's (its bitmap buffer, the group lock): which does this path hold?" ;;
	*) lock="The trace in the log says how the kernel got there" ;;
	esac
	printf '    \033[33mhint\033[0m your kernel %s in %s%s%s, called from %s. %s (the whole log: %s)\n' \
		"$verb" "${top:-an unknown function}" "${msg:+ ($msg)}" "${where:+ ($where)}" "${path:-not in the log}" "$lock" "$log" >&2
}

check() {
	[ "$("${G[@]}" symbolic-ref -q --short HEAD || true)" = "$branch" ] ||
		die "build/linux is not on the lab branch $branch: run 'make lab CH=$ch' first (or git -C build/linux checkout $branch)"
	export LAB=1
	local failed=0 c
	# LAB_STAGES: the stages to run (default all three); the grader
	# (scripts/grade.sh) runs only the one a mistake must be caught by.
	local stages=" ${LAB_STAGES:-kunit guest walk} "
	mkdir -p "$BUILD/kunit"
	if [[ $stages != *" kunit "* ]]; then
		say "check 1/3: KUnit: not asked for (LAB_STAGES=$LAB_STAGES)"
	elif [ -n "$bug" ]; then
		# A bug lab's fix is not in the window code the KUnit tests
		# reach; the race and the walk below judge it.
		say "check 1/3: KUnit: not for this lab (the fix is judged by the race and the walk below)"
	else
		say "check 1/3: chapter $ch's KUnit tests on your code"
		if ! KUNIT_TIMEOUT=$LAB_TIMEOUT "$TOP/scripts/kunit.sh" "$ch" > "$BUILD/kunit/lab-ch$ch.out" 2>&1; then
			failed=1
			grep -q 'the kunit guest did not finish' "$BUILD/kunit/lab-ch$ch.out" &&
				note "your kernel hung or crashed during the KUnit tests (no end within $LAB_TIMEOUT s): see build/kunit/ch$ch-lab.log"
			grep -qE 'did not finish|WARNING, BUG or lockdep' "$BUILD/kunit/lab-ch$ch.out" &&
				[ -f "$BUILD/kunit/ch$ch-lab.log" ] && ! log_clean "$BUILD/kunit/ch$ch-lab.log" >/dev/null &&
				crash_hint "$BUILD/kunit/ch$ch-lab.log"
			grep -E 'FAIL|error|hung|did not|planned|Oops|BUG' "$BUILD/kunit/lab-ch$ch.out" | sed 's/^/    /' | head -20 >&2 || true
			for c in $(kunit_failed "$BUILD/kunit/ch$ch-lab.ktap"); do
				printf '    \033[33mhint\033[0m %s: %s\n' "$c" "$(hint "$c")" >&2
			done
			if grep -q "kunit kernel does not build" "$BUILD/kunit/lab-ch$ch.out"; then
				grep -E '(error|warning):' "$BUILD/logs/kernel-ch$ch-kunit.log" | head -10 | sed 's/^/    /' >&2 || true
				note "your code does not compile (above; the full log: build/logs/kernel-ch$ch-kunit.log)"
			fi
		else
			note "KUnit: every case passed"
		fi
	fi
	unset VARIANT
	# The guest tests and the walk boot your kernel: build it first.
	if [[ $stages == *" guest "* || $stages == *" walk "* ]]; then
		"$TOP/scripts/kernel.sh" build "$ch" > "$BUILD/logs/lab-ch$ch-build.out" 2>&1 ||
			{ tail -20 "$BUILD/logs/lab-ch$ch-build.out" >&2; die "your kernel does not build (above)"; }
		"$TOP/scripts/initramfs.sh" >/dev/null 2>&1
	fi
	if [[ $stages == *" guest "* ]]; then
		say "check 2/3: chapter $ch's guest tests on your kernel"
		T=$BUILD/lab; mkdir -p "$T"
		rm -f "$T"/*.checks "$T/lab-ch$ch-"*.log   # nothing left from another chapter's or an earlier check
		local f0=$FAIL
		# (A bug lab's race reads back every byte its writers wrote.)
		[ -n "$bug" ] || guest "lab-ch$ch-writers" "$ch" RUN=writers ARGS=8:2 "$(rsv "$ch")" TIMEOUT="$LAB_TIMEOUT" > "$T/writers.checks"
		[ "$ch" -ge 3 ] && guest "lab-ch$ch-options" "$ch" RUN=options TIMEOUT="$LAB_TIMEOUT" > "$T/options.checks"
		[ "$ch" -ge 6 ] && guest "lab-ch$ch-multiblock" "$ch" RUN=multiblock MNT=reservation TIMEOUT="$LAB_TIMEOUT" > "$T/multiblock.checks"
		# A bug lab: the race that finds the bug (24 s, 12 s remounting, 8 s
		# against writeback alone), as an ordinary user. Linux 6.1 dies in the
		# first seconds of either race.
		[ -n "$bug" ] && guest "lab-ch$ch-race" "$ch" RUN=race ARGS=24 "$(rsv "$ch")" TIMEOUT="$LAB_TIMEOUT" > "$T/race.checks"
		if [ "$FAIL" != "$f0" ]; then
			failed=1
			cat "$T"/*.checks | grep -E '^not ok|^#.*[^#[:space:]]' | head -20 | sed 's/^/    /' >&2 || true
			printf '    \033[33mhint\033[0m each failed guest check above is named after the guest test that ran it (lab-chN-TEST): initramfs/tests/TEST.sh shows the command and what it expects, and the chapter says why\n' >&2
			grep -lE 'course: TIMEOUT|the kernel hung' "$T/lab-ch$ch-"*.log 2>/dev/null | sed "s/^/    your kernel hung (no end within $LAB_TIMEOUT s): /" >&2 || true
			local log
			for log in $(grep -lE 'BUG:|Oops|kernel BUG|soft lockup|WARNING:' "$T/lab-ch$ch-"*.log 2>/dev/null); do
				crash_hint "$log"
			done
		else
			note "guest tests: all passed"
		fi
	fi
	if [[ $stages == *" walk "* ]] && [ -n "$bug" ]; then
		say "check 3/3: an xattr block and the file's window (walkthrough/xattr-window.gdb)"
		local b=$BUILD/walkthrough/xattr-before.json a=$BUILD/walkthrough/xattr-after.json
		rm -f "$b" "$a"
		local walked=0
		GDB_PORT=$(free_port) CH=$ch WALK="$TOP/walkthrough/xattr-window.gdb" TIMEOUT="$LAB_TIMEOUT" \
			"$TOP/scripts/walkthrough.sh" batch >/dev/null 2>&1 && [ -s "$b" ] && [ -s "$a" ] && walked=1
		if [ $walked = 1 ] && [ "$(jq '.filesystems[0].windows | length' "$b")" = 0 ]; then
			failed=1
			note "walkthrough: the file had no window at all before its xattr block (transcript: build/walkthrough/xattr-window.txt)"
			printf '    \033[33mhint\033[0m no window, no race: but the windows are what keeps a file'"'"'s blocks together. Data allocations keep using the file'"'"'s window; only the xattr block must skip it\n' >&2
		elif [ $walked = 1 ] &&
		   [ "$(jq -c '[.filesystems[0].windows[] | [.start, .ino]]' "$b")" = "$(jq -c '[.filesystems[0].windows[] | [.start, .ino]]' "$a")" ]; then
			note "walkthrough: the file kept its window through its xattr block"
		else
			failed=1
			note "walkthrough: the file's window moved when its xattr block was allocated, or the walk did not run (transcript: build/walkthrough/xattr-window.txt)"
			printf '    \033[33mhint\033[0m a fix can stop the crash and still send the xattr block through the file'"'"'s window, whose goal it is not near: the window is then thrown away for one block. Upstream (Linux 6.6) lets the xattr block skip the window; chapter 8 compares the two fixes\n' >&2
		fi
	elif [[ $stages == *" walk "* ]] && [ -f "$TOP/walkthrough/ch$ch.gdb" ]; then
		say "check 3/3: the chapter's walkthrough, rsv-check on the live kernel"
		if GDB_PORT=$(free_port) CH=$ch TIMEOUT="$LAB_TIMEOUT" "$TOP/scripts/walkthrough.sh" batch >/dev/null 2>&1 &&
		   grep -q '^rsv-check: OK' "$BUILD/walkthrough/ch$ch.txt" && ! grep -q 'BAD:' "$BUILD/walkthrough/ch$ch.txt" &&
		   grep -qE '^ext2 on vda: [1-9][0-9]* reservation windows?' "$BUILD/walkthrough/ch$ch.txt"; then
			note "walkthrough: rsv-list found windows, and every rsv-check passed"
		else
			failed=1
			note "walkthrough: rsv-list found no window, or rsv-check did not pass (transcript: build/walkthrough/ch$ch.txt)"
			grep -m3 'BAD:' "$BUILD/walkthrough/ch$ch.txt" 2>/dev/null | sed 's/^ */    /' >&2 || true
		fi
	fi
	if [ $failed = 0 ]; then
		say "lab $ch: everything passed"
	else
		printf '\033[31m==> lab %s: not there yet (above: what failed, and hints)\033[0m\n' "$ch" >&2
		return 1
	fi
}

reset() {
	local cur; cur=$("${G[@]}" symbolic-ref -q --short HEAD || true)
	if "${G[@]}" rev-parse -q --verify "refs/heads/$branch" >/dev/null; then
		"${G[@]}" checkout -q -f "ch$ch"
		"${G[@]}" branch -q -D "$branch"
		note "lab branch $branch removed${cur:+ (you were on $cur)}"
	fi
	start
}

solution() {
	"${G[@]}" rev-parse -q --verify "refs/heads/$branch" >/dev/null || die "no lab branch $branch: 'make lab CH=$ch' first"
	# Your working tree against the chapter: what the chapter's code does differently.
	local file
	for file in $(funcs | cut -f1 | sort -u); do
		"${G[@]}" diff --no-color "ch$ch" -- "$file"
	done
}

case $cmd in
start) start ;;
check) check ;;
reset) reset ;;
solution) solution ;;
*) die "unknown lab command '$cmd' (start, check, reset, solution)" ;;
esac
