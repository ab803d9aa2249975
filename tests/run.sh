#!/usr/bin/env bash
# The course's test suite: tests/run.sh [GROUP...]
# Each group is one file, tests/groups/GROUP.sh, that defines group_GROUP.
# Default: every group, in the order of GROUPS below. CHAPTERS="5 6" limits
# the chapter loops while working; SEED=N replays the reliability group.
# The output is TAP version 13: one line per check ('ok N - ...' or
# 'not ok N - ...', the details of a failure as '#' lines under it), the
# plan '1..N' at the end, then '# N passed, N failed'. Guest logs, disk
# images and transcripts stay in build/tests/ for reading.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
GROUPS_ALL="lint patches kernels kunit labs guest data reliability layout bench gdb book"
groups=${*:-$GROUPS_ALL}
for g in $groups; do
	[ -f "$TOP/tests/groups/$g.sh" ] || die "no test group '$g': the groups are $GROUPS_ALL"
	# shellcheck source=/dev/null
	. "$TOP/tests/groups/$g.sh"
done
echo "TAP version 13"
# shellcheck disable=SC2034 # E2LAYOUT: read by the groups
E2LAYOUT=$(e2layout)
start=$(date +%s)
rm -f "$T/reliability.tsv"
# Seconds per check (scripts/guest.sh's check_time): sort -rn build/tests/times.tsv.
export CHECK_TIMES=$T/times.tsv CHECK_LAST=$start
: > "$CHECK_TIMES"
for g in $groups; do
	t0=$(date +%s)
	printf '0\t-\t# group %s\n' "$g" >> "$CHECK_TIMES"
	"group_$g"
	echo "# group $g: $(( $(date +%s) - t0 )) s"
done
if [ -s "$T/reliability.tsv" ]; then
	mkdir -p "$RESULTS"
	reliability_table "$T/reliability.tsv" > "$RESULTS/reliability-quick.md"
	echo "# scenario x chapter (also in $RESULTS/reliability-quick.md):"
	sed 's/^/#   /' "$RESULTS/reliability-quick.md"
fi
echo "1..$((PASS + FAIL))"
echo "# $(( $(date +%s) - start )) s"
echo "# $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
