# Mount options and the window-size ioctls, as each chapter has them.
. /tests/lib.sh
remount() { mount -o remount,"$1" /mnt; }
opts() { grep ' /mnt ' /proc/mounts | cut -d' ' -f4; }
errno_of() { "$@" 2>&1 | sed -n 's/.*(errno \([0-9]*\)).*/\1/p'; }
# bad_input SIZE: the refusals mainline and chapters 3-4 share, on /mnt/r
# whose window size is SIZE: a bad pointer, a directory, another user.
bad_input() {
	check "both ioctls with a bad pointer fail with EFAULT" rsvctl fault /mnt/r
	check "and change nothing (still $1)" test "$(rsvctl get /mnt/r)" = "$1"
	mkdir -p /mnt/d
	check "GETRSVSZ on a directory fails with ENOTTY" test "$(errno_of rsvctl get /mnt/d)" = 25
	check "SETRSVSZ on a directory fails with ENOTTY" test "$(errno_of rsvctl set /mnt/d 64)" = 25
	check "SETRSVSZ by another user (uid 1000) fails with EACCES" test "$(errno_of su student -c 'rsvctl set /mnt/r 32')" = 13
}
case $CH in
0)
	# Mainline 6.1 reserves by default and says so only when it does not.
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
	# Bad input, as mainline answers it.
	rsvctl set /mnt/r 16
	bad_input 16
	check "and changes nothing (still 16)" test "$(rsvctl get /mnt/r)" = 16
	# Mainline does not check the sign: it reads the int into an unsigned
	# short (-1 becomes 65535), then clamps that to its cap of 1027.
	# Chapter 3 refuses -1 with EINVAL.
	check "SETRSVSZ -1 is accepted by mainline" rsvctl set /mnt/r -1
	check "and read as 65535, clamped to 1027 (ext2_ioctl's unsigned short)" test "$(rsvctl get /mnt/r)" = 1027
	rsvctl set /mnt/r 16
	check "remount read-only" remount ro
	check "SETRSVSZ on a read-only mount fails with EROFS" test "$(errno_of rsvctl set /mnt/r 32)" = 30
	check "and changes nothing (still 16)" test "$(rsvctl get /mnt/r)" = 16
	check "remount read-write" remount rw
	;;
1|2)
	# No option, no ioctl: they come back in chapter 3.
	check_fails "mount -o reservation is refused" remount reservation
	check_fails "mount -o noreservation is refused" remount noreservation
	check "the disk is still mounted read-write" sh -c "grep ' /mnt ' /proc/mounts | grep -q ' rw'"
	dd if=/dev/zero of=/mnt/r bs=4k count=4 2>/dev/null
	check "GETRSVSZ fails with ENOTTY" test "$(errno_of rsvctl get /mnt/r)" = 25
	check "SETRSVSZ fails with ENOTTY" test "$(errno_of rsvctl set /mnt/r 64)" = 25
	;;
3|4|5|6)
	# The seed: off unless asked for, shown in /proc/mounts when on.
	info "options at mount: $(opts)"
	check "without the option, /proc/mounts does not say reservation" sh -c "! grep ' /mnt ' /proc/mounts | grep -qw reservation"
	: > /mnt/r
	check "without the option, GETRSVSZ fails with EOPNOTSUPP" test "$(errno_of rsvctl get /mnt/r)" = 95
	check "without the option, SETRSVSZ fails with EOPNOTSUPP" test "$(errno_of rsvctl set /mnt/r 64)" = 95
	check "remount -o reservation is accepted" remount reservation
	check "/proc/mounts says reservation" sh -c "grep ' /mnt ' /proc/mounts | grep -qw reservation"
	check "GETRSVSZ on a file with no window yet gives the default 8" test "$(rsvctl get /mnt/r)" = 8
	check "SETRSVSZ 64" rsvctl set /mnt/r 64
	check "GETRSVSZ gives 64 back" test "$(rsvctl get /mnt/r)" = 64
	dd if=/dev/zero of=/mnt/r bs=4k count=4 conv=notrunc 2>/dev/null
	check "the size survives writing (still 64)" test "$(rsvctl get /mnt/r)" = 64
	rsvctl set /mnt/r 100000
	check "SETRSVSZ 100000 is clamped to the seed's cap of 1024" test "$(rsvctl get /mnt/r)" = 1024
	check "SETRSVSZ -1 fails with EINVAL" test "$(errno_of rsvctl set /mnt/r -1)" = 22
	check "and changes nothing (still 1024)" test "$(rsvctl get /mnt/r)" = 1024
	bad_input 1024
	check "GETRSVSZ by another user works" test "$(su student -c 'rsvctl get /mnt/r')" = 1024
	chown student /mnt/r
	check "SETRSVSZ by the owner (uid 1000) works" su student -c 'rsvctl set /mnt/r 16'
	check "and took effect (16)" test "$(rsvctl get /mnt/r)" = 16
	check "SETRSVSZ 0 turns the file's windows off" rsvctl set /mnt/r 0
	check "GETRSVSZ then gives 0" test "$(rsvctl get /mnt/r)" = 0
	dd if=/dev/zero of=/mnt/r bs=4k count=4 conv=notrunc 2>/dev/null
	check "a file with windows off is still written and read" test "$(wc -c < /mnt/r)" = 16384
	check "remount read-only" remount ro
	check "SETRSVSZ on a read-only mount fails with EROFS" test "$(errno_of rsvctl set /mnt/r 32)" = 30
	check "GETRSVSZ on a read-only mount works" test "$(rsvctl get /mnt/r)" = 0
	check "remount read-write, -o noreservation" remount rw,noreservation
	check "/proc/mounts no longer says reservation" sh -c "! grep ' /mnt ' /proc/mounts | grep -qw reservation"
	check "GETRSVSZ fails with EOPNOTSUPP again" test "$(errno_of rsvctl get /mnt/r)" = 95
	;;
*)
	echo "not ok - options: unknown chapter '$CH'"
	;;
esac
