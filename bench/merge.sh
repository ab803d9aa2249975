#!/usr/bin/env bash
# Several runs of the disk model put together into one report.
#   bench/merge.sh OUT RUN.csv...
# Each RUN.csv is a model.csv that make bench PARTS=model wrote, with the
# report it wrote beside it (RUN.md: its 'Measured by' line says how the
# run was measured). Writes OUT/model.csv and OUT/model.md (and the plots).
# A point (a kernel at a writer count) that more than one run measured is
# taken from the last file given that has it: a later run replaces an
# earlier one's point, it is not averaged with it. The rows are sorted by
# writer count, then kernel in the bench's order, then run, so that the
# tables' columns and rows come out in order whatever order the runs had.
# The settings that change what is measured (MDIRTY, MTOTAL, MBOOT, MJOBS,
# MSECS) must be the same in every run; the report's first line names
# each run.
# Example: results/model-256.md, from the runs results/model-256.runs lists
# (the cold runs first, then those after warm-ups):
#   bench/merge.sh /tmp/m $(grep -v '^#' results/model-256.runs)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || die "usage: bench/merge.sh OUT RUN.csv... (at least one model.csv, each with its .md beside it)"
out=$1; shift
runs="" settings="" sources=()
for csv in "$@"; do
	[ -f "$csv" ] || die "$csv: no such file"
	md=${csv%.csv}.md
	[ -f "$md" ] || die "$csv: no report beside it ($md): give the model.csv files make bench wrote, each with its model.md"
	[ "$(head -1 "$csv")" = "kernel,fs,writers,run,metric,value" ] ||
		die "$csv: not a bench CSV file (its first line is not kernel,fs,writers,run,metric,value)"
	grep -q '^ch[0-9a-z-]*,[a-z0-9]*,[0-9]*,[0-9]*,\(seq_write_mb_s\|dbench_mb_s\),' "$csv" || die "$csv: no disk model rows (seq_write_mb_s, or dbench_mb_s for dbench alone)"
	line=$(grep -m1 '^Measured by ' "$md") || die "$md: no line says how it was measured ('Measured by ...')"
	s=""
	for k in MDIRTY MTOTAL MBOOT MJOBS MSECS SMP; do s="$s${s:+ }$k=$(bench_setting "$line" $k)"; done
	[ -z "$settings" ] || [ "$s" = "$settings" ] ||
		die "$csv was measured with $s, ${sources[0]} with $settings: their figures are not the same measurement"
	settings=$s
	sources+=("$csv")
	# "Measured by `...` on DATE, ..., in T." -> "`...` on DATE, ..., in T"
	what=${line#Measured by }; what=${what%.}
	runs="$runs${runs:+; }$what"
done
mkdir -p "$out"
# The points each file measured; a point is kept from the last file that
# has it. Sorted: writers, kernel (the bench's order), file, line.
{
	echo "kernel,fs,writers,run,metric,value"
	for i in "${!sources[@]}"; do
		tail -n +2 "${sources[$i]}" | awk -v f="$i" '{ print f "," $0 }'
	done | awk -F, -v order="$MODEL_ORDER" '
		BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) rank[o[i]] = i }
		{ row[NR] = $0; p = $2 SUBSEP $4; last[p] = $1 }
		END {
			for (i = 1; i <= NR; i++) {
				split(row[i], c, ","); p = c[2] SUBSEP c[4]
				if (c[1] != last[p]) continue
				r = (c[2] in rank) ? rank[c[2]] : 99
				printf "%06d\t%02d\t%s\t%08d\t%s\n", c[4], r, c[2], i, substr(row[i], length(c[1]) + 2)
			}
		}' | sort -t$'\t' -k1,1n -k2,2n -k3,3 -k4,4n | cut -f5-
} > "$out/model.csv"
# The report: report.sh on the merged file, its first line naming the runs.
set -- $settings
n=${#sources[@]}
env "$@" RESULTS="$out" PARTS=model VARIANT=bench MWARM=0 \
	MEASURED="Measured by $n runs of \`make bench\` (bench/merge.sh; a later run's points replace an earlier one's): $runs." \
	"$(dirname "$0")/report.sh" quick
note "merged $n runs into $out/model.csv and $out/model.md"
