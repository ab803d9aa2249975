# shellcheck shell=bash
# tests/groups/labs.sh: the suite's 'labs' group (tests/run.sh labs). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_labs.

# --- labs: make lab / make check on the stubs (must fail, and say what),
# on the chapter's own code (must pass), and on a kernel that hangs
# (must end and say so). On branches of their own: a student's stay.
lab_drop() {
	git -C "$KSRC" checkout -q -f course 2>/dev/null || git -C "$KSRC" checkout -q -f ch0
	git -C "$KSRC" branch -q -D "$1" 2>/dev/null || true
}
group_labs() {
	section "labs: stubs fail cleanly, the chapter's code passes, the grader's catalogue, a hang is reported; lab 0's bug"
	local c b f stage
	for c in 2 3 4 5 6; do
		[[ " $(echo $CHAPTERS) " == *" $c "* ]] || continue
		b=lab-test-ch$c
		lab_drop "$b"
		t "lab $c: make lab stubs the functions labs/ch$c.lab names" \
			env LAB_BRANCH="$b" "$TOP/scripts/lab.sh" start "$c"
		# The stubs fail at the first stage that reaches them: KUnit,
		# or for lab 3 (the ioctls, which KUnit does not call) the
		# guest's options test. Only that stage runs here.
		stage=kunit; [ "$c" = 3 ] && stage=guest
		t "lab $c: make check on the untouched stubs fails ($stage stage), names the failed checks and gives hints" \
			bash -c "! LAB_BRANCH=$b LAB_STAGES=$stage '$TOP/scripts/lab.sh' check $c > '$T/lab$c-stubs.out' 2>&1 &&
				grep -q 'not there yet' '$T/lab$c-stubs.out' && grep -qE 'FAIL|not ok' '$T/lab$c-stubs.out' && grep -q 'hint' '$T/lab$c-stubs.out' ||
				{ tail -30 '$T/lab$c-stubs.out'; false; }"
		for f in $(grep -v -e '^#' -e '^[[:space:]]*$' "$TOP/labs/ch$c.lab" | cut -f1 | sort -u); do
			git -C "$KSRC" checkout "ch$c" -- "$f"
		done
		t_live "lab $c: make check on the chapter's own code passes" \
			env LAB_BRANCH="$b" "$TOP/scripts/lab.sh" check "$c"
		lab_drop "$b"
	done
	# The grader's catalogue (labs/mistakes/): one wrong solution per
	# lab, chosen by the suite's seed, must fail make check at its stage
	# with its hint ('make grade' runs them all).
	local seed=${SEED:-$(( $(date +%s) % 100000 ))}
	for c in 2 3 4 5 6; do
		[[ " $(echo $CHAPTERS) " == *" $c "* ]] && [ -d "$TOP/labs/mistakes/ch$c" ] || continue
		t "lab $c: the grader catches the catalogue's mistake '$("$TOP/scripts/grade.sh" --pick "$seed" --name "$c")' with its hint (seed $seed)" \
			"$TOP/scripts/grade.sh" --pick "$seed" "$c"
	done
	# Lab 0, the real bug: 6.1 as shipped must fail the check by crashing
	# (the owner's race: a kernel BUG in ext2_rsv_window_add() or in the
	# window dump it calls, or a soft lockup in alloc_new_reservation()),
	# with a hint that names where and what lock; the lab's solution, a
	# backport of upstream's 6.6 fix, must pass it.
	if [[ " $(echo $CHAPTERS) " == *" 0 "* ]]; then
		b=lab-test-ch0
		lab_drop "$b"
		t "lab 0: make lab gives Linux 6.1 as it is, on a branch of its own, and says what the bug is" \
			bash -c "LAB_BRANCH=$b '$TOP/scripts/lab.sh' start 0 2>&1 | tee '$T/lab0-start.out' | grep -q 'crash Linux 6.1' &&
				[ \"\$(git -C '$KSRC' rev-parse HEAD)\" = \"\$(git -C '$KSRC' rev-parse 'ch0^{commit}')\" ]"
		t "lab 0: make check on Linux 6.1 as shipped fails: the owner's race crashes it, and the hint names where and the lock" \
			bash -c "! LAB_BRANCH=$b '$TOP/scripts/lab.sh' check 0 > '$T/lab0-bug.out' 2>&1 &&
				grep -q 'not there yet' '$T/lab0-bug.out' && grep -q 'your kernel died in' '$T/lab0-bug.out' &&
				grep -qE 'ext2_rsv_window_add|alloc_new_reservation|rsv_window_dump' '$T/lab0-bug.out' ||
				{ tail -30 '$T/lab0-bug.out'; false; }"
		t "lab 0: the solution (labs/solutions/ch0-xattr-noreserve.patch) applies to the lab branch" \
			git -C "$KSRC" -c user.name=student -c user.email=student@localhost am -q "$TOP/labs/solutions/ch0-xattr-noreserve.patch"
		t_live "lab 0: make check with the solution, upstream's fix written for 6.1, passes (the race for 44 s, the file keeps its window)" \
			env LAB_BRANCH="$b" "$TOP/scripts/lab.sh" check 0
		git -C "$KSRC" am --abort >/dev/null 2>&1
		lab_drop "$b"
	fi
	if [[ " $(echo $CHAPTERS) " == *" 2 "* ]]; then
		b=lab-test-hang
		lab_drop "$b"
		LAB_BRANCH=$b LAB_SPEC=$TOP/tests/labs/hang-ch2.lab "$TOP/scripts/lab.sh" start 2 >/dev/null 2>&1
		t "lab 2 with a function that never returns: make check's guest stage ends and reports the hang (a soft lockup, or no end in time)" \
			bash -c "! LAB_BRANCH=$b LAB_SPEC='$TOP/tests/labs/hang-ch2.lab' LAB_STAGES=guest LAB_TIMEOUT=60 timeout 1200 '$TOP/scripts/lab.sh' check 2 > '$T/lab-hang.out' 2>&1 &&
				grep -qE 'hung|soft lockup' '$T/lab-hang.out' && grep -q 'not there yet' '$T/lab-hang.out' || { tail -30 '$T/lab-hang.out'; false; }"
		lab_drop "$b"
	fi
}
