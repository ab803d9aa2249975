# shellcheck disable=SC2046 # set -- $(...) splits a line of /proc or /sys into its fields, on purpose
# N concurrent writers append MIB MiB each to /mnt/fNN, then every byte is
# read back. ARGS: N MIB [CHUNK_KIB [RSV [hold-dirty]]], RSV: window size to
# set on each file (0: the default); hold-dirty: raise the dirty-page limits
# so that no writeback runs while the writers write (the allocator-cost
# benchmark: ext2 allocates inside write(), so the system time of the write
# phase is then the allocator's and the copying's; no read-back follows).
# The host reads the layout afterwards.
. /tests/lib.sh
set -- $ARGS
n=${1:-8} mib=${2:-16} chunk=${3:-16} rsv=${4:-0} dirty=${5:-}
if [ "$dirty" = hold-dirty ]; then
	echo 50 > /proc/sys/vm/dirty_background_ratio
	echo 80 > /proc/sys/vm/dirty_ratio
fi
check "the guest has 2 CPUs (concurrency is real)" test "$(nproc)" -ge 2
check "/mnt is mounted" grep -q ' /mnt ' /proc/mounts
# For bench/bench.sh: guest-side figures, one 'bench:' line each.
sys_ticks() { set -- $(grep '^cpu ' /proc/stat); echo $4; }   # system time
disk_reads() { set -- $(cat /sys/block/vda/stat); echo "$1 $3"; }  # requests, sectors
now() { cut -d' ' -f1 /proc/uptime; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { print b - a }'; }
t0=$(now) k0=$(sys_ticks)
check "$n writers append $mib MiB each in $chunk KiB writes$([ "$rsv" != 0 ] && echo ", windows of $rsv blocks")" writers write /mnt "$n" "$mib" "$chunk" "$rsv"
k1=$(sys_ticks)
sync
echo "bench: write_seconds=$(since "$t0") write_sys_ticks=$(( k1 - k0 )) sync_sys_ticks=$(( $(sys_ticks) - k1 ))"
# The allocator-cost runs measure the writes only: no read-back there.
[ "$dirty" = hold-dirty ] && exit 0
echo 3 > /proc/sys/vm/drop_caches 2>/dev/null
t1=$(now)
set -- $(disk_reads); r0=$1 s0=$2
check "$n files read back byte-exact" writers verify /mnt "$n" "$mib"
set -- $(disk_reads)
echo "bench: readback_requests=$(( $1 - r0 )) readback_sectors=$(( $2 - s0 )) readback_mib=$(( n * mib ))"
echo "bench: readback_seconds=$(since "$t1")"
