# The seed's tiobench and dbench columns, on whatever disk the guest has
# (boot with WORK=1; the bench boots it with DISK_MODEL=hdd).
# ARGS: COUNTS TOTAL_MIB SECS RUNS [RSV [DIRTY]], COUNTS a comma list
# (8,32,64), DIRTY the dirty-page limits in MiB as LIMIT/BACKGROUND (4/1).
# For each writer count N, RUNS times, on a file system made afresh with
# e2fsprogs' mke2fs (the seed ran each test on a fresh file system):
#   1. N fio jobs write TOTAL_MIB / N MiB each (at least 1), sequentially,
#      to their own files in one directory, in 4 KiB writes, each file
#      fsync'ed at its end: the time until the last fsync returns is the
#      write time. With RSV, each file's window is set to RSV blocks first;
#   2. the caches are dropped and the N files read back by N jobs at once;
#   3. the files are removed and dbench runs SECS seconds with N clients
#      (SECS 0: no dbench);
#   4. e2fsck -fn checks the file system.
# One 'bench:' line per run: n, run, seq_write_mb_s, seq_read_mb_s,
# dbench_mb_s, and the disk requests of the write and read phases (from
# /sys/block/vda/stat).
. /tests/lib.sh
set -- $ARGS
counts=$(echo "${1:-8}" | tr , ' ') total=${2:-128} secs=${3:-0} runs=${4:-1} rsv=${5:-0}
dirty=${6:-4/1}
bs=$(stat -f -c %S /mnt)
# A 2004 machine had far less memory than the data it wrote: writers spent
# their time waiting for writeback, and took turns at the allocator. Small
# dirty limits do the same here (by default 4 MiB, background writeback
# from 1 MiB).
echo $((${dirty%/*} << 20)) > /proc/sys/vm/dirty_bytes
echo $((${dirty#*/} << 20)) > /proc/sys/vm/dirty_background_bytes
now() { cut -d' ' -f1 /proc/uptime; }
disk_io() { set -- $(cat /sys/block/vda/stat); echo "$1 $5"; }   # read, write requests
rate() { awk -v m="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.2f", (b > a) ? m / (b - a) : 0 }'; }
# e2fsprogs' own tools (busybox's mke2fs comes first on the PATH).
fresh() {
	cd /
	umount /mnt && /usr/sbin/mke2fs -q -F -t "$FS" -b "$bs" /dev/vda &&
		mount -t "$FS" ${MNT:+-o "$MNT"} /dev/vda /mnt
}
for n in $counts; do
	mib=$((total / n)); [ "$mib" -ge 1 ] || mib=1
	job() {
		fio --name=seq --directory=/mnt --bs=4k --size="${mib}m" --numjobs="$n" \
			--ioengine=psync --fallocate=none --output-format=terse "$@" 2>&1
	}
	for r in $(seq "$runs"); do
		check "$n writers, run $r: a fresh $FS file system (mke2fs)" fresh
		grep -q ' /mnt ' /proc/mounts || { echo "not ok - /mnt is not mounted: stopping"; exit 0; }
		if [ "$rsv" != 0 ]; then
			i=0
			while [ $i -lt "$n" ]; do
				# At full (sparse) size already: fio would otherwise
				# unlink and re-create a shorter file, window and all.
				: > "/mnt/seq.$i.0" && rsvctl set "/mnt/seq.$i.0" "$rsv" &&
					truncate -s "${mib}M" "/mnt/seq.$i.0" || echo "not ok - rsvctl set seq.$i.0 $rsv"
				i=$((i + 1))
			done
		fi
		sync
		set -- $(disk_io); w0=$2 t0=$(now)
		out=$(job --rw=write --end_fsync=1)
		t1=$(now); set -- $(disk_io); w1=$2
		check "$n writers, run $r: fio wrote $mib MiB per file, fsync'ed" test -n "$(echo "$out" | grep '^3;')"
		[ "$rsv" = 0 ] || check "$n writers, run $r: the files kept their $rsv-block windows" \
			test "$(rsvctl get /mnt/seq.0.0)" = "$rsv"
		echo 3 > /proc/sys/vm/drop_caches
		set -- $(disk_io); r0=$1 t2=$(now)
		out=$(job --rw=read)
		t3=$(now); set -- $(disk_io); r1=$1
		check "$n writers, run $r: fio read the $n files back" test -n "$(echo "$out" | grep '^3;')"
		rm -f /mnt/seq.*
		sync
		tp=0
		if [ "$secs" -gt 0 ]; then
			d=$(cd /mnt && dbench -c /usr/share/dbench/client.txt -t "$secs" "$n" 2>&1)
			tp=$(echo "$d" | sed -n 's/^ *Throughput \([0-9.]*\) MB\/sec.*/\1/p' | tail -1)
			check "$n clients, run $r: dbench ran $secs s ($tp MB/s)" test -n "$tp"
			[ -n "$tp" ] || { echo "$d" | tail -20 | sed 's/^/# /'; tp=0; }
			rm -rf /mnt/clients
		fi
		cd / && umount /mnt
		check "$n writers, run $r: e2fsck -fn finds the file system clean" /usr/sbin/e2fsck -fn /dev/vda
		mount -t "$FS" ${MNT:+-o "$MNT"} /dev/vda /mnt
		echo "bench: n=$n run=$r seq_write_mb_s=$(rate $((n * mib)) "$t0" "$t1") seq_read_mb_s=$(rate $((n * mib)) "$t2" "$t3") dbench_mb_s=$tp write_requests=$((w1 - w0)) read_requests=$((r1 - r0)) mib=$((n * mib))"
	done
done
sync
echo "# free_blocks=$(stat -f -c %f /mnt)"
