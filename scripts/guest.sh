# Guest runs and the checks on them, for every tool that boots a chapter to
# run something in it (bench/bench.sh, scripts/lab.sh, kunit.sh, soak.sh)
# and for the suite (tests/), which uses them; nothing here sources the
# tests. Checks print as TAP ('ok N - ...'). Source it; it sets T (where
# logs and disk images go) if unset.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
T=${T:-$BUILD/tests}
PASS=0 FAIL=0

ok()    { PASS=$((PASS + 1)); echo "ok $((PASS + FAIL)) - $*"; check_time "$*"; }
notok() { FAIL=$((FAIL + 1)); echo "not ok $((PASS + FAIL)) - $*"; check_time "$*"; }
# check_time DESCRIPTION: when CHECK_TIMES names a file (the suite sets
# it), the seconds since the previous check, with the check's number and
# name: where the suite's time goes (sort -n on it).
check_time() {
	[ -n "${CHECK_TIMES:-}" ] || return 0
	local now; now=$(date +%s)
	printf '%s\t%s\t%s\n' $((now - ${CHECK_LAST:-$now})) $((PASS + FAIL)) "$1" >> "$CHECK_TIMES"
	CHECK_LAST=$now
}
# t DESCRIPTION COMMAND...: one check; the command's output is shown if it fails.
t() {
	local d=$1 out; shift
	if out=$("$@" 2>&1); then ok "$d"
	else notok "$d"; printf '%s\n' "$out" | tail -25 | sed 's/^/#   /'; fi
}
section() { printf '# --- %s\n' "$*"; }

# Every line a kernel prints when something is wrong. The guest log must
# have none of them (RCU's note that lockdep is enabled is not a problem).
BAD='WARNING:|BUG:|BUG |Oops|Kernel panic|general protection|corruption|possible circular locking|possible recursive locking|inconsistent lock state|lockdep|INFO: task|Call Trace|EXT2-fs \([^)]*\): error: ext2_|course: TIMEOUT'
log_clean() { ! grep -nE "$BAD" "$1" | grep -v 'RCU lockdep checking is enabled'; }
# tsc_clock LOG: the guest kept time by the TSC (tsc-early, then tsc: the
# host's time under TCG, scripts/qemu.sh), never by counting timer ticks
# (jiffies), which TCG delivers late while the vCPUs are busy, so that
# every rate a guest measures would come out too high.
tsc_clock() {
	grep -aq 'clocksource: Switched to clocksource tsc' "$1" &&
		! grep -aq 'clocksource: Switched to clocksource .*jiffies' "$1"
}

# guest NAME CH [VAR=value...]: boot chapter CH on a fresh disk with the
# given qemu.sh settings; report the guest's own checks, then the log and
# the file system.
guest() { guest_start "$@"; guest_finish "$1"; }
# guest_start NAME CH [VAR=value...]: the same guest, started in the
# background; guest_finish NAME waits for it and reports it. Two at once
# use the host's second core while each guest boots, or runs one process.
declare -A GUEST_PID=()
guest_start() {
	local name=$1 ch=$2; shift 2
	env "$@" CH="$ch" DISK="$T/$name.img" LOG="$T/$name.log" "$TOP/scripts/qemu.sh" test >"$T/$name.qemu" 2>&1 &
	GUEST_PID[$name]=$!
}
guest_finish() {
	local name=$1 log=$T/$1.log img=$T/$1.img rc=0
	wait "${GUEST_PID[$name]}" || rc=$?
	unset "GUEST_PID[$name]"
	grep -q '^course: QEMU crashed once' "$log" &&
		echo "# $name: QEMU (the emulator) died by a signal on the first try; this is the second run"
	grep -q '^course: the kernel hung before /init' "$log" &&
		echo "# $name: the first boot hung before /init (log: $log.boot-hang); this is the second run"
	t "$name: the guest ran to the end (QEMU exit 0, 'course: finished')" \
		bash -c "[ $rc = 0 ] && grep -q '^course: finished' '$log' || { tail -30 '$log'; false; }"
	local n=0 line
	while IFS= read -r line; do
		n=$((n + 1))
		case $line in
		"ok - "*) ok "$name: ${line#ok - }" ;;
		*) notok "$name: ${line#not ok - }"
		   # Its own comment lines: those after it, up to the next check.
		   awk -v l="$line" 'f && /^(not )?ok - / { exit } f && /^#/ { print "#" $0 } $0 == l { f = 1 }' "$log" | head -19 ;;
		esac
	done < <(grep -aE '^(not )?ok - ' "$log")
	[ $n -gt 0 ] || notok "$name: the guest reported no checks at all (see $log)"
	t "$name: the guest log has no WARNING, BUG, lockdep or list corruption" log_clean "$log"
	t "$name: the guest kept time by the TSC, not by counting timer ticks" tsc_clock "$log"
	t "$name: e2fsck -fn finds the file system clean" e2fsck -fn "$img"
}

# From chapter 3 on, windows are off unless the file system is mounted with
# -o reservation: the workload tests ask for it there.
rsv() { [ "$1" -ge 3 ] && echo MNT=reservation || echo MNT=; }

# scenario NAME CH [VAR=value...]: a guest run that is one cell of the
# reliability table (scenario x chapter). Besides guest()'s checks, the
# guest's last free-block count (a '# free_blocks=N' line) must be the one
# e2fsck computes from the bitmaps. The cell goes to $T/reliability.tsv.
# scenario_start and scenario_finish split it as guest_start and
# guest_finish do; scenarios PAR "NAME CH [VAR=value...]"... runs PAR at once.
scenario() { scenario_start "$@"; scenario_finish "$1" "$2"; }
scenario_start() { local scen=$1 c=$2; shift 2; guest_start "ch$c-$scen" "$c" "$@"; }
scenario_finish() {
	local scen=$1 c=$2 name=ch$2-$1 f0=$FAIL gfree efree ops
	guest_finish "$name"
	gfree=$(tr -d '\r' < "$T/$name.log" | sed -n 's/^# free_blocks=//p' | tail -1)
	if [ -n "$gfree" ]; then
		efree=$(e2fsck -fn "$T/$name.img" 2>/dev/null | sed -n 's|.* \([0-9]*\)/\([0-9]*\) blocks$|\1 \2|p' | awk '{ print $2 - $1 }')
		t "$name: the guest's last free-block count ($gfree) is e2fsck's ($efree)" test "$gfree" = "$efree"
	fi
	ops=$(tr -d '\r' < "$T/$name.log" | sed -n 's/^# ops=//p' | tail -1)
	printf '%s\t%s\t%s\t%s\n' "$scen" "$c" "$ops" "$([ "$FAIL" = "$f0" ] && echo ok || echo FAILED)" >> "$T/reliability.tsv"
}
scenarios() {
	local par=$1 spec pending=()
	shift
	for spec in "$@"; do
		# shellcheck disable=SC2086 # spec: NAME CH VAR=value...
		scenario_start $spec
		pending+=("$spec")
		if [ ${#pending[@]} -ge "$par" ]; then
			# shellcheck disable=SC2086
			scenario_finish ${pending[0]}
			pending=("${pending[@]:1}")
		fi
	done
	for spec in "${pending[@]}"; do
		# shellcheck disable=SC2086
		scenario_finish $spec
	done
}

# reliability_scenarios quick|soak SEED: the reliability scenarios, one per
# line: NAME then the qemu.sh settings of its guest run. make test runs the
# quick ones; make soak the bigger ones, on KASAN kernels.
reliability_scenarios() {
	local t f g r
	case $1 in
	quick) t=16:200:256 f=16:300:2048 g=8:100:1024 r=16 ;;
	soak)  t=64:400:1024 f=32:400:2048 g=16:200:2048 r=120 ;;
	*) die "reliability_scenarios: quick or soak, not '$1'" ;;
	esac
	cat <<-EOF
	torture RUN=torture ARGS=$t:$2
	full-disk RUN=torture ARGS=$f:$2:full DISK_MB=8 MKFS_OPTS=-m0
	geometry-1k RUN=geometry ARGS=$g:$2 BS=1024 DISK_MB=64
	geometry-2k RUN=geometry ARGS=$g:$2 BS=2048 DISK_MB=128
	one-group-4k RUN=geometry ARGS=$g:$2 BS=4096 DISK_MB=64
	lifecycle RUN=lifecycle
	race RUN=race ARGS=$r TIMEOUT=$((r * 4 + 240))
	EOF
}

# scenario_applies NAME CH: whether scenario NAME runs on chapter CH. The
# owner's race crashes mainline 6.1 itself (kernel BUG in
# ext2_rsv_window_add(), within seconds): chapter 0 cannot pass it. Lab 0
# is that bug: the suite's labs group checks the crash there, and the
# guest group runs the writeback-only race on chapter 0 (mainline_wbrace).
scenario_applies() { [ "$1" != race ] || [ "$2" != 0 ]; }

# reliability_table TSV: scenario rows x chapter columns, as markdown; a
# cell adds up every run of that scenario on that chapter.
reliability_table() {
	awk -F'\t' '
		{ if (!($1 in row)) { row[$1] = ++nr; name[nr] = $1 }
		  if (!($2 in col)) { col[$2] = ++nc; ch[nc] = $2 }
		  k = $1 SUBSEP $2; runs[k]++; ops[k] += $3; if ($4 != "ok") bad[k]++ }
		END {
			printf "| scenario |"; for (j = 1; j <= nc; j++) printf " ch%s |", ch[j]; print ""
			printf "|---|"; for (j = 1; j <= nc; j++) printf "---|"; print ""
			for (i = 1; i <= nr; i++) {
				printf "| %s |", name[i]
				for (j = 1; j <= nc; j++) {
					k = name[i] SUBSEP ch[j]
					if (!runs[k]) { printf " - |"; continue }
					c = bad[k] ? "FAILED " bad[k] "/" runs[k] : "ok"
					d = (ops[k] > 0 ? ops[k] " ops" : "") (runs[k] > 1 ? (ops[k] > 0 ? ", " : "") runs[k] " runs" : "")
					printf " %s%s |", c, d == "" ? "" : " (" d ")"
				}
				print ""
			}
		}' "$1"
}
