# shellcheck shell=bash
# tests/groups/reliability.sh: the suite's 'reliability' group (tests/run.sh reliability). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_reliability.

# --- reliability: the quick pass of the scenarios 'make soak' runs long
# (SEED=N replays a run: the torture tool draws its operations from it).
SEED=${SEED:-$(( $(date +%s) % 100000 ))}
group_reliability() {
	section "reliability: torture, a full disk, geometry, mount life cycle (SEED=$SEED)"
	local c name settings specs
	for c in $CHAPTERS; do
		specs=()
		while read -r name settings; do
			scenario_applies "$name" "$c" || continue
			specs+=("$name $c $settings $(rsv "$c")")
		done < <(reliability_scenarios quick "$SEED")
		scenarios "$GUESTS" "${specs[@]}" </dev/null
	done
}
