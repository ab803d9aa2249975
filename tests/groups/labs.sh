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
	section "labs: stubs fail cleanly, the chapter's code passes, a hang is reported"
	local c b f
	for c in 2 5; do
		[[ " $(echo $CHAPTERS) " == *" $c "* ]] || continue
		b=lab-test-ch$c
		lab_drop "$b"
		t "lab $c: make lab stubs the functions labs/ch$c.lab names" \
			env LAB_BRANCH="$b" "$TOP/scripts/lab.sh" start "$c"
		t "lab $c: make check on the untouched stubs fails, names the failed checks and gives hints" \
			bash -c "! LAB_BRANCH=$b '$TOP/scripts/lab.sh' check $c > '$T/lab$c-stubs.out' 2>&1 &&
				grep -q 'not there yet' '$T/lab$c-stubs.out' && grep -q 'FAIL' '$T/lab$c-stubs.out' && grep -q 'hint' '$T/lab$c-stubs.out' ||
				{ tail -30 '$T/lab$c-stubs.out'; false; }"
		for f in $(grep -v -e '^#' -e '^[[:space:]]*$' "$TOP/labs/ch$c.lab" | cut -f1 | sort -u); do
			git -C "$KSRC" checkout "ch$c" -- "$f"
		done
		t_live "lab $c: make check on the chapter's own code passes" \
			env LAB_BRANCH="$b" "$TOP/scripts/lab.sh" check "$c"
		lab_drop "$b"
	done
	if [[ " $(echo $CHAPTERS) " == *" 2 "* ]]; then
		b=lab-test-hang
		lab_drop "$b"
		LAB_BRANCH=$b LAB_SPEC=$TOP/tests/labs/hang-ch2.lab "$TOP/scripts/lab.sh" start 2 >/dev/null 2>&1
		t "lab 2 with a function that never returns: make check ends and reports a hung kernel" \
			bash -c "! LAB_BRANCH=$b LAB_SPEC='$TOP/tests/labs/hang-ch2.lab' LAB_TIMEOUT=60 timeout 1200 '$TOP/scripts/lab.sh' check 2 > '$T/lab-hang.out' 2>&1 &&
				grep -q 'hung' '$T/lab-hang.out' && grep -q 'not there yet' '$T/lab-hang.out' || { tail -30 '$T/lab-hang.out'; false; }"
		lab_drop "$b"
	fi
}
