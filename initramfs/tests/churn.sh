# While N writers append MIB MiB each (ARGS: N MIB), another process keeps
# writing, truncating, appending to, rewriting and unlinking files in the
# same file system, checking each against a copy in tmpfs. Windows are
# discarded on truncate and dropped on unlink while others are being made.
. /tests/lib.sh
set -- $ARGS
n=${1:-8} mib=${2:-16}
mkdir -p /mnt/w /mnt/c
writers write /mnt/w "$n" "$mib" > /tmp/writers.out 2>&1 &
wp=$!
# On two CPUs, N busy writers would starve this one loop: raise its
# priority (not the writers', which were forked before).
renice -n -15 -p $$ >/dev/null
info "writers started at $(cut -d" " -f1 /proc/uptime) s"
head -c 150000 /dev/urandom > /tmp/pool
rounds=0 bad=0 during=0
while kill -0 $wp 2>/dev/null || [ $rounds -lt 3 ]; do
	f=/mnt/c/f$((rounds % 4))
	kill -0 $wp 2>/dev/null && during=$((during + 1))
	size=$((20000 + rounds * 4099 % 100000))
	head -c $size /tmp/pool > /tmp/ref
	cat /tmp/ref > "$f"                          # (re)write from scratch
	cmp -s /tmp/ref "$f" || { bad=$((bad + 1)); info "round $rounds: rewrite differs"; }
	cut=$((rounds * 7919 % size + 1))
	truncate -s $cut "$f"                         # shrink
	head -c $cut /tmp/ref > /tmp/ref2
	cmp -s /tmp/ref2 "$f" || { bad=$((bad + 1)); info "round $rounds: truncate to $cut differs"; }
	cat /tmp/ref >> "$f"                          # grow again
	cat /tmp/ref >> /tmp/ref2
	cmp -s /tmp/ref2 "$f" || { bad=$((bad + 1)); info "round $rounds: append differs"; }
	rm -f "/mnt/c/f$(((rounds + 2) % 4))"         # unlink another one
	rounds=$((rounds + 1))
done
wait $wp; wrc=$?
info "writers: $(cat /tmp/writers.out) (done at $(cut -d" " -f1 /proc/uptime) s)"
info "$rounds churn rounds, $during of them begun while the writers ran"
check "$n writers appending $mib MiB each finished" test $wrc = 0
check "$rounds rounds of write, truncate, append, unlink all compared equal" test $bad = 0 -a $rounds -gt 0
check "the churn really overlapped the writers ($during rounds)" test $during -ge 3
echo 3 > /proc/sys/vm/drop_caches
check "$n writers' files read back byte-exact" writers verify /mnt/w "$n" "$mib"
sync
echo "# free_blocks=$(stat -f -c %f /mnt)"
