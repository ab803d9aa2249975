#!/usr/bin/env bash
# make soak: the reliability scenarios of 'make test', longer and on KASAN
# kernels (config/kasan.config), round after round until time is up.
#   scripts/soak.sh [MINUTES]    default 30; every round runs to its end, so
#                                at least one full round runs
# Each round draws a new seed and runs, on every chapter: torture (64
# processes), a full disk raced by 32 processes, geometry (1, 2 and 4 KiB
# blocks; one group and many), the mount life cycle and the owner's race
# (rsvrace: window-size flips, xattrs and appends, 120 s; not on chapter
# 0, which it crashes: scripts/guest.sh, scenario_applies). After each run, as
# in make test: the guest's own checks, no WARNING/BUG/KASAN/lockdep line in
# its log, e2fsck -fn clean, free blocks equal to e2fsck's.
# SOAK_CHAPTERS="5 6" soaks only those chapters (default: all).
# Logs in build/soak/, the table in build/results/reliability-soak.md.
set -uo pipefail
T=$(cd "$(dirname "$0")/.." && pwd)/build/soak
. "$(dirname "$0")/guest.sh"
export VARIANT=kasan
minutes=${1:-${SOAK_MINUTES:-30}}
case $minutes in ''|*[!0-9]*) die "usage: soak.sh [MINUTES] (a whole number)" ;; esac
mkdir -p "$T" "$RESULTS"
chapters=${SOAK_CHAPTERS:-$(seq 0 "$NCH")}
for c in $chapters; do check_chapter "$c"; done
say "soak: KASAN kernels for chapters $(echo $chapters) (the first build takes about 10 minutes)"
for c in $chapters; do
	"$TOP/scripts/kernel.sh" build "$c" || die "chapter $c's KASAN kernel does not build"
done
"$TOP/scripts/initramfs.sh" || die "the initramfs does not build"
rm -f "$T/reliability.tsv"
start=$(date +%s) deadline=$(( $(date +%s) + minutes * 60 )) round=0
while :; do
	round=$((round + 1))
	seed=$(( (start + round * 7919) % 1000000 ))
	say "soak round $round (seed $seed; replay one run with SEED=$seed and the ARGS in its log)"
	for c in $chapters; do
		while read -r s settings; do
			scenario_applies "$s" "$c" || continue
			f0=$FAIL
			# shellcheck disable=SC2086 # settings: VAR=value words
			scenario "$s" "$c" $settings "$(rsv "$c")" </dev/null >"$T/ch$c-$s.checks" 2>&1
			# Keep the logs of a failed run under a name of their own.
			[ "$FAIL" = "$f0" ] || for x in log img checks; do cp "$T/ch$c-$s.$x" "$T/ch$c-$s-round$round.$x" 2>/dev/null; done
			printf '    [round %d, %dm of %dm] chapter %d %-13s %s\n' "$round" \
				$(( ($(date +%s) - start) / 60 )) "$minutes" "$c" "$s" \
				"$([ "$FAIL" = "$f0" ] && echo ok || echo "FAILED (see $T/ch$c-$s-round$round.checks)")" >&2
			rm -f "$T/ch$c-$s.img"
		done < <(reliability_scenarios soak "$seed")
	done
	[ "$(date +%s)" -lt "$deadline" ] || break
done
reliability_table "$T/reliability.tsv" > "$RESULTS/reliability-soak.md"
cat "$RESULTS/reliability-soak.md"
note "$round round(s) in $(( ($(date +%s) - start) / 60 )) minutes on KASAN kernels: $PASS checks passed, $FAIL failed"
note "table: $RESULTS/reliability-soak.md"
[ "$FAIL" = 0 ]
