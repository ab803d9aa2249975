#!/usr/bin/env bash
# Boot a chapter's kernel in QEMU (TCG) on a fresh ext2 disk.
#   scripts/qemu.sh shell    a shell on the console, the disk on /mnt
#   scripts/qemu.sh test     headless: run course.run tests, log to $LOG, power off
#   scripts/qemu.sh debug    like shell, but stopped at the first instruction
#                            until gdb attaches to the gdbstub on $GDB_PORT
# Settings (environment): CH (chapter, required), RUN (guest tests, comma
# separated), ARGS (their arguments, ':' separated), MNT (mount options),
# FS=ext2|ext4, BS=4096 (block size), DISK_MB=512, DISK (image path),
# MKFS_OPTS (more mke2fs options, e.g. '-m 0'),
# MKFS=1 (make a fresh image), WORK=1 (add dbench and fio), LOG, TIMEOUT=900,
# GDB_PORT=1234, GDB=1 (open the gdbstub in test mode too; with WAIT=1 the
# guest waits for gdb before its first instruction), SMP=2, MEM=1024,
# TSC_KHZ (the guest's TSC rate in kHz; by default the host's, from dmesg;
# empty: the guest measures it),
# BOOT_TIMEOUT=120 (test mode: seconds to reach /init before the boot counts
# as hung and is tried once more), KVM=1 (try KVM; falls back to TCG when
# /dev/kvm is not usable), APPEND
# (more kernel command line words, e.g. APPEND=printk.time=1),
# DISK_MODEL=hdd (the disk charges for every request as a 2004 disk did:
# see disk_model below), DISK_SCALE=1 (that disk, N times faster),
# DISK_TRACE=FILE (QEMU logs every read and write the guest's disk is
# asked for to FILE, as bench/seeks.sh reads them).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mode=${1:-shell}
CH=${CH:?set CH to a chapter number}
check_chapter "$CH"
need_kernel "$CH"
[ -f "$BUILD/initramfs.cpio" ] || die "no initramfs: run 'make initramfs'"
FS=${FS:-ext2} BS=${BS:-4096} DISK_MB=${DISK_MB:-512}
DISK=${DISK:-$BUILD/disk-ch$CH.img}
SMP=${SMP:-2} MEM=${MEM:-1024} GDB_PORT=${GDB_PORT:-1234} TIMEOUT=${TIMEOUT:-900}

# disk_model: QEMU's -drive options for DISK_MODEL. Empty: none, the disk
# is a file in the host's page cache and every request is nearly free.
# hdd: QEMU's block throttling makes each request wait as a 2004 desktop
# disk would: a Seagate Barracuda 7200.7 (8.5 ms average seek, 4.16 ms
# average rotational latency, 58 MB/s average sustained transfer) serves at
# most 1000 / (8.5 + 4.16) = 79 scattered requests a second, and 58 MB a
# second in order. QEMU applies the two limits side by side, so a request
# costs the larger of the two, not their sum: a first-order disk, with no
# seek distance, no elevator and no cache. DISK_SCALE=N divides both costs
# by N; it keeps the ratio of a request's cost to a byte's, but under TCG
# the guest's own CPU time soon hides the disk (at 10, a contiguous
# file's read-back is CPU-bound), so the bench keeps the 2004 speeds.
drive_opts=
disk_model() {
	local scale=${DISK_SCALE:-1}
	case $scale in ''|*[!0-9]*|0) die "DISK_SCALE must be a whole number of 1 or more, not '$scale'" ;; esac
	case ${DISK_MODEL:-} in
	'') ;;
	hdd) drive_opts=",throttling.iops-total=$((HDD_IOPS * scale)),throttling.bps-total=$((HDD_BPS * scale))" ;;
	*) die "DISK_MODEL=$DISK_MODEL: the one model is 'hdd' (leave it empty for the plain, free disk)" ;;
	esac
}
disk_model
[ -n "$drive_opts" ] && note "disk model ${DISK_MODEL}: ${drive_opts#,} (a 2004 disk$([ "${DISK_SCALE:-1}" = 1 ] || echo ", ${DISK_SCALE} times faster"))"

# DISK_TRACE: QEMU's own trace events at the block backend, where the
# throttle charges: one line per request as it arrives (after virtio's
# merging, before the throttle's wait), with its offset and size in bytes.
trace_opts=()
if [ -n "${DISK_TRACE:-}" ]; then
	mkdir -p "$(dirname "$DISK_TRACE")" && : > "$DISK_TRACE" ||
		die "DISK_TRACE=$DISK_TRACE: cannot write the trace there"
	# (a comma in the path doubled: QEMU's option syntax)
	trace_opts=(-trace "enable=blk_co_p*v,file=${DISK_TRACE//,/,,}")
fi

mkfs() {
	rm -f "$DISK"
	# shellcheck disable=SC2086 # MKFS_OPTS is a list of options
	run_shown mke2fs -q -F -t "$FS" -b "$BS" ${MKFS_OPTS:-} "$DISK" "${DISK_MB}M" >/dev/null ||
		die "mke2fs could not make $DISK"
}
[ "${MKFS:-1}" = 1 ] && mkfs

initrd=$BUILD/initramfs.cpio
if [ "${WORK:-0}" = 1 ]; then
	initrd=$BUILD/initramfs-full.cpio
	[ "$initrd" -nt "$BUILD/initramfs-work.cpio" ] && [ "$initrd" -nt "$BUILD/initramfs.cpio" ] ||
		{ cat "$BUILD/initramfs.cpio" "$BUILD/initramfs-work.cpio" > "$initrd.$$" && mv "$initrd.$$" "$initrd"; }
fi

# A student's boot (shell, debug) of chapter 3 or later mounts ext2 with
# -o reservation unless MNT says otherwise: those kernels, like the seed,
# keep windows off by default, and the course is about windows.
if [ "$mode" != test ] && [ -z "${MNT:-}" ] && [ "$FS" = ext2 ] && [ "${CH%%.*}" -ge 3 ]; then
	MNT=reservation
	note "chapter $CH: /mnt is mounted with -o reservation (windows on); MNT=noreservation boots it without windows"
fi

# host_tsc_khz: the host's TSC rate in kHz, as its kernel measured it (the
# refined figure if there is one, else the first): under TCG the guest's
# RDTSC reads the host's TSC, so this is the guest's rate too. Empty when
# the kernel log is not readable or no longer holds the boot lines.
host_tsc_khz() {
	dmesg 2>/dev/null | sed -n 's/.*tsc: \(Refined TSC clocksource calibration:\|Detected\) \([0-9]*\)\.\([0-9]\{3\}\) MHz.*/\2\3/p' |
		tail -1
}

# tsc=reliable: the guest keeps time by the TSC, which TCG reads from the
# host's. Without it the kernel finds the two vCPUs' TSCs out of step,
# and the course's kernels (no ACPI, no HPET) fall back to counting timer
# ticks, which TCG delivers late when the vCPUs are busy: the guest's
# clock then ran slow, and a lone writer on the disk model seemed to
# write 64 to 73 MiB/s through a disk that takes 58 MB/s (46 by the TSC).
# tsc_early_khz: the TSC's rate, so that the guest need not measure it
# against the emulated PIT, the one timer these kernels have. That
# measurement failed in 1 of 35 boots on a busy host ('Fast TSC
# calibration failed', 'Unable to calibrate against PIT'), and the
# kernel then marked the TSC unstable and counted ticks after all.
# TSC_KHZ=N gives the rate; TSC_KHZ= (empty) lets the guest measure it.
tsc_khz=${TSC_KHZ-$(host_tsc_khz)}
case $tsc_khz in
'') [ -n "${TSC_KHZ+set}" ] ||
	note "the host's TSC rate is not in its kernel log (dmesg): the guest measures it against the PIT; TSC_KHZ=N gives it" ;;
*[!0-9]*|0) die "TSC_KHZ must be the TSC's rate in kHz (for example 2600000), not '$tsc_khz'" ;;
esac
append="console=ttyS0 nokaslr panic=-1 tsc=reliable${tsc_khz:+ tsc_early_khz=$tsc_khz} course.ch=${CH%%.*} course.fs=$FS"
[ -n "${RUN:-}" ] && append+=" course.run=$RUN"
[ -n "${ARGS:-}" ] && append+=" course.args=$ARGS"
[ -n "${MNT:-}" ] && append+=" course.mnt=$MNT"
[ -n "${APPEND:-}" ] && append+=" $APPEND"

accel=(-accel tcg)
if [ "${KVM:-0}" = 1 ]; then
	if [ -w /dev/kvm ]; then accel=(-accel kvm -cpu host)
	else note "KVM=1 but /dev/kvm is not usable here: using TCG"; fi
fi

# sockets=2: without ACPI the kernel reads SeaBIOS's MP table, which lists one
# CPU per socket; -smp 2 alone would give the guest a single CPU.
cmd=(qemu-system-x86_64 "${accel[@]}" -m "$MEM" -smp "$SMP,sockets=$SMP"
     -kernel "$(kout "$CH")/bzImage" -initrd "$initrd" -append "$append"
     -drive "file=$DISK,format=raw,if=virtio$drive_opts" "${trace_opts[@]}" -no-reboot)

gdbstub() {
	if (exec 3<>"/dev/tcp/127.0.0.1/$GDB_PORT") 2>/dev/null; then
		die "port $GDB_PORT is busy (another 'make debug'?): pick another with GDB_PORT=N, and give 'make gdb' the same GDB_PORT"
	fi
	cmd+=(-gdb "tcp:127.0.0.1:$GDB_PORT")
}

case $mode in
shell)
	cmd+=(-nographic)
	note "Ctrl-A X quits QEMU; 'poweroff' in the guest does too"
	run_shown "${cmd[@]}" ;;
debug)
	gdbstub
	cmd+=(-nographic -S)
	note "waiting for gdb on port $GDB_PORT: run 'make gdb CH=$CH${GDB_PORT:+ GDB_PORT=$GDB_PORT}' in another terminal"
	run_shown "${cmd[@]}" ;;
test)
	LOG=${LOG:-$BUILD/logs/guest-ch$CH.log}
	mkdir -p "$(dirname "$LOG")"
	[ "${GDB:-0}" = 1 ] && gdbstub
	[ "${WAIT:-0}" = 1 ] && cmd+=(-S)
	cmd+=(-display none -serial stdio -monitor none)
	printf '\033[36m$'; printf ' %q' timeout "$TIMEOUT" "${cmd[@]}"; printf ' </dev/null >%q\033[0m\n' "$LOG"
	# boot_once: run the guest; rc 125 if it never reached /init within
	# BOOT_TIMEOUT seconds (killed then). Not with gdb: a guest stopped for
	# gdb is not hung.
	BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
	boot_once() {
		rc=0
		timeout "$TIMEOUT" "${cmd[@]}" </dev/null >"$LOG" 2>&1 &
		local pid=$! waited=0
		until grep -aq '^course: ' "$LOG" 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do
			if [ "${GDB:-0}" != 1 ] && [ "$waited" -ge "$BOOT_TIMEOUT" ]; then
				kill "$pid" 2>/dev/null || true
				wait "$pid" 2>/dev/null || true
				rc=125
				return
			fi
			sleep 1
			waited=$((waited + 1))
		done
		wait "$pid" || rc=$?
	}
	boot_once
	# Run the same guest once more on a fresh disk, keeping the first log,
	# when QEMU itself (not the guest) was killed by a signal, as TCG on a
	# loaded host has been seen to do (SIGSEGV), or when the kernel hung in
	# early boot, before /init and so before any of the course's code ran
	# (seen once in about 1,600 boots, after the virtio disk probe). Both
	# are said in the log. Not with gdb attached, nor on a disk kept.
	if { [ $rc -gt 128 ] || [ $rc = 125 ]; } && [ "${GDB:-0}" != 1 ] && [ "${MKFS:-1}" = 1 ]; then
		case $rc in
		125) what="the kernel hung before /init (no 'course:' line in ${BOOT_TIMEOUT}s)" kept=$LOG.boot-hang ;;
		*) what="QEMU crashed once (signal $((rc - 128)))" kept=$LOG.qemu-crash ;;
		esac
		mv "$LOG" "$kept"
		note "$what (log kept in $kept); running the guest again"
		mkfs
		# The trace starts afresh too: the first try's marks would pair
		# with none of this run's figures.
		[ -z "${DISK_TRACE:-}" ] || : > "$DISK_TRACE"
		boot_once
		echo "course: $what, this is the second run" >>"$LOG"
	fi
	[ $rc = 124 ] && echo "course: TIMEOUT after ${TIMEOUT}s" >>"$LOG"
	[ $rc = 125 ] && echo "course: TIMEOUT: the kernel hung before /init (${BOOT_TIMEOUT}s)" >>"$LOG"
	exit $rc ;;
*) die "usage: qemu.sh shell|test|debug" ;;
esac
