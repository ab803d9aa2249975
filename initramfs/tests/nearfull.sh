# shellcheck disable=SC2046 # set -- $(...) splits a line of /proc or /sys into its fields, on purpose
# The cost of allocating on a nearly full disk (make bench, part nearfull).
# ARGS: PERCENT WRITERS MIB ROUNDS: fill /mnt to PERCENT with the free space
# in small holes in every group (the nearfull tool); then, ROUNDS times,
# WRITERS processes append MIB MiB each to new files, which are removed
# again, so every round starts from the same fullness. The system time of
# the write phases is the allocator's and the copying's (dirty pages are
# held back, as in the alloc part: ext2 allocates inside write()).
. /tests/lib.sh
set -- $ARGS
pct=${1:-95} n=${2:-8} mib=${3:-1} rounds=${4:-8}
sys_ticks() { set -- $(grep '^cpu ' /proc/stat); echo $4; }
mkdir -p /mnt/fill
nearfull /mnt/fill "$pct" > /tmp/nearfull.out 2>&1
check "nearfull brings /mnt to ${pct}% with holes in every group" grep -q '^files=' /tmp/nearfull.out
sed 's/^/# /' /tmp/nearfull.out
echo "bench: $(sed -n 's/.*used_pct=\([0-9.]*\).*/before_pct=\1/p' /tmp/nearfull.out)"
echo 50 > /proc/sys/vm/dirty_background_ratio
echo 80 > /proc/sys/vm/dirty_ratio
ticks=0 r=0 bad=0
while [ $r -lt "$rounds" ]; do
	mkdir /mnt/new
	k0=$(sys_ticks)
	writers write /mnt/new "$n" "$mib" 16 > /tmp/writers.out 2>&1 || bad=1
	ticks=$((ticks + $(sys_ticks) - k0))
	rm -rf /mnt/new
	r=$((r + 1))
	[ $bad = 0 ] || break
done
check "$rounds rounds of $n writers appending $mib MiB each at ${pct}% full" test $bad = 0
[ $bad = 0 ] || sed 's/^/#   /' /tmp/writers.out | head
echo "bench: write_sys_ticks=$ticks write_mib=$((rounds * n * mib))"
sync
echo "# free_blocks=$(stat -f -c %f /mnt)"
