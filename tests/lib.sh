# shellcheck shell=bash
# What the suite's groups share (tests/groups/*.sh): the guest runs and
# checks of scripts/guest.sh, the bench's and the book's helpers, and two of
# its own. Sourced by tests/run.sh; the tools never source it.
# shellcheck source=scripts/guest.sh
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/guest.sh"
# shellcheck source=bench/lib.sh
. "$TOP/bench/lib.sh"
# shellcheck source=scripts/book/lib.sh
. "$TOP/scripts/book/lib.sh"
T=$BUILD/tests
mkdir -p "$T"
CHAPTERS=${CHAPTERS:-$(seq 0 "$NCH")}  # CHAPTERS="5 6": a subset, while working
# Guests at once where the checks do not time anything (the data and
# reliability groups): GUESTS=1 runs them one by one.
GUESTS=${GUESTS:-2}

# t_live DESCRIPTION COMMAND...: a check for long work, whose progress is
# shown as it happens (as '#' lines, so it does not count as a check).
t_live() {
	local d=$1; shift
	if "$@" 2>&1 | sed -u 's/^/#   /'; [ "${PIPESTATUS[0]}" = 0 ]; then ok "$d"; else notok "$d"; fi
}

# steps_of CH: the steps inside chapter CH, one per patch but its last
# ("6.1 0006-...patch"), none for a chapter of one patch.
steps_of() {
	local k label
	for k in $(seq 1 "$(series | wc -l)"); do
		label=$(patch_label "$k")
		case $label in "ch$1".*) echo "${label#ch} $(series | sed -n "${k}p")" ;; esac
	done
}
