# The races a file's owner can start, on the same files at once: window
# size flips (SETRSVSZ 0/8), xattr blocks (each set allocates one), appends
# and truncates; then the same with the file system remounted
# noreservation/reservation as it runs; then xattrs against writeback
# alone (no size flips: the data written through mmap and allocated when
# msync writes it back), the race of the upstream report behind 6.6's fix.
# ARGS: SECONDS [writeback] (SECONDS for the first part, half as long for
# the remounts, a third for writeback; with 'writeback', only the
# writeback race, for SECONDS). On the kernel's command line the two are
# ':'-separated (course.args=30:writeback); /init hands them over split.
. /tests/lib.sh
set -- $ARGS
secs=${1:-30} mode=${2:-}
mkdir -p /mnt/race
# race NAME SECONDS [FLAGS]: run rsvrace as uid 1000 and report it as one check.
race() {
	info "$1"
	rsvrace flip -t "$2" -n 4 -u 1000 ${3:-} /mnt/race > /tmp/race.out 2>&1
	rc=$?
	cat /tmp/race.out
	check "$1: the kernel stayed up, every call behaved, every byte read back" test $rc = 0
}
wbrace() {
	race "uid 1000, $1 s: xattr set/remove against writeback (mmap, msync) on 4 files, no SETRSVSZ" "$1" -W
}
if [ "$mode" = writeback ]; then
	wbrace "$secs"
	rm -rf /mnt/race
	sync
	echo "# free_blocks=$(stat -f -c %f /mnt)"
	exit 0
fi
race "uid 1000, ${secs} s: SETRSVSZ 0/8, xattr set/remove and appends on 4 files" "$secs"
case $CH in
0|3|4|5|6)
	# Windows turned off and on under the writers: a file drops its
	# window at its next allocation, from whichever path comes first.
	( while [ ! -e /tmp/stop ]; do
		mount -o remount,noreservation /mnt; sleep 0.2
		mount -o remount,reservation /mnt; sleep 0.2
	  done ) &
	race "the same, $((secs / 2)) s, while root remounts noreservation/reservation" $((secs / 2))
	touch /tmp/stop; wait
	# Mainline lists only "noreservation"; chapters 3-6 also "reservation".
	check "the mount is back to reservation" sh -c "
		opts=,\$(grep ' /mnt ' /proc/mounts | cut -d' ' -f4),
		case \$opts in
		*,noreservation,*) false ;;
		*,reservation,*) true ;;
		*) test $CH = 0 ;;
		esac"
	;;
esac
wbrace $((secs / 3))
rm -rf /mnt/race
sync
echo "# free_blocks=$(stat -f -c %f /mnt)"
