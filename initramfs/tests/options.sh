# Mount options and the window-size ioctls, as each chapter has them.
. /tests/lib.sh
remount() { mount -o remount,"$1" /mnt; }
opts() { grep ' /mnt ' /proc/mounts | cut -d' ' -f4; }
case $CH in
0|3|4)
	# Chapter 0 (mainline) reserves by default; 3 and 4 follow the seed.
	check "mount -o reservation is accepted" remount reservation
	check "/proc/mounts does not say noreservation" sh -c "! grep ' /mnt ' /proc/mounts | grep -q noreservation"
	check "remount -o noreservation is accepted" remount noreservation
	check "/proc/mounts says noreservation" sh -c "grep ' /mnt ' /proc/mounts | grep -q noreservation"
	check "remount -o reservation again" remount reservation
	check "and noreservation is gone from /proc/mounts" sh -c "! grep ' /mnt ' /proc/mounts | grep -q noreservation"
	info "options: $(opts)"
	dd if=/dev/zero of=/mnt/r bs=4k count=4 2>/dev/null
	check "GETRSVSZ on a written file gives the default 8" test "$(rsvctl get /mnt/r)" = 8
	check "SETRSVSZ 64" rsvctl set /mnt/r 64
	check "GETRSVSZ gives 64 back" test "$(rsvctl get /mnt/r)" = 64
	rsvctl set /mnt/r 100000
	check "SETRSVSZ 100000 is clamped to mainline's cap of 1027" test "$(rsvctl get /mnt/r)" = 1027
	check "SETRSVSZ 0 turns the file's reservation off" rsvctl set /mnt/r 0
	check "GETRSVSZ then gives 0" test "$(rsvctl get /mnt/r)" = 0
	;;
1|2)
	# No option, no ioctl: they come back in chapter 3.
	check_fails "mount -o reservation is refused" remount reservation
	check "the kernel says why" sh -c "dmesg | grep -q 'unrecognized mount option \"reservation\"'"
	check_fails "mount -o noreservation is refused" remount noreservation
	check "the disk is still mounted read-write" sh -c "grep ' /mnt ' /proc/mounts | grep -q ' rw'"
	dd if=/dev/zero of=/mnt/r bs=4k count=4 2>/dev/null
	check "GETRSVSZ fails with ENOTTY" sh -c "rsvctl get /mnt/r 2>&1 | grep -q 'errno 25'"
	check "SETRSVSZ fails with ENOTTY" sh -c "rsvctl set /mnt/r 64 2>&1 | grep -q 'errno 25'"
	;;
*)
	echo "not ok - options: unknown chapter '$CH'"
	;;
esac
