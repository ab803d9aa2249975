#!/usr/bin/env bash
# make bench: the layout and read-back measurements, chapter by chapter.
#   scripts/bench.sh quick    8 and 32 writers, one run each (a few minutes)
#   scripts/bench.sh full     1, 4, 8, 16, 32, 64 writers, 3 runs each
# Every run is a fresh guest on a fresh file system: N processes append
# 16 MiB each to N files in one directory, in 16 KiB writes; the guest then
# drops its caches and reads everything back (counting read requests at
# the disk), and the host reads the image with libext2fs (tools/e2layout).
# Results: build/results/layout.csv (kernel,fs,writers,run,metric,value)
# and build/results/layout.md (medians and spread), printed at the end.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
mode=${1:-quick}
case $mode in
quick) counts="8 32" runs=1 ;;
full) counts="1 4 8 16 32 64" runs=3 ;;
*) die "usage: bench.sh quick|full" ;;
esac
MIB=${MIB:-16}

# name CH MNT FS RSV: the configurations measured, anchors first.
configs=(
	"ch0 0 reservation ext2 0"        # mainline 6.1: rb-tree, growing windows
	"ch0-noresv 0 noreservation ext2 0"  # mainline's allocator without windows
	"ext4 0 - ext4 0"                 # the modern allocator (delayed allocation)
)
for c in $(seq 1 "$NCH"); do
	m=-; [ "$c" -ge 3 ] && m=reservation
	configs+=("ch$c $c $m ext2 0")
done
[ "$NCH" -ge 3 ] && configs+=("ch3-rsv128 3 reservation ext2 128")  # the seed's rsv(128)

for cfg in "${configs[@]}"; do
	set -- $cfg
	need_kernel "$2"
done
E2LAYOUT=$(e2layout)
"$TOP/scripts/initramfs.sh"

R=$RESULTS/bench-$mode
mkdir -p "$R"
csv=$RESULTS/layout.csv
echo "kernel,fs,writers,run,metric,value" > "$csv.tmp"
total=$(( ${#configs[@]} * $(echo $counts | wc -w) * runs )) i=0 start=$(date +%s)
say "bench ($mode): ${#configs[@]} kernels x writers {$counts} x $runs run(s) = $total guest runs"
for n in $counts; do
	for cfg in "${configs[@]}"; do
		set -- $cfg
		name=$1 ch=$2 mnt=$3 fs=$4 rsv=$5
		[ "$mnt" = - ] && mnt=
		for run in $(seq "$runs"); do
			i=$((i + 1))
			tag=$name-w$n-r$run
			disk=$((n * MIB * 2 < 512 ? 512 : n * MIB * 2))
			t0=$(date +%s)
			if ! env CH="$ch" FS="$fs" MNT="$mnt" RUN=writers ARGS="$n:$MIB:16:$rsv" DISK_MB=$disk \
				DISK="$R/$tag.img" LOG="$R/$tag.log" "$TOP/scripts/qemu.sh" test >/dev/null 2>&1 ||
			   ! grep -q '^ok - [0-9]* files read back byte-exact' "$R/$tag.log"; then
				die "run $tag failed: see $R/$tag.log"
			fi
			"$E2LAYOUT" -k "$R/$tag.img" > "$R/$tag.layout"
			rm -f "$R/$tag.img"
			{
				cat "$R/$tag.layout"
				grep -ao 'bench: .*' "$R/$tag.log" | sed 's/^bench: //' | tr ' ' '\n'
			} | tr '=' ' ' | awk -v pre="$name,$fs,$n,$run," '
				{ print pre $1 "," $2; m[$1] = $2 }
				END { if (m["readback_mib"] > 0)
					printf "%sreadback_requests_per_mib,%.2f\n", pre, m["readback_requests"] / m["readback_mib"] }' >> "$csv.tmp"
			el=$(( $(date +%s) - start ))
			printf '    [%d/%d] %-11s %2d writers run %d: %s extents/file (%ds; about %ds left)\n' \
				"$i" "$total" "$name" "$n" "$run" \
				"$(sed -n 's/^extents_mean=//p' "$R/$tag.layout")" \
				$(( $(date +%s) - t0 )) $(( el * (total - i) / i )) >&2
		done
	done
done
mv "$csv.tmp" "$csv"

# Medians and spread per kernel and writer count, as markdown tables.
# median_table METRIC FORMAT: one row per kernel, one column per writer count.
median_table() {
	local metric=$1 fmt=$2
	printf '| kernel |'; for n in $counts; do printf ' %s writers |' "$n"; done; echo
	printf '|---|'; for n in $counts; do printf -- '---|'; done; echo
	for cfg in "${configs[@]}"; do
		set -- $cfg
		printf '| %s |' "$1"
		for n in $counts; do
			awk -F, -v k="$1" -v n="$n" -v m="$metric" '$1 == k && $3 == n && $5 == m { print $6 }' "$csv" |
				sort -g | awk -v fmt="$fmt" '{ v[NR] = $1 }
				END {
					if (!NR) { printf " - |"; exit }
					med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
					printf " " fmt, med
					if (NR > 1) printf " (" fmt "-" fmt ")", v[1], v[NR]
					printf " |"
				}'
		done
		echo
	done
}
md=$RESULTS/layout.md
{
	echo "### Mean extents per file (median, min-max over runs)"; echo
	median_table extents_mean %.1f; echo
	echo "### Layout score (1.0: every block follows its predecessor)"; echo
	median_table layout_score %.3f; echo
	echo "### Read-back: disk read requests per MiB"; echo
	median_table readback_requests_per_mib %.1f
} > "$md"
cat "$md"
note "measured on a shared 2-core machine under TCG: the layout is what transfers to real disks"
note "$csv, $md ($(( $(date +%s) - start )) s)"
