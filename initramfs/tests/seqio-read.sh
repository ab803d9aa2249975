# How the disk model's writers took turns: at the allocator, read from
# the layout they left (layout_turns), and waking from the dirty
# throttle's waits, read from its trace (throttle_sum). Sourced by
# initramfs/tests/seqio.sh in the guest, and by the host's tests
# (tests/run.sh, bench_tools) on outputs written out by hand; it does
# nothing on its own.
# layout_turns N: on its input, the output of e2fsprogs' debugfs "stat"
# for N files (each begins with "Inode: "; each run of data blocks,
# contiguous in the file and on the disk as e2layout counts them, is
# "(FIRST-LAST):START-END", or "(K):START" for a single block, indirect
# blocks apart), prints "EXTENTS ONE_PCT ABA_PCT":
#   EXTENTS  the runs per file;
#   ONE_PCT  the runs one block long, in percent of all the runs;
#   ABA_PCT  the runs that, with every file's runs put in the disk's
#            order, are followed by another file's run and then by one
#            of their own file's again, in percent of all the runs: two
#            writers taking turns with each other, side by side, make this
#            high, however long each turn; writers whose turns come one
#            after another in a round (A B C D A B C D) make it low. The
#            length of the turns is EXTENTS' to say.
layout_turns() {
	awk '/^Inode: / { f++ }
		{ while (match($0, /\([0-9]+(-[0-9]+)?\):[0-9]+(-[0-9]+)?/)) {
			s = substr($0, RSTART, RLENGTH); $0 = substr($0, RSTART + RLENGTH)
			split(s, a, ":"); k = split(a[2], b, "-")
			print b[1], f, (k == 2 ? b[2] - b[1] + 1 : 1) } }' |
	sort -n | awk -v n="$1" '{ o[NR] = $2; if ($3 == 1) one++ }
		END { for (i = 1; i + 2 <= NR; i++) if (o[i + 1] != o[i] && o[i + 2] == o[i]) aba++
			printf "%.1f %.1f %.1f\n", NR / n, NR ? 100 * one / NR : 0, NR ? 100 * aba / NR : 0 }'
}
# throttle_sum LOST: on its input, a trace of the writeback tracepoint
# balance_dirty_pages (a line: "fio-PID [CPU] FLAGS SECONDS:
# balance_dirty_pages: bdi ... dirty_ratelimit=KBS ... dirtied_pause=PAGES
# ... pause=MS ..."), prints "EVENTS PAUSE_MS MEAN_DIRTIED_PAUSE LOST
# FIRST_RL LAST_RL TOGETHER": the waits, their milliseconds in all, the
# mean number of pages a writer could dirty before it was looked at
# again, LOST as given, the disk's dirty_ratelimit (KB/s) at the first and
# last wait, and TOGETHER: the number of writers whose wait ends in the
# same 4 ms (one tick of the bench kernel's 250 Hz clock) as a wait's,
# itself included, averaged over the waits: 1 where writers wake each at
# its own time, N where all N wake at once and then run, and allocate,
# side by side.
throttle_sum() {
	awk -v lost="$1" '/balance_dirty_pages:/ { n++; p = 0; t = 0
			for (i = 1; i <= NF; i++) { split($i, kv, "=")
				if ($i == "balance_dirty_pages:") t = $(i - 1) + 0
				if (kv[1] == "pause") { ms += kv[2]; p = kv[2] } else if (kv[1] == "dirtied_pause") d += kv[2]
				else if (kv[1] == "dirty_ratelimit") { if (n == 1) rl0 = kv[2]; rl = kv[2] } }
			pid = $1; sub(/.*-/, "", pid)
			w = int((t * 1000 + p) / 4); wake[n] = w
			if (!((w, pid) in seen)) { seen[w, pid] = 1; at[w]++ } }
		END { for (i = 1; i <= n; i++) tog += at[wake[i]]
			printf "%d %d %.1f %d %d %d %.2f\n", n, ms, n ? d / n : 0, lost, rl0, rl, n ? tog / n : 0 }'
}
