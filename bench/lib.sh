# shellcheck shell=bash disable=SC2034 # its variables are for the bench's scripts
# The bench's helpers (bench.sh, report.sh, merge.sh, seeks.sh, and the
# book's figures that read its results). Source it; do not run it.
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
BENCH_DIR=$TOP/bench
# has PART: the bench's PARTS (a space list) names PART.
has() { [[ " ${PARTS:-} " == *" $1 "* ]]; }
# kv_awk: awk's kv(), for the guest's "bench: KEY=VALUE ..." lines: it
# fills v[KEY] with VALUE from the fields after the first. Put it before a
# program: awk "$kv_awk"' /^bench: n=/ { kv(); print v["n"] }'.
kv_awk='function kv(   i, a) { delete v; for (i = 2; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] } }'
# MODEL_ORDER: the disk model's configurations, in the order the bench
# runs them and its tables list them (the seed's columns, the chapters
# after them, then mainline with and without windows, then ext4).
MODEL_ORDER="ch1 ch2 ch3-rsv128 ch4 ch5 ch6 ch0 ch0-noresv ext4"
# bench_first NAME: the bench's default for a disk-model setting when the
# first model runs were made: MDIRTY=4/1, MTOTAL=64 MiB, MBOOT=config (one
# guest per configuration), MJOBS=1, MSECS=0 (no dbench: every model run
# until then was BENCH=quick), MWARM=0 (no warm-ups). A report's "Measured
# by" line names a setting only where it differs from this (report.sh's
# header), so that bench_setting can read every setting back from it,
# the old reports' included. These are not today's defaults (bench.sh).
# SMP=2: the guest's CPUs, which no report named before SMP=1 was tried.
bench_first() {
	local -A defaults=([MDIRTY]=4/1 [MTOTAL]=64 [MBOOT]=config [MJOBS]=1 [MSECS]=0 [MWARM]=0 [SMP]=2)
	echo "${defaults[$1]}"
}
# bench_setting LINE NAME: NAME's value in a bench report's "Measured by"
# line (the make bench command it quotes), or bench_first's if the command
# did not set it.
bench_setting() {
	grep -o " $2=[^ \`']*" <<<"$1" | head -1 | cut -d= -f2 | grep . || bench_first "$2"
}
# medians CSV METRIC: of a bench CSV (kernel,fs,writers,run,metric,value), "kernel writers median min max runs", in CSV order.
medians() {
	[ -f "$1" ] || return 0
	awk -F, -v m="$2" 'NR > 1 && $5 == m {
			k = $1 SUBSEP $3
			if (!(k in n)) order[++no] = k
			v[k, ++n[k]] = $6 + 0
		}
		END {
			for (o = 1; o <= no; o++) {
				k = order[o]; c = n[k]
				for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++)
					if (v[k, j] < v[k, i]) { t = v[k, i]; v[k, i] = v[k, j]; v[k, j] = t }
				med = c % 2 ? v[k, (c + 1) / 2] : (v[k, c / 2] + v[k, c / 2 + 1]) / 2
				split(k, p, SUBSEP)
				print p[1], p[2], med, v[k, 1], v[k, c], c
			}
		}' "$1"
}
