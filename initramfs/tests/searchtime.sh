# The search timed by the kernel (make bench, part searchtime): searchcost's
# K held windows and new files (initramfs/tests/searchcost.sh), each K's new
# files made in three passes, timed by the function-graph tracer, by lock
# statistics, and with PROCS processes at once (initramfs/tests/searchtime-hook.sh).
# ARGS: NEW PROCS K1 K2 ...
. /tests/lib.sh
T=/sys/kernel/tracing
grep -q " $T " /proc/mounts || mount -t tracefs nodev $T
set -- $ARGS
procs=$2
ARGS="$1 $(shift 2; echo "$*")"
# The function-graph tracer was started at boot (ftrace=function_graph,
# from bench/bench.sh), timing only ext2_statfs(), which the passes never
# call: starting it now would patch the scheduler's code while the other
# CPU runs it. The trace pass times these functions, where the chapter
# has them (chapter 4's list has no search_reserve_window(): it walks
# from the list's head).
: > /tmp/searchtime.funcs
for f in alloc_new_reservation find_next_reservable_window search_reserve_window; do
	grep -qx "$f" $T/available_filter_functions && echo "$f" >> /tmp/searchtime.funcs
done
echo 1 > $T/options/funcgraph-tail
echo 0 > $T/options/funcgraph-irqs
echo 0 > $T/tracing_on
info "tracer: $(cat $T/current_tracer); timed in the trace pass: $(tr '\n' ' ' < /tmp/searchtime.funcs)"
check "the function-graph tracer runs from boot (boot with ftrace=function_graph ftrace_filter=ext2_statfs)" \
	grep -qx function_graph $T/current_tracer
check "the tracer can time alloc_new_reservation() (available_filter_functions)" grep -qx alloc_new_reservation /tmp/searchtime.funcs
check "lock statistics are there (/proc/lock_stat)" test -w /proc/sys/kernel/lock_stat
# shellcheck disable=SC2034 # read by searchcost.sh, sourced below
SEARCHCOST_OPTS="-H /tests/searchtime-hook.sh -P $procs"
. /tests/searchcost.sh
