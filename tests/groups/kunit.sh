# shellcheck shell=bash
# tests/groups/kunit.sh: the suite's 'kunit' group (tests/run.sh kunit). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_kunit.

# --- kunit: the unit tests of the window code (kunit/rsv_test.c), built
# into each windowed chapter's kunit variant and run at boot
group_kunit() {
	section "kunit: the window code on a made-up file system"
	local c digests="" d
	for c in $CHAPTERS; do
		[ "$c" != 1 ] || continue
		t_live "ch$c: every KUnit case of ext2_rsv passes (scripts/kunit.sh $c)" "$TOP/scripts/kunit.sh" "$c" </dev/null
		d=$(sed -n 's/.*digest \([0-9a-f]*\).*/\1/p' "$BUILD/kunit/ch$c.ktap" 2>/dev/null | head -1)
		digests="$digests ch$c=${d:-none}"
	done
	# List or tree, every chapter places the same windows for the same
	# sequence of fresh files: the property test's digests are equal.
	t "the property test's windows are the same on every chapter, list or tree (digests:$digests)" \
		bash -c "[ \$(echo '$digests' | tr ' ' '\n' | grep -c =) -ge 2 ] && [ \$(echo '$digests' | tr ' ' '\n' | sed -n 's/.*=//p' | sort -u | wc -l) = 1 ] && ! echo '$digests' | grep -q =none"
	# The tests can fail: the same tests on chapter 4 with the gap test
	# off by one ('cur + size < next' for '<=') must fail at least one case.
	if [[ " $(echo $CHAPTERS) " == *" 4 "* ]]; then
		t_live "ch4 with an off-by-one in the gap test: the KUnit tests catch it (scripts/kunit.sh 4 --mutant)" \
			"$TOP/scripts/kunit.sh" 4 --mutant </dev/null
	fi
}
