# shellcheck shell=bash
# tests/groups/bench.sh: the suite's 'bench' group (tests/run.sh bench).
# Sourced by tests/run.sh, which has sourced tests/lib.sh; defines
# group_bench: make bench's tools on the host, and its disk model and
# dbench runs, small, in guests (chapter 4).

group_bench() {
	section "bench: the disk model and dbench, small; the bench's own tools"
	[ "$NCH" -ge 4 ] || { echo "# the bench's guest runs need chapter 4"; return; }
	# The disk model of make bench, small: chapter 4, 1 and 4 writers of
	# 8 MiB between them, one run each, on the throttled disk.
	model_smoke
	dbench_smoke
	searchtime_smoke
	bench_tools
}
# searchtime_smoke: make bench's searchtime part, small: chapters 4 and 5,
# K=16 and 256, 100 new files. The kernel times the search (function-graph
# tracer) and the lock (lock statistics); what the figures come to is the
# bench's to report, not a test's: here, that each is there.
searchtime_smoke() {
	local r=$T/searchtime
	rm -rf "$r"
	t_live "make bench PARTS=searchtime, small (chapters 4 and 5, K=16 and 256): the guests' checks pass, the report is written" \
		env PARTS=searchtime ONLY="ch4 ch5" TKPOINTS=16:256 TNEW=100 TRUNS=1 RESULTS="$r" "$TOP/bench/bench.sh" quick
	t "searchtime.csv: for chapters 4 and 5 at K=16 and 256, the tracer timed at least one call per new file and the search in it, and lock_stat saw the lock held, alone and on two CPUs" \
		awk -F, 'NR > 1 { v[$1 " " $3 " " $5] = $6 }
			END { for (c = 4; c <= 5; c++) for (i = 0; i < 2; i++) { k = "ch" c " " (i ? 256 : 16)
				if (!(v[k " calls"] >= 100 && v[k " search_us"] > 0 && v[k " alloc_us"] >= v[k " search_us"] &&
				      v[k " hold_us_per_new"] > 0 && v[k " acquisitions"] >= 100 && v[k " hold_us_per_new2"] > 0 && (k " wait_us_per_new2") in v)) {
					print "missing or zero at " k; bad = 1 } }
			exit bad }' "$r/searchtime.csv"
	t "searchtime.md has the search and lock tables, and the two log-log plots are drawn" \
		bash -c "grep -q '^### The search per new window' '$r/searchtime.md' && grep -q '^### s_rsv_window_lock held per new file' '$r/searchtime.md' &&
			grep -q '^| K | ch4 | ch5 |$' '$r/searchtime.md' && test -s '$r/searchtime-search.png' && test -s '$r/searchtime-hold.png'"
}
# bench_tools: make bench's own tools, on the host, no guest: its plan
# and time estimate, its answers to bad settings, and merge.sh, which
# rebuilds the book's model-256 results from the runs they came from.
bench_tools() {
	local b=$TOP/bench/bench.sh m=$TOP/bench/merge.sh r=$TOP/results
	t "make bench's plan (PLAN=1) prices the disk model's guests at results/model-256.csv's rates, quick and full, and builds nothing" \
		bash -c "for m in quick full; do out=\$(PLAN=1 RESULTS='$T/bench-plan' '$b' \$m 2>&1) || exit 1
			grep -q \"the disk model's [0-9]* guests: about [0-9]* h [0-9]* min at the rates in results/model-256.csv\" <<<\"\$out\" || exit 1
			! grep -q 'is up to date\|kernel.sh' <<<\"\$out\" || exit 1; done"
	# (PLAN=1 all the same: should a check be lost, the plan ends the run.)
	t "make bench says what is wrong with MDIRTY, MWARM, MTOTAL, MSECS, SMP or ONLY before it builds anything" \
		bash -c "! out=\$(PLAN=1 RESULTS='$T/bench-plan' MDIRTY=256 '$b' quick 2>&1) && grep -q 'MDIRTY must be LIMIT/BACKGROUND' <<<\"\$out\" &&
			! out=\$(PLAN=1 RESULTS='$T/bench-plan' MWARM=some '$b' quick 2>&1) && grep -q 'MWARM must be' <<<\"\$out\" &&
			! out=\$(PLAN=1 RESULTS='$T/bench-plan' MTOTAL=2048 '$b' quick 2>&1) && grep -q 'write at most 768 MiB' <<<\"\$out\" &&
			! out=\$(PLAN=1 RESULTS='$T/bench-plan' ONLY=ch9 '$b' quick 2>&1) && grep -q 'names no configuration' <<<\"\$out\" &&
			! out=\$(PLAN=1 RESULTS='$T/bench-plan' MSECS=1m '$b' quick 2>&1) && grep -q 'MSECS must be a whole number' <<<\"\$out\" &&
			! out=\$(PLAN=1 RESULTS='$T/bench-plan' MTOTAL=0 '$b' quick 2>&1) && grep -q 'give MSECS too' <<<\"\$out\" &&
			! out=\$(PLAN=1 RESULTS='$T/bench-plan' SMP=two '$b' quick 2>&1) && grep -q 'SMP must be a whole number' <<<\"\$out\""
	t "without rates measured at its dirty limits and with its CPUs, the plan says why it has no estimate for the model" \
		bash -c "out=\$(PLAN=1 MDIRTY=4/1 RESULTS='$T/bench-plan' '$b' quick 2>&1) && grep -q 'no estimate from its rates (results/model-256.csv was measured at MDIRTY=256/128, this run has 4/1)' <<<\"\$out\" &&
			out=\$(PLAN=1 SMP=1 RESULTS='$T/bench-plan' '$b' quick 2>&1) && grep -q 'no estimate from its rates (results/model-256.csv was measured with SMP=2 guest CPUs, this run has 1)' <<<\"\$out\""
	# A point results/model-256.csv lacks is priced from its neighbours,
	# along chapter 1's curve only for a configuration that runs as
	# chapter 1 does. Chapter 4 at 4 writers, taken out (neighbours at 1
	# and 8), keeps the straight line: within a fifth of its price from
	# its own rates (along chapter 1's curve it would come to 26 minutes,
	# twelve times its own 2). How near the curve's prices come to the
	# runs is the bench's findings' to report (bench/findings.md), not a test's.
	t "the plan prices a writer count results/model-256.csv lacks from its neighbours, and a configuration unlike chapter 1 not along chapter 1's curve" \
		bash -c "cp '$r/model-256.md' '$T/mref.md' && grep -v '^ch4,ext2,4,' '$r/model-256.csv' > '$T/mref.csv'
			price() { MREF=\$1 PLAN=1 RESULTS='$T/bench-plan' ONLY=ch4 MCOUNTS=4 MRUNS=3 MDIRTY=256/128 MTOTAL=384 MBOOT=count MWARM=auto PARTS=model '$b' quick 2>&1 |
				sed -n 's/.*guests: about \\([0-9]*\\) h \\([0-9]*\\) min.*/\\1 \\2/p' | awk '{ print \$1 * 60 + \$2 }'; }
			a=\$(price '$r/model-256.csv'); b=\$(price '$T/mref.csv')
			echo \"ch4 at 4 writers: \$a min from its own rates, \$b min without them\"
			[ -n \"\$a\" ] && [ -n \"\$b\" ] && [ \$((b * 5)) -ge \$((a * 4)) ] && [ \$((b * 5)) -le \$((a * 6)) ]"
	# A model guest's time limit gives each dbench run a fixed allowance
	# beyond its seconds; dbench's own overrun in every run on record
	# must fit in it twice over, or a slower run would be cut short.
	t "model_timeout's allowance per dbench run is at least twice the most dbench overran its seconds in the dbench runs on record (results/model-dbench.csv, results/runs/model-dbench-*/model.csv)" \
		bash -c "slack=\$(sed -n 's/^model_dbench_slack=\\([0-9]*\\)\$/\\1/p' '$b')
			over=\$(awk -F, '\$5 == \"dbench_wall_s\" { w[\$1 \" \" \$3 \" \" \$4] = \$6 } \$5 == \"dbench_secs\" { s[\$1 \" \" \$3 \" \" \$4] = \$6 }
				END { for (k in w) if (w[k] - s[k] > m) m = w[k] - s[k]; print m + 0 }' '$r'/model-dbench.csv '$r'/runs/model-dbench-*/model.csv)
			echo \"allowance \$slack s, dbench's longest overrun \$over s\"
			[ -n \"\$slack\" ] && awk -v s=\"\$slack\" -v o=\"\$over\" 'BEGIN { exit !(o > 0 && 2 * o <= s) }'"
	# The guest's reading of how writers took turns, on a debugfs output
	# written out by hand: two files, eight runs, three of them one block
	# long, five followed by the other file's run and then their own.
	t "layout_turns (initramfs/tests/seqio-read.sh) counts the runs per file, those one block long and those taken in turn with another file" \
		bash -c ". '$TOP/initramfs/tests/seqio-read.sh'
			out=\$(printf '%s\n' 'debugfs:  stat /seq.0.0' 'Inode: 12   Type: regular' 'BLOCKS:' \
				'(0):1000, (1-2):1002-1003, (3):1006, (4-11):1010-1017, (IND):1018, (12-20):1019-1027' 'TOTAL: 22' '' \
				'debugfs:  stat /seq.1.0' 'Inode: 13   Type: regular' 'BLOCKS:' '(0):1001, (1-2):1004-1005, (3-5):1007-1009' 'TOTAL: 6' |
				layout_turns 2); echo \"\$out\"; [ \"\$out\" = '4.0 37.5 62.5' ]"
	# ... and of the dirty throttle's waits: three, the first two ending
	# in the same 4 ms (100.0001 s + 100 ms and 100.001 s + 99 ms), the
	# third 50 ms later: 2, 2 and 1 writers waking together.
	t "throttle_sum (initramfs/tests/seqio-read.sh) sums the throttle's waits and counts the writers that wake from them together" \
		bash -c ". '$TOP/initramfs/tests/seqio-read.sh'
			line() { echo \"             fio-\$1     [00\$2] .....   \$3: balance_dirty_pages: bdi 253:0: limit=65536 setpoint=49152 dirty=50000 bdi_setpoint=49000 bdi_dirty=50000 dirty_ratelimit=\$4 task_ratelimit=280 dirtied=5 dirtied_pause=\$5 paused=0 pause=\$6 period=100 think=0 cgroup_ino=1\"; }
			out=\$({ echo '# tracer: nop'; line 201 0 100.000100 288 5 100; line 202 1 100.001000 288 5 99; line 203 1 100.050000 300 7 100; } |
				throttle_sum 0); echo \"\$out\"; [ \"\$out\" = '3 299 5.7 0 288 300 1.67' ]"
	t "results/README.md indexes every file of results/ as bench/index.sh writes it (what made it, what uses it), and nothing there is used by nothing" \
		bash -c "cd '$TOP' && bench/index.sh | diff - results/README.md"
	local f
	for f in model-256 model-dbench runs/model-dbench-60/model; do
		t "bench/merge.sh rebuilds results/$f.csv byte for byte from the runs results/$f.runs lists" \
			bash -c "cd '$TOP' && { '$m' '$T/merge-$f' \$(grep -v '^#' results/$f.runs) > '$T/merge-${f//\//-}.out' 2>&1 || { tail -15 '$T/merge-${f//\//-}.out'; false; }; } && cmp '$T/merge-$f/model.csv' '$r/$f.csv'"
	done
	# A run's report that names SMP=1 (its guest had one CPU): the same
	# run's figures, otherwise, so only SMP tells them apart.
	sed '1s/MBOOT=count/MBOOT=count SMP=1/' "$r/runs/model-256-turns-ch2/model.md" > "$T/merge-smp1.md"
	cp "$r/runs/model-256-turns-ch2/model.csv" "$T/merge-smp1.csv"
	t "merge.sh refuses runs measured with other dirty limits, dbench for other seconds or guests of other CPUs, and says so" \
		bash -c "! out=\$('$m' '$T/merge-bad3' '$r/runs/model-256-turns-ch2/model.csv' '$T/merge-smp1.csv' 2>&1) && grep -q 'SMP=1, .* SMP=2: their figures are not the same' <<<\"\$out\" &&
			! out=\$('$m' '$T/merge-bad' '$r/model-256.csv' '$r/model.csv' 2>&1) && grep -q 'not the same measurement' <<<\"\$out\" &&
			! out=\$('$m' '$T/merge-bad2' '$r/runs/model-dbench-seed/model.csv' '$r/runs/model-dbench-60a/model.csv' 2>&1) && grep -q 'MSECS=20 SMP=2: their figures are not the same' <<<\"\$out\""
}
# dbench_smoke: dbench alone on the disk model (seqio.sh with TOTAL_MIB
# 0), as make bench MTOTAL=0 MSECS=N runs it: 4 clients, 3 s, one warm-up
# run and one counted.
dbench_smoke() {
	guest ch4-dbench 4 RUN=seqio WORK=1 DISK_MODEL=hdd ARGS="4:0:3:1:0:4/1:1" MNT=reservation DISK_MB=256
	local line L=$T/ch4-dbench.txt
	tr -d '\r' < "$T/ch4-dbench.log" > "$L"
	line=$(grep -a '^bench: n=4 run=1 ' "$L" || true)
	t "dbench alone on the disk model: a warm-up run first, said and not counted" \
		bash -c "grep -aq '^# 4 clients, warm-up run 1 (not counted): dbench [0-9.]* MB/s' '$L' && ! grep -aq '^bench: n=4 run=0 ' '$L'"
	# dbench's figures and no fio's; its time at least its 3 s, the disk
	# written to (its flushes are fsyncs), and the flusher's requests
	# traced, each of at least a block.
	# shellcheck disable=SC2154 # kv_awk: bench/lib.sh, sourced by tests/lib.sh
	t "dbench alone on the disk model: its figures and no others (${line#bench: })" \
		awk "$kv_awk"' { kv(); k = 0; bad = 0
			for (m in v) { k++; if (v[m] !~ /^[0-9.]+$/) bad = 1 }
			good = !bad && k == 12 && v["dbench_fs_mib"] == 256 && v["dbench_mb_s"] > 0 && v["dbench_secs"] == 3 && v["dbench_wall_s"] >= 3 &&
				v["dbench_max_latency_ms"] > 0 && v["dbench_write_requests"] > 0 && v["warmups"] == 1 &&
				v["dbench_writeback_requests"] > 0 &&
				v["dbench_writeback_kib"] >= 4 * v["dbench_writeback_requests"] }
			END { exit !good }' <<<"$line"
	# 16 clients need more than 256 MiB (about 24 MiB a client): the
	# guest refuses the count, says what to give, and runs nothing.
	L=$T/ch4-dbench-small.log
	env CH=4 RUN=seqio WORK=1 ARGS="16:0:3:1:0:4/1:0" MNT=reservation DISK_MB=256 DISK="$T/ch4-dbench-small.img" \
		LOG="$L" "$TOP/scripts/qemu.sh" test > "$T/ch4-dbench-small.qemu" 2>&1 || true
	t "dbench alone on too small a disk: the count refused, with the disk to give, and nothing run" \
		bash -c "tr -d '\r' < '$L' | grep -aq '^not ok - 16 clients: the disk is 256 MiB, .*(DISK_MB=1024)' &&
			! grep -aq '^bench: ' '$L' && grep -aq '^course: finished' '$L'"
	t "dbench alone on too small a disk: the guest log has no WARNING, BUG, lockdep or list corruption" log_clean "$L"
}
# model_smoke: the bench's model part (initramfs/tests/seqio.sh on
# DISK_MODEL=hdd) runs and prints every figure; the disk answers random
# 4 KiB reads at the model's rate (79 a second, with QEMU's burst; the
# same probe on an unthrottled disk answered 1,713). The sequential
# figures of so small a run are set by the emulated CPU, not the disk, so
# they are not checked against the model's 58 MB/s.
model_smoke() {
	# With warm-up runs at each count until two agree (ARGS' last field),
	# as MWARM=auto asks.
	guest ch4-model 4 RUN=seqio WORK=1 DISK_MODEL=hdd ARGS="1,4:8:0:1:0:4/1:auto" MNT=reservation DISK_MB=256 \
		DISK_TRACE="$T/ch4-model.trace"
	# One copy of the log without the serial console's carriage returns.
	local n line iops nwarm said seq=0 ph L=$T/ch4-model.txt S=$T/ch4-model.seeks
	tr -d '\r' < "$T/ch4-model.log" > "$L"
	# The host's trace of the disk's requests, read by the bench's tool
	# (the counted runs only: one at each count).
	"$TOP/bench/seeks.sh" "$T/ch4-model.trace" $((256 * 1048576)) > "$S" 2>&1 || true
	t "the host's trace of the disk holds each counted run's write, read-back and read alone, marked by the guest" \
		bash -c "[ \"\$(grep -c '^seeks: seq=[12] phase=\(write\|read\|alone\) ' '$S')\" = 6 ] && ! grep -q '^seeks: seq=3' '$S'"
	t "seeks.sh says what is wrong when the trace is missing or the disk's size is not a number" \
		bash -c "! out=\$('$TOP/bench/seeks.sh' '$T/no-such.trace' 1024 2>&1) && grep -q 'no trace at' <<<\"\$out\" &&
			! out=\$('$TOP/bench/seeks.sh' '$T/ch4-model.trace' 1G 2>&1) && grep -q 'size in bytes' <<<\"\$out\""
	t "qemu.sh says what is wrong when DISK_TRACE cannot be written, before it boots" \
		bash -c "! out=\$(CH=4 DISK_TRACE=/proc/no-such/trace '$TOP/scripts/qemu.sh' test 2>&1) && grep -q 'cannot write the trace there' <<<\"\$out\""
	iops=$(sed -n 's/^# probe: random 4 KiB reads per second: //p' "$L")
	t "the disk model answers random 4 KiB reads at its rate: $iops a second (between 40 and 100)" \
		awk -v v="$iops" 'BEGIN { exit !(v != "" && v + 0 >= 40 && v + 0 <= 100) }'
	t "the guest counts the dirty throttle (tracepoint writeback:balance_dirty_pages)" \
		bash -c "! grep -aq 'no writeback:balance_dirty_pages tracepoint\|throttle events: the counts are short' '$L'"
	for n in 1 4; do
		t "the disk model, $n writer(s): a warm-up run first, said and not counted" \
			bash -c "grep -aq '^# $n writers\?, warm-up run 1 (not counted): wrote [0-9.]* MiB/s' '$L' &&
				! grep -aq '^bench: n=$n run=0 ' '$L'"
		line=$(grep -a "^bench: n=$n run=1 " "$L" || true)
		nwarm=$(grep -ac "^# $n writers\?, warm-up run [0-9]* (not counted)" "$L" || true)
		said=$(awk "$kv_awk"' { kv(); print v["warmups"] }' <<<"$line")
		t "the disk model, $n writer(s): warm-ups until two agreed, at most 6 ($nwarm; the run says ${said:-nothing})" \
			bash -c "[ '$nwarm' -ge 2 ] && [ '$nwarm' -le 6 ] && [ '$said' = '$nwarm' ] &&
				grep -aq '^# $n writers\?: \(settled\|not settled\) after $nwarm warm-up runs' '$L'"
		# Every figure above 0 but dbench's (not run), the throttle's (a
		# writer the disk keeps up with is never told to wait, and then
		# no ratelimit is seen either), the warm-ups' and the layout's
		# percentages (0 to 100: one writer never takes turns).
		t "the disk model, $n writer(s): every figure printed and above 0 (${line#bench: })" \
			awk "$kv_awk"' { kv(); k = 0; bad = 0
				for (m in v) { k++
					if (v[m] !~ /^[0-9.]+$/) bad = 1
					if (m != "dbench_mb_s" && m !~ /^(throttle|ratelimit|layout)_/ && m != "warmups" && v[m] + 0 <= 0) bad = 1
					if (m ~ /^layout_/ && v[m] + 0 > 100) bad = 1 }
				good = !bad && k == 22 }
				END { exit !good }' <<<"$line"
		# Each read took at least the time its requests cost at 79 a
		# second, bar 12 of them and a fifth for the timing: QEMU's free
		# burst (a tenth of a second's worth, 8) and reads that fio's
		# clock may not see (opening a file reads its directory and its
		# inode's table block; one run of 38 requests took 0.297 s,
		# under the 0.304 that a bar of 8 asks). A read
		# timed so that the disk's idle time comes back as free requests
		# (a fio job per file, each started on an idle disk) is faster
		# than the disk; so is a disk without the model (1,713 a second).
		t "the disk model, $n writer(s): each read took as long as its requests cost at 79 a second" \
			awk "$kv_awk"' { kv()
				if (v["seq_read_mb_s"] <= 0 || v["alone_read_mb_s"] <= 0) exit 1
				r = v["read_mib"] / v["seq_read_mb_s"]; a = v["alone_mib"] / v["alone_read_mb_s"]
				printf "read at once: %.3f s for %d requests; alone: %.3f s for %d\n", r, v["read_requests"], a, v["alone_read_requests"]
				good = r >= 0.8 * (v["read_requests"] - 12) / 79 && a >= 0.8 * (v["alone_read_requests"] - 12) / 79 }
				END { exit !good }' <<<"$line"
		# The host sees the requests the guest counted, or fewer (QEMU's
		# virtio device merges neighbours a guest submits together),
		# and never much longer than the phase took: the disk's busy
		# time under its own model, bar the free burst.
		seq=$((seq + 1))
		for ph in write read alone; do
			t "the disk model, $n writer(s), $ph: the host's trace counts the guest's requests and fits in the phase's time" \
				awk -v ph="$ph" -v s="$seq" "$kv_awk"' /^bench: / { kv(); g = v[(ph == "write" ? "write" : ph == "read" ? "read" : "alone_read") "_requests"]
					secs = ph == "write" ? v["mib"] / v["seq_write_mb_s"] : ph == "read" ? v["read_mib"] / v["seq_read_mb_s"] : v["alone_mib"] / v["alone_read_mb_s"] }
				/^seeks: / && $2 == "seq=" s && $3 == "phase=" ph { kv(); h = v["requests"]; f = v["fixed_s"] }
				END { printf "host %s requests, guest %s; the model busy %.3f s of %.3f\n", h, g, f, secs
					exit !(h != "" && g > 0 && h >= 0.8 * g && h <= g + 4 && f <= 1.05 * secs + 12 / 79) }' <(echo "$line") "$S"
		done
		if [ "$n" = 1 ]; then
			t "the disk model, 1 writer: the host's trace sees its one file read back in order (most reads start where the last ended)" \
				awk "$kv_awk"' /^seeks: seq=1 phase=read / { kv(); printf "%d of %d in order\n", v["contiguous"], v["requests"]; ok = v["contiguous"] * 2 > v["requests"] } END { exit !ok }' "$S"
		fi
	done
}
