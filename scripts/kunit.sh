#!/usr/bin/env bash
# make kunit CH=n: chapter n's KUnit tests of the reservation windows
# (kunit/rsv_test.c), built into the kunit variant of its kernel and run at
# boot in QEMU. Prints one line per test case, the failures' messages, and
# the property test's digest.
#   scripts/kunit.sh N            chapter N (0, 2 and up: chapter 1 has no windows)
#   scripts/kunit.sh N --mutant   the same tests on chapter N with an
#                                 off-by-one in its gap test: they must fail
# Exit status: 0 when every case passed (with --mutant: when at least one
# failed, which shows the tests can see the bug), 1 otherwise.
# The kunit kernel shares the chapter's object tree (config/course.config
# has KUnit's core): after the chapter's own kernel, it is a relink away.
set -euo pipefail
. "$(dirname "$0")/guest.sh"
export VARIANT=kunit
ch=${1:-}
[ -n "$ch" ] || die "usage: scripts/kunit.sh CHAPTER [--mutant]   (make kunit CH=n)"
check_chapter "$ch"
[ "$ch" != 1 ] || die "chapter 1 has no reservation windows, so it has no KUnit tests: try CH=2"
mutant=0
[ "${2:-}" = --mutant ] && mutant=1
export KUNIT_MUTANT=$mutant
name=ch$ch; [ $mutant = 0 ] || name=$name-mutant
[ "${LAB:-0}" != 1 ] || name=$name-lab   # a student's lab branch (scripts/lab.sh)
dir=$BUILD/kunit
mkdir -p "$dir"
"$TOP/scripts/kernel.sh" build "$ch" || die "chapter $ch's kunit kernel does not build"
"$TOP/scripts/initramfs.sh" >/dev/null
log=$dir/$name.log
say "KUnit: chapter $ch$([ $mutant = 1 ] && echo "'s mutant (gap test off by one)"), tests run at boot"
rc=0
CH=$ch RUN=kunit MKFS=1 DISK="$dir/$name.img" DISK_MB=16 LOG="$log" TIMEOUT="${KUNIT_TIMEOUT:-300}" \
	"$TOP/scripts/qemu.sh" test >"$dir/$name.qemu" 2>&1 || rc=$?
[ $rc = 0 ] && grep -q '^course: finished' "$log" ||
	die "the kunit guest did not finish (QEMU exit $rc): see $log"
# The suite's KTAP, console prefixes (timestamps, indentation) removed.
tr -d '\r' < "$log" | sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' |
	sed -n '/# Subtest: ext2_rsv/,/^(not )?ok [0-9]+ (- )?ext2_rsv/p' > "$dir/$name.ktap"
[ -s "$dir/$name.ktap" ] || die "no ext2_rsv suite in the guest's console log: see $log"
plan=$(sed -nE 's/^ *1\.\.([0-9]+)$/\1/p' "$dir/$name.ktap" | awk 'NR == 1')
cases=$(grep -cE '^ +(not )?ok [0-9]+ ' "$dir/$name.ktap" || true)
failed=$(grep -cE '^ +not ok [0-9]+ ' "$dir/$name.ktap" || true)
while IFS= read -r line; do
	case $line in
	*"not ok "*) printf '    \033[31mFAIL\033[0m %s\n' "$(echo "$line" | sed -E 's/^ *not ok [0-9]+ (- )?//')" ;;
	*"ok "*) printf '    ok   %s\n' "$(echo "$line" | sed -E 's/^ *ok [0-9]+ (- )?//')" ;;
	esac
done < <(grep -E '^ +(not )?ok [0-9]+ ' "$dir/$name.ktap")
# What the failed expectations said, and the property test's summary.
grep -E 'Expected|step [0-9]+|digest|but$|== ' "$dir/$name.ktap" | sed 's/^ */    # /' | head -30 >&2 || true
note "KTAP: $dir/$name.ktap; console: $log"
[ -n "$plan" ] && [ "$cases" = "$plan" ] || die "the suite planned ${plan:-?} cases and reported $cases: did the kernel stop inside a test? See $log"
if ! log_clean "$log" 2>/dev/null; then
	[ $mutant = 1 ] || die "the guest's log has a WARNING, BUG or lockdep line: see $log"
fi
if [ $mutant = 1 ]; then
	[ "$failed" -gt 0 ] || die "the mutant (off by one in the gap test) passed every case: the tests cannot see that bug"
	note "the mutant fails $failed of $plan cases: the tests see an off-by-one in the gap test"
else
	[ "$failed" = 0 ] || die "$failed of $plan cases failed"
	note "chapter $ch: all $plan KUnit cases passed"
fi
