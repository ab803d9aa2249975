# shellcheck shell=bash
# tests/groups/reliability.sh: the suite's 'reliability' group (tests/run.sh reliability). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_reliability.

# --- reliability: the quick pass of the scenarios 'make soak' runs long
# (SEED=N replays a run: the torture tool draws its operations from it).
SEED=${SEED:-$(( $(date +%s) % 100000 ))}
group_reliability() {
	section "reliability: torture, a full disk, geometry, mount life cycle (SEED=$SEED)"
	local c name settings
	for c in $CHAPTERS; do
		while read -r name settings; do
			scenario_applies "$name" "$c" || continue
			# shellcheck disable=SC2086 # settings: VAR=value words
			scenario "$name" "$c" $settings "$(rsv "$c")" </dev/null
		done < <(reliability_scenarios quick "$SEED")
	done
}
