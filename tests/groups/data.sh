# shellcheck shell=bash
# tests/groups/data.sh: the suite's 'data' group (tests/run.sh data). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_data.

# --- data: writers, truncate, unlink and rewrite at once; a disk filled to ENOSPC
group_data() {
	section "data: churn while writing, and a full disk"
	local c
	for c in $CHAPTERS; do
		# churn; then 16 MiB, no root reserve, 64 files open: every block
		# gets used, except on chapter 2, which shows the seed's bogus
		# ENOSPC; then 1 KiB blocks: 8 MiB groups, so 16 MiB files cross
		# group boundaries, and windows with them.
		scenarios "$GUESTS" "churn $c RUN=churn ARGS=8:16 $(rsv "$c")" \
			"fill $c RUN=fill ARGS=64 DISK_MB=16 MKFS_OPTS=-m0 $(rsv "$c")" \
			"bs1024 $c RUN=writers ARGS=4:16 BS=1024 DISK_MB=128 $(rsv "$c")"
	done
}
