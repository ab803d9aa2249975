# N concurrent writers append MIB MiB each to /mnt/fNN, then every byte is
# read back. ARGS: N MIB [CHUNK_KIB [RSV]], RSV: window size to set on each
# file (0: the default). The host reads the layout afterwards.
. /tests/lib.sh
set -- $ARGS
n=${1:-8} mib=${2:-16} chunk=${3:-16} rsv=${4:-0}
check "the guest has 2 CPUs (concurrency is real)" test "$(nproc)" -ge 2
check "/mnt is mounted" grep -q ' /mnt ' /proc/mounts
check "$n writers append $mib MiB each in $chunk KiB writes$([ "$rsv" != 0 ] && echo ", windows of $rsv blocks")" writers write /mnt "$n" "$mib" "$chunk" "$rsv"
echo 3 > /proc/sys/vm/drop_caches 2>/dev/null
check "$n files read back byte-exact" writers verify /mnt "$n" "$mib"
