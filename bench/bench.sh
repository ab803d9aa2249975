#!/usr/bin/env bash
# make bench: the measurements, chapter by chapter, against mainline and ext4.
#   bench/bench.sh quick    a few points, one run each, the model taking most
#                             of it (17 min in all, the model 15, on 2026-12-06)
#   bench/bench.sh full     the seed's writer counts, 3 runs each (the model
#                             after warm-ups: a night)
# PARTS picks among the parts below; by default the three the course's
# claims rest on (layout, which includes the read-back; alloc; model),
# PARTS=all for all six. ONLY="ch0 ch4" limits every part to the
# configurations of those names.
#   layout      N processes append MIB MiB (16) each to N files in one
#               directory in 16 KiB writes; the host reads the image with
#               libext2fs (extents per file, layout score); the guest drops
#               its caches and reads everything back, counting disk read
#               requests. Also a block map of one stretch of the disk for
#               chapters 1, 2 and 4 at 8 writers.
#   throughput  dbench and fio (sequential 4 KiB writes) at the same counts,
#               as MB/s and as a ratio to chapter 1 measured in the same run
#   alloc       the allocator's cost as open writers grow (to hundreds):
#               guest system time per MiB written, 2 MiB per writer
#   nearfull    the allocator's cost on a nearly full disk (95% and 99.5%,
#               1 KiB blocks, the free space in 64 KiB holes in all 32
#               groups): guest system time per MiB written, mainline
#               against chapters 1 and 4 (which lack mainline's shortcuts
#               for nearly full groups)
#   model       the seed's tiobench and dbench columns on a disk that
#               charges for every request as a 2004 disk did (DISK_MODEL=hdd,
#               scripts/qemu.sh): N fio jobs write MTOTAL MiB (384) between
#               them sequentially in 4 KiB writes and fsync, read it back
#               after dropping caches (all N files at once, then the first
#               files alone, one after another, up to 8 MiB), then (full
#               mode, or MSECS=N) dbench with N clients for MSECS s (5);
#               MTOTAL=0 MSECS=N: dbench alone, as the seed ran it, no
#               fio (results/model-dbench.md); every run on a fresh file
#               system, one boot per configuration and writer count
#               (MBOOT). Quick mode: chapters 1 and 4 and mainline, at 1
#               and 32 writers (MCOUNTS), one run each (MRUNS): chapter 1
#               at 32 writers alone takes 10 to 13 minutes a run. Full: all
#               seven configurations, 1 to 64 writers, three runs each
#               after warm-up runs (MWARM=auto): many hours. MDIRTY: the
#               guest's dirty limits in MiB (256/128: LIMIT/BACKGROUND);
#               MWARM=N adds N warm-up
#               runs per count (auto: until two agree), MJOBS=N runs N
#               guests at once (below); QEMU traces the disk's requests
#               (DISK_TRACE), and bench/seeks.sh replays each
#               phase's on the model and on two disks that charge for seek
#               distance, one of them streaming short forward skips
#   search      what a new window costs among K others held open (K from
#               16 to 16384 in full mode): the list's walk against the tree;
#               guest system time per new one-block file, in a directory
#               placed after the K windows
#   searchtime  the same K windows, the search timed by the kernel itself:
#               the function-graph tracer on alloc_new_reservation() and
#               the search functions it calls, lock statistics for
#               s_rsv_window_lock held and waited for, one CPU and two at
#               once (K from 16 to 65536 in full mode); on the course's own
#               kernels (chapters 0, 4, 5, 6), which have both built in
# The time estimate: what each part took the last time the same plan ran
# here; for the model, also each guest priced at the rates of
# results/model-256.csv (MREF; see model_est), as the runs go too.
# PLAN=1 prints the plan and the estimate, and stops.
# Every run is a fresh guest and a fresh file system; after each, as in make
# test: the guest's own checks, a clean guest log, e2fsck -fn clean.
# The kernels are the bench variant (config/bench.config: the course's
# kernels without lockdep and list/spinlock debugging, which under TCG cost
# more than the allocator being measured), built into build/out/chN-bench
# on first use. BENCH_VARIANT= (empty) measures the course's debug kernels
# instead. Results in
# build/results/: layout.csv, throughput.csv, alloc.csv (kernel,fs,writers,
# run,metric,value), bench.md (median and spread tables, and the targets),
# and PNG plots. PUBLISH=1 copies them to a new folder results/runs/DATE-MODE-PARTS/.
set -euo pipefail
# shellcheck source=scripts/guest.sh
. "$(dirname "$0")/../scripts/guest.sh"
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
export VARIANT=${BENCH_VARIANT-bench}
mode=${1:-quick}
case $mode in
quick) counts="8 32" runs=1 tcounts="8" tsecs=5 acounts="16 256" aruns=1 nruns=1 \
	kpoints="16:256:1024:4096" sruns=1 tkpoints=${TKPOINTS:-16:1024:4096:16384} truns=${TRUNS:-1} tnew=${TNEW:-300} mcounts=${MCOUNTS:-1,32} mruns=${MRUNS:-1} msecs=0 \
	mwarm=0 mkernels="ch1 ch4 ch0" ;;
full)  counts="1 4 8 16 32 64" runs=3 tcounts="1 4 8 16 32 64" tsecs=6 acounts="16 64 256 512" aruns=3 nruns=3 \
	kpoints="16:64:256:1024:2048:4096:8192:16384" sruns=3 tkpoints=${TKPOINTS:-16:64:256:1024:4096:16384:65536} truns=${TRUNS:-3} tnew=${TNEW:-500} mcounts=${MCOUNTS:-1,4,8,16,32,64} mruns=${MRUNS:-3} msecs=5 \
	mwarm=auto mkernels="" ;;
*) die "usage: bench.sh quick|full" ;;
esac
all_parts="layout throughput alloc nearfull search searchtime model"
PARTS=${PARTS:-layout alloc model}
[ "$PARTS" = all ] && PARTS=$all_parts
for p in $PARTS; do
	[[ " $all_parts " == *" $p "* ]] || die "PARTS: no part '$p' (the parts: $all_parts, or all)"
done
MIB=${MIB:-16}
AMIB=2   # MiB per writer in the allocator-cost runs: 512 writers dirty 1 GiB

# name CH MNT FS RSV: the configurations measured, anchors first.
configs=(
	"ch0 0 reservation ext2 0"           # mainline 6.1: rb-tree, growing windows
	"ch0-noresv 0 noreservation ext2 0"  # mainline's allocator without windows
	"ext4 0 - ext4 0"                    # the modern allocator (delayed allocation)
)
for c in $(seq 1 "$NCH"); do
	m=-; [ "$c" -ge 3 ] && m=reservation
	configs+=("ch$c $c $m ext2 0")
done
[ "$NCH" -ge 3 ] && configs+=("ch3-rsv128 3 reservation ext2 128")  # the seed's rsv(128)
# The allocator's cost: the tree, no windows, the list, the dynamic list,
# and the last chapter.
aconfigs=("ch0 0 reservation ext2 0" "ch1 1 - ext2 0")
[ "$NCH" -ge 2 ] && aconfigs+=("ch2 2 - ext2 0")
[ "$NCH" -ge 4 ] && aconfigs+=("ch4 4 reservation ext2 0")
[ "$NCH" -ge 6 ] && aconfigs+=("ch6 6 reservation ext2 0")   # the course's last chapter
# Nearly full: mainline, no windows, the seed's design; fullness, then the
# guest's WRITERS:MIB:ROUNDS (the rounds must fit in the free space).
nconfigs=("ch0 0 reservation ext2 0" "ch1 1 - ext2 0")
[ "$NCH" -ge 4 ] && nconfigs+=("ch4 4 reservation ext2 0")
[ "$NCH" -ge 6 ] && nconfigs+=("ch6 6 reservation ext2 0")   # with mainline's shortcuts for full groups
npoints=("95 8:1:8" "99.5 1:1:16")
# The search: mainline's tree, the seed's list (chapter 4, the list at its
# most complete), and the chapters after it.
sconfigs=("ch0 0 reservation ext2 0")
for c in $(seq 4 "$NCH"); do sconfigs+=("ch$c $c reservation ext2 0"); done
SNEW=1000   # new files (new windows) measured at each K
# The search timed by the kernel: the same kernels, the course's own
# configuration (lockdep, for lock statistics; the function-graph tracer).
tconfigs=("${sconfigs[@]}")
# The disk model: the seed's columns (ext3 = chapter 1, rsv(8) = chapter 2,
# rsv(128) = chapter 3 with 128-block windows, rsv+dw = chapter 4), and
# mainline with and without windows, and ext4; in MODEL_ORDER (lib.sh),
# the chapters this series has.
declare -A mdef=([ch1]="1 - ext2 0" [ch2]="2 - ext2 0" [ch3-rsv128]="3 reservation ext2 128"
	[ch4]="4 reservation ext2 0" [ch0]="0 reservation ext2 0" [ch0-noresv]="0 noreservation ext2 0"
	[ext4]="0 - ext4 0" [ch5]="5 reservation ext2 0" [ch6]="6 reservation ext2 0")
mconfigs=()
# Chapters 5 and 6 (the tree, and mainline's last pieces) only when ONLY
# names them: the seed's columns and the anchors are the model's own.
for m in $MODEL_ORDER; do
	case $m in ch5|ch6) [ -n "${ONLY:-}" ] || continue ;; esac
	c=${mdef[$m]}
	[ "${c%% *}" -gt "$NCH" ] || mconfigs+=("$m $c")
done
# mkernels: the model's configurations in quick mode, unless ONLY names
# others: the two the targets compare, and mainline.
if [ -z "${ONLY:-}" ] && [ -n "$mkernels" ]; then
	kept=()
	for cfg in "${mconfigs[@]}"; do [[ " $mkernels " == *" ${cfg%% *} "* ]] && kept+=("$cfg"); done
	mconfigs=("${kept[@]}")
fi
# MTOTAL: MiB written per run, shared by the N writers (384 by default; at
# most 768, for the model's 1 GiB disk must hold them and their file
# system). More than the dirty limits below, or no writer is ever paced
# (chapter 7, "memory to match the disk": 256/128 MiB and 384 MiB are the
# settings at which chapter 4 stays flat to 64 writers).
# A model guest's time limit grows with MTOTAL and its runs (see
# model_timeout below).
# MTOTAL=0 writes nothing with fio: each run is dbench alone, MSECS
# seconds (as the seed ran it; MSECS=60 MTOTAL=0).
# MSECS: dbench's seconds per run in the model (0: no dbench; quick 0,
# full 5), after fio's write and read unless MTOTAL=0.
MSECS_GIVEN=${MSECS:-}
MSECS=${MSECS:-$msecs}
case $MSECS in ''|*[!0-9]*) die "MSECS must be a whole number of seconds of dbench per model run (0: none), not '$MSECS'" ;; esac
msecs=$MSECS
MTOTAL=${MTOTAL:-384}
case $MTOTAL in ''|*[!0-9]*) die "MTOTAL must be a whole number of MiB written per run (1 to 768, or 0 for dbench alone), not '$MTOTAL'" ;; esac
[ "$MTOTAL" -le 768 ] || die "MTOTAL=$MTOTAL: the model's disk is 1 GiB; write at most 768 MiB per run"
# alone: set when each model run is dbench alone (MTOTAL=0), no fio.
alone=; [ "$MTOTAL" != 0 ] || alone=1
[ -z "$alone" ] || [ "$MSECS" != 0 ] ||
	die "MTOTAL=0 runs dbench alone, for MSECS seconds: give MSECS too (MSECS=60 MTOTAL=0)"
# MBOOT: which runs share a guest. The kernel paces writers by its estimate
# of the disk's rate, kept with the disk from one run to the next (see
# seqio.sh), so a run's figures depend on the runs before it in the same
# boot. config (how results/model.md was measured): one guest per
# configuration, every count and run in it; count (the default): one guest
# per configuration and writer count; run: one guest per run, each
# starting from the boot's estimate.
MBOOT=${MBOOT:-count}
case $MBOOT in config|count|run) ;; *) die "MBOOT must be 'config', 'count' or 'run' (which runs share a guest), not '$MBOOT'" ;; esac
# MWARM=N: N warm-up runs at each writer count before the counted ones
# (seqio.sh's WARM), so that the counted runs start nearer the throttle's
# estimate this workload leaves, not from the run before's or the boot's;
# MWARM=auto: warm-up runs until two in a row agree within 10% (write
# rate and extents per file) and the throttle's rate no longer falls
# (seqio.sh), at most 6.
MWARM=${MWARM:-$mwarm}   # 0 in quick mode, auto in full
case $MWARM in auto) ;; ''|*[!0-9]*) die "MWARM must be a whole number of warm-up runs per writer count, or 'auto' (until two agree), not '$MWARM'" ;; esac
# MJOBS=N runs N of the model's guests at once (1 by default): faster, but
# not the same measurement. Their CPUs compete, and how the writers
# interleave depends on how fast they run against the disk: six guests at
# once (MBOOT=count), chapter 1's third run at 32 writers left 91 extents
# per file where, one guest at a time, it left 351; its lone writer wrote
# 16 to 20 MiB/s where it wrote 22 to 25.
MJOBS=${MJOBS:-1}
case $MJOBS in ''|*[!0-9]*|0) die "MJOBS must be a whole number of 1 or more (model guests at once), not '$MJOBS'" ;; esac
# SMP=N: the guest's CPUs (scripts/qemu.sh's, 2 by default). How many
# writers run at once changes how their blocks interleave where nothing
# reserves them, so a report names SMP when it is not 2, and merge.sh does
# not put runs of different SMP together.
SMP=${SMP:-2}
case $SMP in ''|*[!0-9]*|0) die "SMP must be a whole number of guest CPUs, 1 or more, not '$SMP'" ;; esac
export SMP
MDIRTY=${MDIRTY:-256/128}   # the guest's dirty-page limits, MiB: LIMIT/BACKGROUND
[[ $MDIRTY =~ ^[1-9][0-9]*/[1-9][0-9]*$ ]] && [ "${MDIRTY#*/}" -lt "${MDIRTY%/*}" ] ||
	die "MDIRTY must be LIMIT/BACKGROUND in whole MiB, the background below the limit (4/1, 32/8), not '$MDIRTY'"
# ONLY="ch0 ch4 ch5 ch6": measure only the configurations of these names,
# in every part (with RESULTS=DIR, to keep the full run's CSV files apart).
only() {
	local -n arr=$1
	local kept=() cfg
	for cfg in "${arr[@]}"; do
		[[ " $ONLY " == *" ${cfg%% *} "* ]] && kept+=("$cfg")
	done
	arr=("${kept[@]}")
}
if [ -n "${ONLY:-}" ]; then
	for a in configs aconfigs nconfigs sconfigs tconfigs mconfigs; do only "$a"; done
	[ ${#configs[@]} -gt 0 ] || die "ONLY='$ONLY' names no configuration (names: ch0 ch0-noresv ext4 ch1..ch$NCH ch3-rsv128)"
fi
# The search's disk: 1 GiB, an inode per 4 KiB, so that the first group
# holds 32768 inodes and the K held files (one-block windows) all live
# there, before the new files' directory in another group.

R=$RESULTS/bench-$mode
# shellcheck disable=SC2034 # T: read by scripts/guest.sh's guest()
T=$R   # where guest() keeps each run's image, log and checks
mkdir -p "$R"
nw() { echo $#; }
total=0
has layout && total=$(( total + ${#configs[@]} * $(nw $counts) * runs ))
has throughput && total=$(( total + (${#configs[@]} - 1) * $(nw $tcounts) ))
has alloc && total=$(( total + ${#aconfigs[@]} * $(nw $acounts) * aruns ))
has nearfull && total=$(( total + ${#nconfigs[@]} * ${#npoints[@]} * nruns ))
has search && total=$(( total + ${#sconfigs[@]} * sruns ))
has searchtime && total=$(( total + ${#tconfigs[@]} * truns ))
# The model's guests, in the order they run: "INDEX COUNTS [RUN]", the
# arguments of model_job. MBOOT=config: one per configuration, every
# count in it. Otherwise one per configuration and count (or run), the most
# writers first: their runs take longest (chapter 1's the longest of all),
# and a pool ends sooner when the long ones start early.
mjobs=()
if has model; then
	if [ "$MBOOT" = config ]; then
		for ci in "${!mconfigs[@]}"; do mjobs+=("$ci $mcounts"); done
	else
		for n in $(tr , '\n' <<<"$mcounts" | sort -rn); do
			for ci in "${!mconfigs[@]}"; do
				if [ "$MBOOT" = run ]; then
					for r in $(seq "$mruns"); do mjobs+=("$ci $n $r"); done
				else
					mjobs+=("$ci $n")
				fi
			done
		done
	fi
fi
total=$(( total + ${#mjobs[@]} ))
# model_tag INDEX COUNTS [RUN]: the name of model_job's guest (its log,
# image and trace in $R).
model_tag() { echo "${mconfigs[$1]%% *}-m${2//,/-}${3:+-r$3}"; }
# The model's time estimate, before a run of the same plan has been timed
# here, and as it goes: the runs in MREF (results/model-256.csv, whose
# settings model-256.md names) price each point. A counted run writes
# MTOTAL MiB, reads it back and reads the first files alone, each at the
# rate MREF measured at that point, and runs dbench (MSECS, a fifth more
# for its own warm-up and 2 s: dbench alone for 20 s, MTOTAL=0, took 43
# min for 72 runs in 18 guests on 2026-12-06, 2571 s); a
# warm-up only writes. Each run costs about 8 s more (mke2fs,
# sync, e2fsck) and each guest 8 s to boot: the quick bench of 2026-12-06
# took 899 s for its model, where the rates account for 808 s in 6 runs
# and 6 guests. A point MREF lacks is taken between the configuration's
# points around it, or at its nearest one (following chapter 1's curve,
# chapter 1 at that count times the configuration's ratio to chapter 1
# around it, where the configuration runs as chapter 1 does with several
# writers: within a factor of 2), or from chapter 1's when MREF has none
# of the configuration (the slowest allocator); MWARM=auto takes
# the warm-ups MREF's point needed, 2 at the least (seqio.sh stops when
# two agree; 2 for dbench alone, MTOTAL=0), which is short where MREF
# measured the point cold: chapter 1 at 32 writers, whose neighbour
# without windows needed 4. No estimate when the dirty limits or the
# guest's CPUs are not MREF's: they set the rates.
MREF=${MREF:-$TOP/results/model-256.csv}
mref_total="" mref_why=""
if ! has model; then :
elif [ ! -f "$MREF" ] || [ ! -f "${MREF%.csv}.md" ]; then mref_why="no $MREF with its .md beside it"
elif ! l=$(grep -m1 '^Measured by ' "${MREF%.csv}.md"); then mref_why="${MREF%.csv}.md does not say how it was measured"
elif [ "$(bench_setting "$l" MDIRTY)" != "$MDIRTY" ]; then
	mref_why="${MREF#"$TOP"/} was measured at MDIRTY=$(bench_setting "$l" MDIRTY), this run has $MDIRTY"
elif [ "$(bench_setting "$l" SMP)" != "$SMP" ]; then
	mref_why="${MREF#"$TOP"/} was measured with SMP=$(bench_setting "$l" SMP) guest CPUs, this run has $SMP"
else mref_total=$(bench_setting "$l" MTOTAL); fi
# model_est: each model guest's estimated seconds, "TAG SECONDS" lines in
# mjobs' order; exits 1 when a guest has none. MREF's points are priced
# once (seconds for a counted run, for a warm-up, and its warm-ups), then
# each guest looked up.
model_est() {
	local j jobs=""
	for j in "${mjobs[@]}"; do
		set -- $j
		jobs="$jobs$(model_tag $j) ${mconfigs[$1]%% *} $2 $([ -n "${3:-}" ] && echo 1 || echo "$mruns");"
	done
	awk -F, -v jobs="$jobs" -v warm="$MWARM" -v scale="$(awk "BEGIN { print $MTOTAL / $mref_total }")" \
		-v secs="$msecs" '
		NR > 1 { r = $1 SUBSEP $3 SUBSEP $4; m[r, $5] = $6; run[r] = 1 }
		# near(K, N): sets C, W and U, the seconds of configuration K for a
		# counted run at N writers, for a warm-up, and its warm-ups: the
		# point of MREF, or between the two around N (linear in log N), or
		# the nearest; LO and HI, the points it took them from; 0 when K
		# has no point.
		function near(k, n,   x, p, f) {
			LO = HI = 0
			for (x in nr) {
				split(x, p, SUBSEP); if (p[1] != k) continue
				if (p[2] + 0 <= n + 0 && p[2] + 0 > LO) LO = p[2] + 0
				if (p[2] + 0 >= n + 0 && (HI == 0 || p[2] + 0 < HI)) HI = p[2] + 0
			}
			if (!LO && !HI) return 0
			if (!LO) LO = HI; if (!HI) HI = LO
			f = LO == HI ? 0 : log(n / LO) / log(HI / LO)
			C = c[k, LO] + f * (c[k, HI] - c[k, LO]); W = wr[k, LO] + f * (wr[k, HI] - wr[k, LO])
			U = wu[k, LO] + f * (wu[k, HI] - wu[k, LO])
			return 1
		}
		# at(K, N): as near, but a configuration that runs as chapter 1 does
		# at the points near took (within a factor of 2 of its time at each
		# of them with more than one writer) follows the curve of chapter 1
		# between them: chapter 1 at N, times K over chapter 1 taken between
		# those points (or at the nearest). The times are not linear in
		# log N (chapter 1 writes slower at 4 and 8 writers than at 16, and
		# at 64 than at 32), and the configurations whose runs take long are
		# the ones near chapter 1. The others keep the straight line. A lone
		# writer says nothing of that: every configuration writes as fast
		# as chapter 1 with one writer, so a ratio taken from there alone
		# would price them all as slow.
		function at(k, n,   lo, hi, u, r1, r2, f, c1, w1) {
			if (!near(k, n)) return 0
			if (k == "ch1" || ((k, n) in nr) || !(("ch1", LO) in nr) || !(("ch1", HI) in nr)) return 1
			lo = LO; hi = HI; u = U
			f = lo == hi ? 0 : log(n / lo) / log(hi / lo)
			r1 = c[k, lo] / c["ch1", lo]; r2 = c[k, hi] / c["ch1", hi]
			if (hi == 1 || (lo > 1 && (r1 < 0.5 || r1 > 2)) || r2 < 0.5 || r2 > 2) return 1
			near("ch1", n); c1 = C; w1 = W
			C = c1 * (r1 + f * (r2 - r1))
			r1 = wr[k, lo] / wr["ch1", lo]; r2 = wr[k, hi] / wr["ch1", hi]
			W = w1 * (r1 + f * (r2 - r1)); U = u
			return 1
		}
		END {
			for (r in run) {
				split(r, p, SUBSEP); pt = p[1] SUBSEP p[2]
				w = m[r, "seq_write_mb_s"]; rd = m[r, "seq_read_mb_s"]; a = m[r, "alone_read_mb_s"]
				if (w <= 0 || rd <= 0) continue
				W1[pt] += m[r, "mib"] / w
				C1[pt] += m[r, "mib"] / w + m[r, "read_mib"] / rd + (a > 0 ? m[r, "alone_mib"] / a : 0)
				U1[pt] += m[r, "warmups"]; nr[pt]++
			}
			for (pt in nr) { c[pt] = C1[pt] / nr[pt]; wr[pt] = W1[pt] / nr[pt]; wu[pt] = U1[pt] / nr[pt] }
			# A guest: "TAG CONFIGURATION COUNTS RUNS"; 8 s to boot. dbench:
			# its seconds, its own warm-up of a fifth of them, 2 s more.
			db = secs > 0 ? secs * 1.2 + 2 : 0
			nj = split(jobs, js, ";")
			for (j = 1; j < nj; j++) {
				split(js[j], g, " "); s = 8
				nc = split(g[3], cs, ",")
				for (i = 1; i <= nc; i++) {
					if (!at(g[2], cs[i]) && !at("ch1", cs[i])) exit 1
					nw = warm == "auto" ? int(U + 0.5) : warm
					if (warm == "auto" && (nw < 2 || scale == 0)) nw = 2
					# With MTOTAL=0 (scale 0) a warm-up is a dbench run.
					s += g[4] * (C * scale + 8 + db) + nw * ((scale > 0 ? W * scale : db) + 8)
				}
				printf "%s %d\n", g[1], s
			}
		}' "$MREF" 2>/dev/null
}
# mest: the whole model's estimate (empty without one); $R/.est, each
# guest's ("TAG SECONDS"), for the progress lines.
mest=""
if [ -n "$mref_total" ] && [ ${#mjobs[@]} -gt 0 ] && model_est > "$R/.est"; then
	mest=$(awk '{ s += $2 } END { print s + 0 }' "$R/.est")
fi
[ -n "$mest" ] || rm -f "$R/.est"
say "bench ($mode): $total guest runs: $PARTS"
# The time estimate: what each part took the last time it was run here
# with the same plan (RESULTS/part-times: "KEY SECONDS DATE" lines).
TIMES=$RESULTS/part-times
plan_key() {
	local k="$mode $1 ${ONLY:-all} ${VARIANT:-debug}"
	[ "$1" = model ] && k="$k $mcounts $mruns $MDIRTY $MJOBS $MWARM $MBOOT $MTOTAL $msecs"
	# SMP only when not bench_first's, so that the keys of earlier runs,
	# all with two CPUs, still match.
	[ "$1" != model ] || [ "$SMP" = "$(bench_first SMP)" ] || k="$k smp$SMP"
	echo "$k" | tr ' ' '|'
}
est=0 unknown=""
for p in $PARTS; do
	s=$(awk -v k="$(plan_key "$p")" '$1 == k { s = $2 } END { print s }' "$TIMES" 2>/dev/null || true)
	if [ -n "$s" ]; then est=$((est + s)); else unknown="$unknown $p"; fi
done
if [ -z "$unknown" ]; then
	echo "    the last run of the same parts here took $((est / 60)) min $((est % 60)) s, kernels apart" >&2
else
	echo "    no earlier run here of:$unknown (the time estimate comes as the runs go$([ -z "$mest" ] || echo ", the model's below"))" >&2
	[ "$est" = 0 ] || echo "    the other parts took $((est / 60)) min $((est % 60)) s last time" >&2
fi
if [ -n "$mest" ]; then
	echo "    the disk model's ${#mjobs[@]} guests: about $((mest / 3600)) h $((mest % 3600 / 60)) min at the rates in ${MREF#"$TOP"/} (measured at MDIRTY=$MDIRTY, MTOTAL=$mref_total)" >&2
elif [ ${#mjobs[@]} -gt 0 ]; then
	echo "    the disk model: no estimate from its rates (${mref_why:-a configuration without rates})" >&2
fi
# PLAN=1: the plan and its estimate only, nothing built or run.
[ "${PLAN:-0}" = 0 ] || exit 0

t_begin=$(date +%s)
if [ "$PARTS" != searchtime ]; then
	say "bench: chapters 0..$NCH's kernels${VARIANT:+ ($VARIANT variant: config/$VARIANT.config; the first build takes about 6 minutes)}"
	for c in $(seq 0 "$NCH"); do
		"$TOP/scripts/kernel.sh" build "$c" || die "chapter $c's ${VARIANT:+$VARIANT }kernel does not build"
	done
fi
if has searchtime; then
	say "bench: the course's own kernels of the searchtime part (config/course.config)"
	for cfg in "${tconfigs[@]}"; do
		set -- $cfg
		VARIANT='' "$TOP/scripts/kernel.sh" build "$2" || die "chapter $2's kernel does not build"
	done
fi
E2LAYOUT=$(e2layout)
"$TOP/scripts/initramfs.sh"
command -v gnuplot >/dev/null || die "gnuplot is missing: run 'scripts/deps.sh bench' (make bench does)"

start=$(date +%s)

# model_progress LOG NAME: while a model guest runs, a line for each of
# its runs (a 'bench: n=' line in LOG, or a warm-up's comment) as it
# ends, with the NAME of its configuration; it stops with the bench.
model_progress() {
	local log=$1 name=$2 seen=0 t0=$SECONDS new
	while sleep 5 && kill -0 $$ 2>/dev/null; do
		new=$(tr -d '\r' < "$log" 2>/dev/null | grep -a '^bench: n=\|^# [0-9]* \(writers\?\|clients\), warm-up run\|^# [0-9]* \(writers\?\|clients\): \(not \)\?settled' | tail -n +$((seen + 1))) || true
		[ -n "$new" ] || continue
		seen=$((seen + $(wc -l <<<"$new")))
		awk -v runs="$mruns" -v name="$name" -v t=$((SECONDS - t0)) "$kv_awk"'
		/^# / { printf "          %s, %s (%dm%02ds into this guest)\n", name, substr($0, 3), t / 60, t % 60; next }
		{	kv()
			if ("seq_write_mb_s" in v)
				what = sprintf("wrote %s MiB/s, read back %s, %s extents per file", v["seq_write_mb_s"], v["seq_read_mb_s"], v["extents_per_file"])
			else
				what = sprintf("dbench %s MB/s", v["dbench_mb_s"])
			printf "          %s, %s %s%s, run %s of %s: %s (%dm%02ds into this guest)\n", name, v["n"],
				("seq_write_mb_s" in v) ? "writer" : "client", v["n"] == 1 ? "" : "s", v["run"], runs, what, t / 60, t % 60 }' <<<"$new" >&2
	done
}

# run PART TAG CH MNT FS N RUN-PREFIX [VAR=value...]: one guest run; its
# 'bench:' lines become CSV rows "name,fs,n,run,metric,value" in PART.csv.tmp.
run() {
	local part=$1 tag=$2 ch=$3 mnt=$4 fs=$5 n=$6 prefix=$7; shift 7
	[ "$mnt" = - ] && mnt=
	local t0 f0=$FAIL wpid="" i; t0=$(date +%s)
	rm -f "$R/$tag.log"
	# A model guest runs for minutes: say each of its runs as it ends.
	[ "$part" = model ] && [ "$MBOOT" != run ] && { model_progress "$R/$tag.log" "${tag%%-[wfsm]*}" & wpid=$!; }
	# scripts/guest.sh's guest(): the guest's own checks, its log, e2fsck -fn.
	guest "$tag" "$ch" FS="$fs" MNT="$mnt" "$@" >"$R/$tag.checks"
	[ -z "$wpid" ] || { kill "$wpid" 2>/dev/null; wait "$wpid" 2>/dev/null || true; }
	[ "$FAIL" = "$f0" ] ||
		die "run $tag failed: $(grep -m1 '^not ok' "$R/$tag.checks"); see $R/$tag.checks and $R/$tag.log"
	grep -ao 'bench: .*' "$R/$tag.log" | tr -d '\r' | sed 's/^bench: //' | tr ' ' '\n' | tr '=' ' ' |
		awk -v pre="$prefix" '{ print pre $1 "," $2 }' >> "$R/$part.csv.tmp"
	# The runs done so far, this one's among them (they may end out of
	# order when they run at once).
	echo "$tag" >> "$R/.done"; i=$(wc -l < "$R/.done")
	local el=$(( $(date +%s) - start )) r what
	r=$(echo "$prefix" | cut -d, -f4)   # the run (0 for the model: all its runs)
	case $part in
	nearfull) what="$n% full, run $r" ;;
	search|searchtime) what="K up to $n, run $r" ;;
	model)
		local who=writer; [ -z "$alone" ] || who=client
		case $n in *,*) what="$who counts $n" ;; *) what=$(printf '%3d %ss' "$n" "$who") ;; esac
		if [ "$r" != 0 ]; then what="$what, run $r"
		elif [ "$mruns" = 1 ]; then what="$what, 1 run"
		else what="$what, $mruns runs"; fi ;;
	*) what="$(printf '%3d writers' "$n"), run $r" ;;
	esac
	# Minutes left: the runs of the parts before the model at the pace so
	# far, and the model at its estimate (mest). In the model, its
	# estimate for the guests not done, scaled by how the done ones' time
	# compared with theirs. Without an estimate: every run alike.
	local left=$(( el * (total - i) / i )) ed
	if [ -n "$mest" ] && [ "$part" = model ]; then
		ed=$(awk 'NR == FNR { e[$1] = $2; next } $1 in e { d += e[$1] } END { print d + 0 }' "$R/.est" "$R/.done")
		[ "$ed" = 0 ] || left=$(( (mest - ed) * ($(date +%s) - mstart) / ed ))
	elif [ -n "$mest" ]; then
		# the runs before the model at the pace so far, then the model
		left=$(( el * (total - ${#mjobs[@]} - i) / i + mest ))
	fi
	printf '    [%d/%d] %-10s %-11s %s (%ds; %dm%02ds so far, about %dm left)\n' \
		"$i" "$total" "$part" "${tag%%-[wfsm]*}" "$what" $(( $(date +%s) - t0 )) \
		$((el / 60)) $((el % 60)) $((left / 60)) >&2
}

# The pool: the disk model's guests, MJOBS at once (see MJOBS above; with
# 1, one after another).
# pooled SLOTS FUNCTION ARGS...: FUNCTION in the background once fewer than
# SLOTS of the pool's jobs run; a job that fails is named in $R/.failed.
pooled() {
	local slots=$1; shift
	while [ "$(jobs -pr | wc -l)" -ge "$slots" ]; do wait -n || true; done
	# A subshell of its own, under set -e as the bench is; its EXIT trap
	# sees how it ended, die included.
	( pool_job="$*"; trap '[ $? = 0 ] || echo "$pool_job" >> "$R/.failed"' EXIT; "$@" ) &
}
# pool_wait: wait for every job started; then stop the bench if one failed
# (its message is above, and its checks in $R).
pool_wait() {
	wait
	[ ! -s "$R/.failed" ] || die "$(wc -l < "$R/.failed") guest run(s) failed: $(tr '\n' ';' < "$R/.failed")"
}
rm -f "$R/.failed" "$R/.done"
mkdir -p "$R/rows"
rm -f "$R/rows/"*

for part in layout throughput alloc nearfull search model; do rm -f "$R/$part.csv.tmp" "$R/$part.rows"; done
# part_took PART: what PART took since the part before it ended (a part
# not measured takes no time), for the report ("part=seconds").
part_times="" p0=$(date +%s)
part_took() {
	local now; now=$(date +%s)
	part_times="$part_times $1=$((now - p0))"
	echo "$(plan_key "$1") $((now - p0)) $(date -u +%F)" >> "$TIMES"
	p0=$now
}
touch "$R/.run-started"   # PUBLISH copies only what this run wrote

if has layout; then
for n in $counts; do
	for cfg in "${configs[@]}"; do
		set -- $cfg
		name=$1 ch=$2 mnt=$3 fs=$4 rsv=$5
		for r in $(seq "$runs"); do
			tag=$name-w$n-r$r
			run layout "$tag" "$ch" "$mnt" "$fs" "$n" "$name,$fs,$n,$r," RUN=writers \
				ARGS="$n:$MIB:16:$rsv" DISK_MB=$((n * MIB * 2 < 512 ? 512 : n * MIB * 2))
			"$E2LAYOUT" -k "$R/$tag.img" | awk -F= -v pre="$name,$fs,$n,$r," '{ print pre $1 "," $2 }' >> "$R/layout.csv.tmp"
			# Block maps: 8 writers, first run, chapters 1, 2 and 4.
			if [ "$n" = 8 ] && [ "$r" = 1 ] && [[ " ch1 ch2 ch4 " == *" $name "* ]]; then
				first=$("$E2LAYOUT" -l "$R/$tag.img" | awk 'NR == 1 || $5 < m { m = $5 } END { print m - m % 256 }')
				"$E2LAYOUT" -m "$first:32768:256" "$R/$tag.img" > "$R/map-$name.txt"
				echo "$first" > "$R/map-$name.first"
			fi
			rm -f "$R/$tag.img"
		done
	done
done
awk -F, '{ print; k = $1 FS $2 FS $3 FS $4 }
	$5 == "readback_requests" { q[k] = $6 }
	$5 == "readback_mib" && $6 > 0 { printf "%s,readback_requests_per_mib,%.2f\n", k, q[k] / $6 }' \
	"$R/layout.csv.tmp" > "$R/layout.csv.tmp2"
{ echo "kernel,fs,writers,run,metric,value"; cat "$R/layout.csv.tmp2"; } > "$RESULTS/layout.csv"
rm -f "$R/layout.csv.tmp" "$R/layout.csv.tmp2"
part_took layout
fi

if has throughput; then
for n in $tcounts; do
	for cfg in "${configs[@]}"; do
		set -- $cfg
		[ "$5" = 0 ] || continue   # the window-size column is a layout experiment
		run throughput "$1-w$n-tp" "$2" "$3" "$4" "$n" "$1,$4,$n,1," RUN=throughput WORK=1 \
			ARGS="$n:$tsecs:8" DISK_MB=$((n * 8 * 2 + 1024))
		rm -f "$R/$1-w$n-tp.img"
	done
done
{ echo "kernel,fs,writers,run,metric,value"; cat "$R/throughput.csv.tmp"; } > "$RESULTS/throughput.csv"
rm -f "$R/throughput.csv.tmp"
part_took throughput
fi

if has alloc; then
for n in $acounts; do
	for cfg in "${aconfigs[@]}"; do
		set -- $cfg
		for r in $(seq "$aruns"); do
			run alloc "$1-w$n-r$r-alloc" "$2" "$3" "$4" "$n" "$1,$4,$n,$r," RUN=writers \
				ARGS="$n:$AMIB:16:0:hold-dirty" DISK_MB=$((n * AMIB * 2 < 512 ? 512 : n * AMIB * 2)) MEM=3072
			rm -f "$R/$1-w$n-r$r-alloc.img"
		done
	done
done
awk -F, -v mib="$AMIB" '{ print } $5 == "write_sys_ticks" { printf "%s,%s,%s,%s,sys_ms_per_mib,%.2f\n", $1, $2, $3, $4, $6 * 10 / ($3 * mib) }' \
	"$R/alloc.csv.tmp" > "$R/alloc.csv.tmp2"
{ echo "kernel,fs,writers,run,metric,value"; cat "$R/alloc.csv.tmp2"; } > "$RESULTS/alloc.csv"
rm -f "$R/alloc.csv.tmp" "$R/alloc.csv.tmp2"
part_took alloc
fi
if has nearfull; then
for point in "${npoints[@]}"; do
	set -- $point
	pct=$1 wargs=$2
	for cfg in "${nconfigs[@]}"; do
		set -- $cfg
		for r in $(seq "$nruns"); do
			run nearfull "$1-full$pct-r$r" "$2" "$3" "$4" "$pct" "$1,$4,$pct,$r," RUN=nearfull \
				ARGS="$pct:$wargs" BS=1024 DISK_MB=256
			rm -f "$R/$1-full$pct-r$r.img"
		done
	done
done
awk -F, '{ print } $5 == "write_sys_ticks" { t[$1 FS $2 FS $3 FS $4] = $6 }
	$5 == "write_mib" && $6 > 0 { k = $1 FS $2 FS $3 FS $4; printf "%s,sys_ms_per_mib,%.2f\n", k, t[k] * 10 / $6 }' \
	"$R/nearfull.csv.tmp" > "$R/nearfull.csv.tmp2"
{ echo "kernel,fs,full_pct,run,metric,value"; cat "$R/nearfull.csv.tmp2"; } > "$RESULTS/nearfull.csv"
rm -f "$R/nearfull.csv.tmp" "$R/nearfull.csv.tmp2"
part_took nearfull
fi
if has search; then
for cfg in "${sconfigs[@]}"; do
	set -- $cfg
	for r in $(seq "$sruns"); do
		tag=$1-search-r$r
		run search "$tag" "$2" "$3" "$4" "${kpoints##*:}" "$1,$4,0,$r," RUN=searchcost \
			ARGS="$SNEW:$kpoints" DISK_MB=1024 MKFS_OPTS="-i 4096" MEM=2048
		# One guest line per K: "bench: k=K new=N sys_us_per_new=S wall_us_per_new=W".
		tr -d '\r' < "$R/$tag.log" | awk -v pre="$1,$4" -v r="$r" "$kv_awk"'
			/^bench: k=/ { kv()
				printf "%s,%s,%s,sys_us_per_new,%s\n", pre, v["k"], r, v["sys_us_per_new"]
				printf "%s,%s,%s,wall_us_per_new,%s\n", pre, v["k"], r, v["wall_us_per_new"] }' >> "$R/search.rows"
		rm -f "$R/$tag.img"
	done
done
{ echo "kernel,fs,k,run,metric,value"; cat "$R/search.rows"; } > "$RESULTS/search.csv"
rm -f "$R/search.rows" "$R/search.csv.tmp"
part_took search
fi
if has searchtime; then
: > "$R/searchtime.rows"
for r in $(seq "$truns"); do
	for cfg in "${tconfigs[@]}"; do   # the kernels side by side in each run
		set -- $cfg
		tag=$1-searchtime-r$r
		# The course's own kernel (VARIANT=), with the tracer and lock_stat.
		# The function-graph tracer starts at boot, timing only a function
		# the passes never call: starting it later patches the scheduler's
		# code while the other CPU runs it, which under TCG can trap
		# (bench/findings.md); between passes only ext2's functions are
		# switched in and out, while no other task can be running them.
		VARIANT='' run searchtime "$tag" "$2" "$3" "$4" "${tkpoints##*:}" "$1,$4,0,$r," RUN=searchtime \
			ARGS="$tnew:2:$tkpoints" DISK_MB=1024 MKFS_OPTS="-i 4096" MEM=2048 TIMEOUT=1800 \
			APPEND="ftrace=function_graph ftrace_filter=ext2_statfs"
		# Guest lines "bench: k=K pass=P name=value...": one row per
		# value, its metric named after the pass (trace: per call;
		# lock: one CPU; contend: two at once, metric name ending in 2).
		tr -d '\r' < "$R/$tag.log" | awk -v pre="$1,$4" -v r="$r" "$kv_awk"'
			/^bench: k=/ { kv(); sfx = (v["pass"] == "contend") ? "2" : ""
				for (m in v) if (m != "k" && m != "pass" && m != "new")
					printf "%s,%s,%s,%s%s,%s\n", pre, v["k"], r, m, sfx, v[m] }' >> "$R/searchtime.rows"
		rm -f "$R/$tag.img"
	done
done
{ echo "kernel,fs,k,run,metric,value"; sort -t, -k1,1 -s "$R/searchtime.rows"; } > "$RESULTS/searchtime.csv"
rm -f "$R/searchtime.rows" "$R/searchtime.csv.tmp"
part_took searchtime
fi
if has model; then
mdisk_mb=1024   # the model's disk, MiB
# model_disk_mb COUNTS: the disk of a guest running COUNTS (a comma list):
# the model's 1 GiB, or with dbench alone the largest file system its
# counts get (dbench_fs_mb, which the guest sizes each one by) if that is
# more.
. "$TOP/initramfs/tests/dbench-fs.sh"
model_disk_mb() {
	local c f m=$mdisk_mb
	if [ -n "$alone" ]; then
		for c in ${1//,/ }; do f=$(dbench_fs_mb "$c"); [ "$f" -le "$m" ] || m=$f; done
	fi
	echo "$m"
}
# QEMU's trace of the disk's requests (bench/seeks.sh), for fio's
# phases: none to trace with dbench alone.
DISK_TRACE_MODEL=1; [ -z "$alone" ] || DISK_TRACE_MODEL=
# model_timeout COUNTS RUNS: a model guest's time limit in seconds, for
# every run and warm-up (at most 6 with MWARM=auto) at every writer count
# it holds: 12 s per MiB written in a run, plus its dbench seconds, plus
# ten minutes to boot and probe the disk. The slowest run seen, chapter 1
# at 64 writers under MDIRTY=128/64, wrote 384 MiB at 0.46 MiB/s and read
# it back as slowly: about 4.4 s per MiB. The 60 s a dbench run gets
# beyond its seconds (a fresh file system, dbench's start and end, e2fsck)
# is twice the most dbench itself ever took beyond them in the runs on
# record: 28 s, chapter 6 at 32 clients (dbench_wall_s less dbench_secs in
# results/model-dbench*.csv; bench_tools in tests/run.sh checks it).
model_dbench_slack=60
model_timeout() {
	local counts warm=$MWARM
	counts=$(( $(tr -cd , <<<"$1" | wc -c) + 1 ))
	[ "$warm" = auto ] && warm=6
	echo $(( 600 + counts * ($2 + warm) * (MTOTAL * 12 + msecs + (msecs > 0 ? model_dbench_slack : 0)) ))
}
# model_job INDEX COUNTS [RUN]: configuration INDEX of mconfigs at COUNTS
# writers (a comma list), its runs in one guest (with RUN, that run alone);
# its rows go to $R/rows/, one file per job, put together in the
# configurations' order when all have ended.
model_job() {
	local n=$2 r=${3:-} runs=$mruns rows c
	# Named so that the shell's sort puts them in order: configuration,
	# counts, run.
	rows=$R/rows/model.$(printf '%02d' "$1").
	for c in ${n//,/ }; do rows=$rows$(printf '%03d-' "$c"); done
	rows=$rows${r:+$(printf '%02d' "$r")}
	[ -z "$r" ] || runs=1
	local tag; tag=$(model_tag "$1" "$n" "$r")
	set -- ${mconfigs[$1]}
	run model "$tag" "$2" "$3" "$4" "$n" "$1,$4,${n//,/;},${r:-0}," RUN=seqio WORK=1 DISK_MODEL=hdd \
		ARGS="$n:$MTOTAL:$msecs:$runs:$5:$MDIRTY:$MWARM" DISK_MB="$(model_disk_mb "$n")" TIMEOUT="$(model_timeout "$n" "$runs")" \
		${DISK_TRACE_MODEL:+DISK_TRACE="$R/$tag.trace"}
	# One guest line per run: "bench: n=N run=R seq_write_mb_s=... ...".
	tr -d '\r' < "$R/$tag.log" | awk -v pre="$1,$4" -v r="$r" "$kv_awk"'
		/^bench: n=/ { kv()
			if (r != "") v["run"] = r
			for (m in v) if (m != "n" && m != "run") printf "%s,%s,%s,%s,%s\n", pre, v["n"], v["run"], m, v[m] }' > "$rows"
	[ -z "$DISK_TRACE_MODEL" ] || trace_rows "$R/$tag.trace" "$R/$tag.log" "$1,$4" "$r" >> "$rows"
	rm -f "$R/$tag.img" "$R/$tag.trace"
}
# trace_rows TRACE LOG PREFIX [RUN]: the phases of each counted run as the
# host's trace of the disk saw them (bench/seeks.sh), as rows
# beside the guest's own: for PHASE write, read and alone,
# PHASE_disk_requests, PHASE_contiguous_pct, PHASE_skips_pct,
# PHASE_jump_kib, and the MiB/s of the disk's busy time under each of
# seeks.sh's models, PHASE_fixed_mb_s, PHASE_seek_mb_s and PHASE_skip_mb_s.
# The k-th counted run of the trace is the guest's k-th "bench: n=" line;
# when the two do not pair up, no rows, and a note says so.
trace_rows() {
	local s
	s=$("$TOP/bench/seeks.sh" "$1" $((mdisk_mb * 1048576))) || return 0
	{ echo "$s"; tr -d '\r' < "$2" | grep -a '^bench: n='; } | awk -v pre="$3" -v r="$4" -v tag="${1##*/}" "$kv_awk"'
		function pct(a, b) { return b ? 100 * a / b : 0 }
		function rate(m, s) { return s > 0 ? m / s : 0 }
		/^seeks:/ { kv(); ns = v["seq"] > ns ? v["seq"] : ns; p = v["seq"] SUBSEP v["phase"]
			req[p] = v["requests"]; mib[p] = v["mib"]; con[p] = pct(v["contiguous"], v["requests"]); skp[p] = pct(v["skips"], v["requests"])
			jump[p] = v["jump_kib"]; f[p] = v["fixed_s"]; sk[p] = v["seek_s"]; sp[p] = v["skip_s"] }
		/^bench: n=/ { kv(); k++; n[k] = v["n"]; run[k] = r != "" ? r : v["run"] }
		END {
			if (ns != k) { printf "    note: %s: %d counted runs in the trace, %d in the guest log: no trace rows\n", tag, ns, k > "/dev/stderr"; exit }
			for (i = 1; i <= k; i++) for (j = 1; j <= 3; j++) {
				ph = j == 1 ? "write" : j == 2 ? "read" : "alone"; p = i SUBSEP ph
				if (!(p in req)) continue
				q = pre "," n[i] "," run[i] "," ph
				printf "%s_disk_requests,%d\n%s_contiguous_pct,%.1f\n%s_skips_pct,%.1f\n%s_jump_kib,%d\n", q, req[p], q, con[p], q, skp[p], q, jump[p]
				printf "%s_fixed_mb_s,%.2f\n%s_seek_mb_s,%.2f\n%s_skip_mb_s,%.2f\n", q, rate(mib[p], f[p]), q, rate(mib[p], sk[p]), q, rate(mib[p], sp[p])
			} }'
}
mstart=$(date +%s)
for j in "${mjobs[@]}"; do pooled "$MJOBS" model_job $j; done
pool_wait
{ echo "kernel,fs,writers,run,metric,value"; cat "$R/rows/model."*; } > "$RESULTS/model.csv"
rm -f "$R/rows/model."* "$R/model.csv.tmp"
part_took model
fi
elapsed=$(( $(date +%s) - t_begin ))   # all of it: kernels, initramfs and runs

MWARM=$MWARM MJOBS=$MJOBS MBOOT=$MBOOT MTOTAL=$MTOTAL MDIRTY=$MDIRTY MSECS=${MSECS_GIVEN:-} PARTS="$PARTS" ALL_PARTS="$all_parts" BUILD_SECONDS=$((start - t_begin)) PART_TIMES="${part_times# }" "$TOP/bench/report.sh" "$mode" "$elapsed"
# PUBLISH=1: what this run wrote (a run of some PARTS leaves the others'
# files out) goes to a new folder, results/runs/DATE-MODE-PARTS[-N]/. It
# never overwrites a file: what the book quotes changes only when someone
# points the book, or a merge (bench/merge.sh), at the new run.
if [ "${PUBLISH:-0}" = 1 ]; then
	pub=$TOP/results/runs/$(date +%Y-%m-%d)-$mode-$(tr ' ' '-' <<<"$PARTS")
	base=$pub k=1
	while [ -e "$pub" ]; do k=$((k + 1)); pub=$base-$k; done
	mkdir -p "$pub"
	find "$RESULTS" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.md' -o -name '*.png' \) \
		-newer "$R/.run-started" -exec cp -n {} "$pub/" \;
	note "copied to ${pub#"$TOP"/}/: add it to results/README.md, then commit it; the book quotes it once a chapter (or a merge) names it"
fi
