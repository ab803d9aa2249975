# Throughput (boot with WORK=1): dbench with N clients for S seconds, then a
# tiobench-like sequential write with fio, N jobs of MIB MiB each, fsync at
# the end. ARGS: N S MIB. Prints 'bench:' lines for bench/bench.sh.
. /tests/lib.sh
set -- $ARGS
n=${1:-8} secs=${2:-10} mib=${3:-8}
d=$(cd /mnt && dbench -c /usr/share/dbench/client.txt -t "$secs" "$n" 2>&1)
tp=$(echo "$d" | sed -n 's/^ *Throughput \([0-9.]*\) MB\/sec.*/\1/p' | tail -1)
check "dbench: $n clients for $secs s ($tp MB/s)" test -n "$tp"
[ -n "$tp" ] || echo "$d" | tail -20 | sed 's/^/# /'
rm -rf /mnt/clients
sync
echo 3 > /proc/sys/vm/drop_caches
f=$(fio --name=seqwrite --directory=/mnt --rw=write --bs=4k --size="${mib}m" --numjobs="$n" --fallocate=none \
	--group_reporting --end_fsync=1 --output-format=terse 2>&1)
kib_s=$(echo "$f" | awk -F';' 'NF > 100 { print $48 }' | tail -1)
check "fio: $n jobs each writing $mib MiB in 4 KiB writes (${kib_s} KiB/s)" test -n "$kib_s"
[ -n "$kib_s" ] || echo "$f" | tail -20 | sed 's/^/# /'
echo "bench: dbench_mb_s=${tp:-0} fio_write_mb_s=$(awk -v k="${kib_s:-0}" 'BEGIN { printf "%.1f", k / 1024 }')"
rm -f /mnt/seqwrite.*
