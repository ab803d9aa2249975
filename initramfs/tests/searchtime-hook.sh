# searchtime-hook.sh begin|end PASS K NEW: run by 'searchcost -H' before
# and after each pass of initramfs/tests/searchtime.sh (make bench, part
# searchtime). The kernel times, the hook reads:
#   trace     the function-graph tracer (tracefs) times each call of
#             alloc_new_reservation() and of the search functions it calls
#   lock      lock statistics (/proc/lock_stat) for s_rsv_window_lock:
#   contend   how long it was held, and waited for, in all
# One 'bench:' line per pass, medians per call (trace), totals per new
# file (lock, contend).
T=/sys/kernel/tracing
what=$1 pass=$2 k=$3 new=$4
case $what-$pass in
begin-trace)
	# The tracer runs from boot (searchtime.sh): only ext2's functions
	# are switched in, which no other task runs meanwhile.
	echo 0 > $T/tracing_on
	cat /tmp/searchtime.funcs > $T/set_ftrace_filter
	: > $T/trace
	echo 1 > $T/tracing_on ;;
end-trace)
	echo 0 > $T/tracing_on
	# A full ring buffer drops the oldest calls: say so, do not guess.
	ent=$(sed -n 's/^# entries-in-buffer\/entries-written: \([0-9]*\)\/\([0-9]*\).*/\1 \2/p' $T/trace)
	set -- $ent
	[ "$1" = "$2" ] || echo "# searchtime: the trace buffer lost events at K=$k ($1 kept of $2 written)"
	# Per call of alloc_new_reservation(): its time, and the time of the
	# search functions it called (a leaf line 'name();' inside it). With
	# funcgraph-tail, a closing line names its function.
	awk '
		/alloc_new_reservation\(\) \{/ { open = 1; s = 0; next }
		match($0, /[0-9]+\.[0-9]+ us/) == 0 { next }
		{ d = substr($0, RSTART, RLENGTH - 3) + 0 }
		/alloc_new_reservation\(\);/ { print d, 0; next }
		/\} \/\* alloc_new_reservation \*\// { if (open) print d, s; open = 0; next }
		/(find_next_reservable_window|search_reserve_window)\(\);/ { if (open) s += d }
	' $T/trace > /tmp/searchtime.calls
	echo ext2_statfs > $T/set_ftrace_filter   # untimed again: nothing in the passes calls it
	n=$(wc -l < /tmp/searchtime.calls)
	# q COLUMN FRACTION: that quantile of a column (0.5: the median).
	q() { cut -d' ' -f"$1" /tmp/searchtime.calls | sort -n | awk -v f="$2" '{ v[NR] = $1 } END { i = int(NR * f + 0.5); printf "%.2f", NR ? v[i < 1 ? 1 : i] : -1 }'; }
	echo "bench: k=$k pass=trace new=$new calls=$n alloc_us=$(q 1 0.5) search_us=$(q 2 0.5) alloc_p90_us=$(q 1 0.9) search_p90_us=$(q 2 0.9)" ;;
begin-lock|begin-contend)
	echo 0 > /proc/lock_stat
	echo 1 > /proc/sys/kernel/lock_stat ;;
end-lock|end-contend)
	echo 0 > /proc/sys/kernel/lock_stat
	# name: con-bounces contentions wait-min -max -total -avg acq-bounces
	#       acquisitions hold-min -max -total -avg (times in us)
	awk -v k="$k" -v p="$pass" -v new="$new" '
		$1 ~ /s_rsv_window_lock:$/ { found = 1
			printf "bench: k=%s pass=%s new=%s acquisitions=%d contentions=%d hold_us_per_new=%.2f hold_max_us=%.2f wait_us_per_new=%.2f wait_max_us=%.2f\n",
				k, p, new, $9, $3, $12 / new, $11, $6 / new, $5 }
		END { if (!found) printf "# searchtime: no s_rsv_window_lock line in /proc/lock_stat at K=%s (%s)\n", k, p }
	' /proc/lock_stat ;;
*) echo "searchtime-hook.sh: begin|end trace|lock|contend K NEW, not '$*'" >&2; exit 2 ;;
esac
