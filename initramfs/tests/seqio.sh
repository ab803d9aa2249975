# shellcheck disable=SC2046 # set -- $(...) splits a line of /proc or /sys into its fields, on purpose
# The seed's tiobench and dbench columns, on whatever disk the guest has
# (boot with WORK=1; the bench boots it with DISK_MODEL=hdd).
# ARGS: COUNTS TOTAL_MIB SECS RUNS [RSV [DIRTY [WARM]]], COUNTS a comma list
# (8,32,64), DIRTY the dirty-page limits in MiB as LIMIT/BACKGROUND (4/1),
# WARM the number of warm-up runs at each count before the counted ones
# (0), or "auto": warm-up runs until two in a row agree (write rate and
# extents per file within 10% of each other) and the throttle's rate has
# stopped falling (the last one's ratelimit at its last wait at least half
# that at its first, or less than 64 KB/s lower), at most 6. A warm-up run
# is a write only, its figures printed as a comment. The kernel
# paces writers by its estimate of the rate the disk takes dirty data at
# (the ratelimit of the balance_dirty_pages tracepoint), kept with the
# disk, not the file system: the first run after boot starts from the
# kernel's guess (100 MB/s), each later one from where the run before left
# it. Warm-up runs bring every counted run closer to where this same
# workload leaves it.
# For each writer count N, RUNS times, on a file system made afresh with
# e2fsprogs' mke2fs (the seed ran each test on a fresh file system):
#   1. N fio jobs write TOTAL_MIB / N MiB each (at least 1), sequentially,
#      to their own files in one directory, in 4 KiB writes, each file
#      fsync'ed at its end: the time until the last fsync returns is the
#      write time. With RSV, each file's window is set to RSV blocks first;
#   2. the caches are dropped and the N files read back by N jobs at once,
#      whole: a read cut short after 30 s was tried, and it read the first
#      part of each file, more scattered than the rest (340 disk requests
#      per MiB against 205 for whole files, in one run of chapter 1);
#      then, caches dropped again, the files read alone, one after another,
#      as a later reader reads them (whole files from the first, until 8 MiB
#      or more: one file where a file holds 8 MiB, so that badly laid out
#      files do not take many minutes; one fio job, one file after another):
#      no other reader's requests lie next to this one's on the disk, so
#      none can be merged;
#   3. the files are removed and dbench runs SECS seconds with N clients
#      (SECS 0: no dbench);
#   4. e2fsck -fn checks the file system.
# TOTAL_MIB 0: no fio, dbench alone (SECS seconds, N clients, its
# standard load) on each fresh file system, as the seed ran it; a warm-up
# run is then a dbench run not counted, and WARM=auto stops the warm-ups
# when two in a row agree within 10%. Its 'bench:' line: dbench_mb_s,
# dbench_secs, dbench_max_latency_ms (the slowest operation dbench saw),
# dbench_wall_s (its start to its end), the disk's requests in that
# time (dbench_write_requests, dbench_read_requests), and the writeback's
# share of the writes: the requests the flusher sent on its own
# (dbench_writeback_requests) and the KiB they carried
# (dbench_writeback_kib), and the file system's size (dbench_fs_mib,
# see fs_mb below).
# One 'bench:' line per run: n, run, seq_write_mb_s, seq_read_mb_s and
# alone_read_mb_s (the reads from fio's own read time and bytes: read_mib
# and alone_mib), dbench_mb_s, the disk
# requests of the write, read and read-alone phases (from
# /sys/block/vda/stat), the mean extents per file after the write
# (debugfs), and the dirty throttle during the write (throttle_pauses:
# times a writer was told to wait; throttle_ms: the waits asked for, in
# all; throttle_pages: the mean number of pages a writer could dirty
# before it was looked at again; ratelimit_first_kbs and _last_kbs: the
# rate it paced writers by at its first and last wait; throttle_together:
# how many writers woke from their waits at once, see seqio-read.sh), how
# the writers took turns at the allocator, seen in the layout
# (layout_one_block_pct and layout_aba_pct, see seqio-read.sh), and
# warmups, the warm-up runs before the counted ones at this count.
. /tests/lib.sh
. /tests/seqio-read.sh
set -- $ARGS
counts=$(echo "${1:-8}" | tr , ' ') total=${2:-128} secs=${3:-0} runs=${4:-1} rsv=${5:-0}
dirty=${6:-4/1} warm=${7:-0}
case $warm in
auto) maxwarm=6 ;;
''|*[!0-9]*) echo "not ok - WARM is '$warm': a number of warm-up runs, or auto"; exit 0 ;;
*) maxwarm=$warm ;;
esac
alone=; [ "$total" != 0 ] || alone=1   # dbench alone (see TOTAL_MIB 0 above)
[ -z "$alone" ] || [ "$secs" != 0 ] || { echo "not ok - TOTAL_MIB and SECS are both 0: nothing to measure"; exit 0; }
bs=$(stat -f -c %S /mnt)
# A 2004 machine had far less memory than the data it wrote: writers spent
# their time waiting for writeback, and took turns at the allocator. Small
# dirty limits do the same here (by default 4 MiB, background writeback
# from 1 MiB).
echo $((${dirty%/*} << 20)) > /proc/sys/vm/dirty_bytes
echo $((${dirty#*/} << 20)) > /proc/sys/vm/dirty_background_bytes
now() { cut -d' ' -f1 /proc/uptime; }
# The dirty throttle, seen from the kernel: the writeback tracepoint
# balance_dirty_pages fires where a writer over its share of dirty pages
# is told to wait (pause, in ms) and how many pages it may dirty before it
# is looked at again (dirtied_pause). Events with pause > 0 are kept.
tr=/sys/kernel/tracing ev=
[ -d $tr/events ] || mount -t tracefs tracefs $tr 2>/dev/null
if [ -d $tr/events/writeback/balance_dirty_pages ]; then
	ev=$tr/events/writeback/balance_dirty_pages
	echo 8192 > $tr/buffer_size_kb   # per CPU: a run's events, none lost
	echo 'pause > 0' > $ev/filter
else
	echo "# no writeback:balance_dirty_pages tracepoint: the throttle is not counted"
fi
# overruns DIR: the events the trace buffer of DIR (tracefs or one of its
# instances) lost since it was last cleared, over every CPU.
overruns() { cat "$1"/per_cpu/cpu*/stats | awk '/^overrun:/ { s += $2 } END { print s + 0 }'; }
throttle_on() { [ -z "$ev" ] || { echo > $tr/trace; echo 1 > $ev/enable; }; }
# throttle_off: what throttle_sum (seqio-read.sh) makes of the waits since
# throttle_on, "EVENTS PAUSE_MS MEAN_DIRTIED_PAUSE LOST FIRST_RL LAST_RL
# TOGETHER" (FIRST_RL and LAST_RL: see WARM above).
throttle_off() {
	[ -n "$ev" ] || { echo "0 0 0 0 0 0 0"; return; }
	echo 0 > $ev/enable
	throttle_sum "$(overruns $tr)" < $tr/trace
}
disk_io() { set -- $(cat /sys/block/vda/stat); echo "$1 $5"; }   # read, write requests
# The writeback's requests: the block layer's issue tracepoint, in a trace
# instance of its own, filtered to plain writes (rwbs "W": neither sync,
# as the writes an fsync waits for are, nor metadata), which are the
# flusher's. How many there are, and their size, is what a file's layout
# changes: a file in fewer pieces goes out in fewer, larger requests.
# Counted for dbench alone only.
wb=
if [ -n "$alone" ]; then
	if [ -d $tr/events/block/block_rq_issue ] && mkdir -p $tr/instances/wb 2>/dev/null; then
		wb=$tr/instances/wb
		echo 4096 > $wb/buffer_size_kb
		echo 'rwbs == "W"' > $wb/events/block/block_rq_issue/filter
	else
		echo "# no block:block_rq_issue tracepoint: the writeback's requests are not counted"
	fi
fi
# dbench_run LABEL: dbench SECS seconds with N clients in /mnt, then its
# files removed; sets tp (MB/s over its SECS, after its own warm-up of
# SECS / 5), lat (its max_latency, ms), dt (the seconds from its start
# to its end, its clients' setup, warm-up and clean-up included), dw
# and dr (the disk's write and read requests in that time), and wbn and
# wbk (the flusher's write requests in that time and their KiB; unset
# without the tracepoint).
dbench_run() {
	local label=$1 d w0 r0 t0
	set -- $(disk_io); r0=$1 w0=$2 t0=$(now)
	[ -z "$wb" ] || { echo > $wb/trace; echo 1 > $wb/events/block/block_rq_issue/enable; }
	d=$(cd /mnt && dbench -c /usr/share/dbench/client.txt -t "$secs" "$n" 2>&1)
	wbn="" wbk=""
	if [ -n "$wb" ]; then
		echo 0 > $wb/events/block/block_rq_issue/enable
		check "$n clients, $label: every writeback request traced" \
			test "$(overruns $wb)" = 0
		# "... block_rq_issue: 254,0 W 0 () SECTOR + SECTORS [comm]"
		set -- $(awk '/block_rq_issue:/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,[0-9]+$/) break
				n++; s += $(i + 6) } END { print n + 0, int(s / 2) }' $wb/trace)
		wbn=$1 wbk=$2
	fi
	dt=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
	set -- $(disk_io); dr=$(($1 - r0)) dw=$(($2 - w0))
	tp=$(echo "$d" | sed -n 's/^ *Throughput \([0-9.]*\) MB\/sec.*/\1/p' | tail -1)
	lat=$(echo "$d" | sed -n 's/^ *Throughput .*max_latency=\([0-9.]*\) ms.*/\1/p' | tail -1)
	check "$n clients, $label: dbench ran $secs s (${tp:-no} MB/s)" test -n "$tp"
	[ -n "$tp" ] || { echo "$d" | tail -20 | sed 's/^/# /'; tp=0; }
	rm -rf /mnt/clients
}
# fio_read [parallel|serial]: "MIB SECONDS" read by the jobs of fio's terse
# output on stdin (fields 6, read KiB, and 9, read time in ms): the jobs'
# longest time when they ran together, their sum when one after another.
# fio's start, more than a second under TCG, is not in it.
fio_read() {
	awk -F';' -v mode="$1" '/^3;/ { kb += $6; ms = (mode == "serial") ? ms + $9 : ($9 > ms ? $9 : ms) }
		END { printf "%.2f %.3f\n", kb / 1024, ms / 1000 }'
}
# near A B: A and B within 10% of the larger.
near() { awk -v a="$1" -v b="$2" 'BEGIN { m = a > b ? a : b; d = a > b ? a - b : b - a; exit !(m > 0 && d <= 0.1 * m) }'; }
# held FIRST LAST: the throttle's rate held in a run (its ratelimit, KB/s,
# at the last wait at least half that at the first, or under 64 below it).
held() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(b >= a / 2 || a - b < 64) }'; }
# warm_up_end SAID NEXT AGREE...: after warm-up run $wu, with WARM=auto:
# when an earlier warm-up left prev and the command AGREE says this one
# agrees with it, the warm-ups end (settled=1), SAID the evidence; the
# last one allowed says the counted runs follow all the same. prev becomes
# NEXT.
warm_up_end() {
	local said=$1 next=$2; shift 2
	[ "$warm" = auto ] || return 0
	if [ -n "$prev" ] && "$@"; then
		settled=1
		echo "# $nw: settled after $wu warm-up runs ($said)"
	elif [ "$wu" = "$maxwarm" ]; then
		echo "# $nw: not settled after $wu warm-up runs: the counted runs follow all the same"
	fi
	prev=$next
}
# write_agrees: fio's warm-up write agrees with the one before (prev,
# "RATE EXTENTS"): its rate and extents per file within 10%, and the
# throttle's rate held.
write_agrees() { near "${prev% *}" "$wrate" && near "${prev#* }" "$ext" && held "$rl_first" "$rl_last"; }
rate() { awk -v m="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.2f", (b > a) ? m / (b - a) : 0 }'; }
# fsck_run LABEL: unmount, e2fsck -fn (a check), mount again.
fsck_run() {
	cd / && umount /mnt
	check "$1: e2fsck -fn finds the file system clean" /usr/sbin/e2fsck -fn /dev/vda
	mount -t "$FS" ${MNT:+-o "$MNT"} /dev/vda /mnt
}
# mark K: a mark in the host's trace of the disk's requests, where the
# bench keeps one (DISK_TRACE, bench/seeks.sh): 1 a warm-up run
# begins, 2 a counted run begins, 3 and 4 the write begins and ends, 5 and
# 6 the read-back, 7 and 8 the files read alone. One 512-byte direct read
# each (diskmark), outside the measured times and request counts.
mark() { diskmark /dev/vda "$1" || echo "not ok - diskmark $1: the host's trace misses this mark"; }
# The file system's size: fio's runs take the whole disk; dbench alone
# takes dbench_fs_mb (initramfs/tests/dbench-fs.sh, which the bench sizes
# its disk by), within the disk.
. /tests/dbench-fs.sh
disk_mb=$(( $(cat /sys/block/vda/size) / 2048 ))
fs_mb() {
	local m; m=$(dbench_fs_mb "$1")
	[ "$m" -le "$disk_mb" ] || m=$disk_mb
	echo "$m"
}
# fresh [MIB]: a new file system of MIB MiB (the whole disk without),
# with e2fsprogs' own tools (busybox's mke2fs comes first on the PATH).
fresh() {
	cd /
	umount /mnt && /usr/sbin/mke2fs -q -F -t "$FS" -b "$bs" /dev/vda ${1:+"${1}M"} &&
		mount -t "$FS" ${MNT:+-o "$MNT"} /dev/vda /mnt
}
for n in $counts; do
	mib=$((total / n)); [ "$mib" -ge 1 ] || mib=1
	nw=$(nof "$n" writer) fsmb=
	if [ -n "$alone" ]; then
		nw="$n clients" fsmb=$(fs_mb "$n")
		[ $((24 * n)) -le "$fsmb" ] || {
			echo "not ok - $n clients: the disk is $disk_mb MiB, and dbench needs about 24 MiB a client; give the guest a larger disk (DISK_MB=$(dbench_fs_mb "$n"))"
			continue; }
	fi
	job() {
		fio --name=seq --directory=/mnt --bs=4k --size="${mib}m" --numjobs="$n" \
			--ioengine=psync --fallocate=none --output-format=terse "$@" 2>&1
	}
	# The warm-up runs first (see WARM above), then the counted ones.
	wu=0 r=0 settled=0 prev=""
	while [ "$r" -lt "$runs" ]; do
		if [ "$settled" = 0 ] && [ "$wu" -lt "$maxwarm" ]; then
			wu=$((wu + 1)) rl="warm-up run $wu" warming=1
		else
			r=$((r + 1)) rl="run $r" warming=0
		fi
		mark $((2 - warming))
		check "$nw, $rl: a fresh $FS file system (mke2fs${fsmb:+, $fsmb MiB})" fresh $fsmb
		grep -q ' /mnt ' /proc/mounts || { echo "not ok - /mnt is not mounted: stopping"; exit 0; }
		if [ -n "$alone" ]; then
			sync
			dbench_run "$rl"
			fsck_run "$nw, $rl"
			if [ "$warming" = 1 ]; then
				echo "# $n clients, $rl (not counted): dbench $tp MB/s"
				warm_up_end "the last two: $prev and $tp MB/s" "$tp" near "$prev" "$tp"
			else
				echo "bench: n=$n run=$r dbench_mb_s=$tp dbench_secs=$secs dbench_max_latency_ms=${lat:-0} dbench_wall_s=$dt dbench_write_requests=$dw dbench_read_requests=$dr ${wb:+dbench_writeback_requests=$wbn dbench_writeback_kib=$wbk }dbench_fs_mib=$fsmb warmups=$wu"
			fi
			continue
		fi
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
		throttle_on
		mark 3
		set -- $(disk_io); w0=$2 t0=$(now)
		out=$(job --rw=write --end_fsync=1)
		t1=$(now); set -- $(disk_io); w1=$2
		mark 4
		set -- $(throttle_off); thr_n=$1 thr_ms=$2 thr_pages=$3 rl_first=$5 rl_last=$6 thr_together=$7
		[ "$4" = 0 ] || echo "# $rl: the trace buffer lost $4 throttle events: the counts are short"
		check "$nw, $rl: fio wrote $mib MiB per file, fsync'ed" test -n "$(echo "$out" | grep '^3;')"
		[ "$rsv" = 0 ] || check "$nw, $rl: the files kept their $rsv-block windows" \
			test "$(rsvctl get /mnt/seq.0.0)" = "$rsv"
		# The layout the writers left, from e2fsprogs' debugfs, one run of
		# it for all the files: ext, the runs of blocks per file; one_pct
		# and aba_pct, how the writers took turns (seqio-read.sh).
		sync
		set -- $(i=0; while [ $i -lt "$n" ]; do echo "stat /seq.$i.0"; i=$((i + 1)); done |
			/usr/sbin/debugfs -c -f - /dev/vda 2>/dev/null | layout_turns "$n")
		ext=$1 one_pct=$2 aba_pct=$3
		if [ "$warming" = 1 ]; then
			thr="the throttle's ratelimit went from $rl_first to $rl_last KB/s, $thr_together writers waking together"
			[ "$thr_n" != 0 ] || thr="the throttle never made a writer wait"
			wrate=$(rate $((n * mib)) "$t0" "$t1")
			echo "# $nw, $rl (not counted): wrote $wrate MiB/s, $ext extents per file ($one_pct% of one block, $aba_pct% in turn with another's); $thr"
			rm -f /mnt/seq.*
			fsck_run "$nw, $rl"
			warm_up_end "the last two: ${prev% *} and $wrate MiB/s, ${prev#* } and $ext extents per file; the ratelimit from $rl_first to $rl_last KB/s in the last" \
				"$wrate $ext" write_agrees
			continue
		fi
		echo 3 > /proc/sys/vm/drop_caches
		mark 5
		set -- $(disk_io); r0=$1
		out=$(job --rw=read)
		set -- $(disk_io); r1=$1
		mark 6
		set -- $(echo "$out" | fio_read parallel); rmib=$1 rsecs=$2
		check "$nw, $rl: fio read the $(nof "$n" file) back, all $((n * mib)) MiB (${rmib} MiB in ${rsecs} s)" \
			awk -v m="$rmib" -v a="$((n * mib))" 'BEGIN { exit !(m == a) }'
		echo 3 > /proc/sys/vm/drop_caches
		# One fio job reads the files one after another (sequential file
		# service): the same reads as above, one reader at a time. One
		# job, not one per file: QEMU's throttle lets a tenth of a
		# second's requests through free after the disk idles (its
		# bucket holds avg/10), and fio idles the disk while it starts
		# each job, so a job per file would get a free burst per file.
		i=0 am=0 files=""
		while [ $i -lt "$n" ] && [ $am -lt 8 ]; do
			files="$files${files:+:}seq.$i.0"
			i=$((i + 1)) am=$((am + mib))
		done
		mark 7
		set -- $(disk_io); a0=$1
		out=$(fio --name=alone --directory=/mnt --filename="$files" --file_service_type=sequential \
			--filesize="${mib}m" --bs=4k --rw=read --ioengine=psync --output-format=terse 2>&1)
		set -- $(disk_io); a1=$1
		mark 8
		# The time fio itself measured reading: not fio's start, which
		# under TCG takes longer than a well laid out file takes to
		# read.
		set -- $(echo "$out" | fio_read serial); amib=$1 aread=$2
		check "$nw, $rl: fio read the first $(nof "$i" file) back alone ($amib MiB)" \
			awk -v m="$amib" -v a="$am" 'BEGIN { exit !(m == a) }'
		rm -f /mnt/seq.*
		sync
		tp=0
		[ "$secs" = 0 ] || dbench_run "$rl"
		fsck_run "$nw, $rl"
		echo "bench: n=$n run=$r seq_write_mb_s=$(rate $((n * mib)) "$t0" "$t1") seq_read_mb_s=$(rate "$rmib" 0 "$rsecs") dbench_mb_s=$tp write_requests=$((w1 - w0)) read_requests=$((r1 - r0)) mib=$((n * mib)) read_mib=$rmib alone_read_mb_s=$(rate $am 0 "$aread") alone_read_requests=$((a1 - a0)) alone_mib=$am extents_per_file=$ext throttle_pauses=$thr_n throttle_ms=$thr_ms throttle_pages=$thr_pages ratelimit_first_kbs=$rl_first ratelimit_last_kbs=$rl_last throttle_together=$thr_together layout_one_block_pct=$one_pct layout_aba_pct=$aba_pct warmups=$wu"
	done
done
sync
# The disk model measured: 4 KiB direct random reads of the raw disk for
# 3 s, so that nothing merges and nothing is cached. Throttled, the disk
# answers about 79 a second (DISK_MODEL=hdd); a plain one, thousands.
probe=$(fio --name=probe --filename=/dev/vda --readonly --rw=randread --direct=1 --bs=4k \
	--ioengine=psync --runtime=3 --time_based --output-format=terse 2>&1 | awk -F';' '/^3;/ { print $8 }')
echo "# probe: random 4 KiB reads per second: ${probe:-none}"
echo "# the guest's I/O scheduler: $(cat /sys/block/vda/queue/scheduler), on $(ls /sys/block/vda/mq | wc -l) hardware queue(s)"
echo "# free_blocks=$(stat -f -c %f /mnt)"
