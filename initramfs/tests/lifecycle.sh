# Mount life cycle: remount read-only with files open for writing, remount
# read-write, unmount while windows are still in memory, mount again and
# again, and mount options misspelt or repeated. The data written before
# each step must read back after it.
. /tests/lib.sh
dev=/dev/vda
opts() { grep ' /mnt ' /proc/mounts | cut -d' ' -f4; }
remount() { mount -o "remount,$1" /mnt; }
# 1. Read-only while writers are at work: refused, and nothing is disturbed.
writers write /mnt 4 8 16 & wpid=$!
exec 3>>/mnt/held
check_fails "remount read-only with files open for writing is refused" remount ro
check "the file system is still read-write" sh -c "grep ' /mnt ' /proc/mounts | cut -d' ' -f4 | grep -q '^rw'"
wait $wpid; wrc=$?
check "4 writers ran to the end meanwhile" test "$wrc" = 0
exec 3>&-
check "remount read-only once every file is closed" remount ro
check_fails "writing on the read-only mount fails" sh -c 'echo x >> /mnt/f00'
check "the writers' files read back byte-exact, read-only" writers verify /mnt 4 8
check "remount read-write" remount rw
check "writing works again" sh -c 'echo x > /mnt/again && test -s /mnt/again'
# 2. Unmount right after writing: umount evicts every inode, and with it
#    the allocation info (and the window, if one is left) of each file.
writers write /mnt 4 4 16 >/dev/null
check "unmount right after 4 writers closed their files" umount /mnt
check "mount again (same options: ${MNT:-none})" mount -t "$FS" ${MNT:+-o "$MNT"} "$dev" /mnt
check "the files read back byte-exact after the unmount" writers verify /mnt 4 4
i=0 good=0
while [ $i -lt 5 ]; do
	i=$((i + 1))
	writers write /mnt 2 2 16 >/dev/null && umount /mnt &&
		mount -t "$FS" ${MNT:+-o "$MNT"} "$dev" /mnt && writers verify /mnt 2 2 >/dev/null && good=$((good + 1))
done
check "5 cycles of write, unmount, mount, verify" test "$good" = 5
grep -q ' /mnt ' /proc/mounts || mount -t "$FS" ${MNT:+-o "$MNT"} "$dev" /mnt
# 3. Options misspelt or repeated, on a fresh mount each time.
umount /mnt
check_fails "a misspelt option (reservaton) is refused" mount -t "$FS" -o reservaton "$dev" /mnt
check_fails "an option with a value it does not take (reservation=8) is refused" mount -t "$FS" -o reservation=8 "$dev" /mnt
check "nothing is left mounted after a refused mount" sh -c "! grep -q ' /mnt ' /proc/mounts"
case $CH in
0|3|4|5|6)
	check "a repeated option (reservation,reservation) is accepted" mount -t "$FS" -o reservation,reservation "$dev" /mnt
	umount /mnt
	check "reservation,noreservation: accepted, the last one wins" mount -t "$FS" -o reservation,noreservation "$dev" /mnt
	check "and /proc/mounts says windows are off" sh -c "! grep ' /mnt ' /proc/mounts | grep -q ',reservation'"
	[ "$CH" = 0 ] && check "(mainline: 'noreservation' is shown)" sh -c "grep ' /mnt ' /proc/mounts | grep -q noreservation"
	umount /mnt
	check "noreservation,reservation: the last one wins" mount -t "$FS" -o noreservation,reservation "$dev" /mnt
	check "and /proc/mounts does not say noreservation" sh -c "! grep ' /mnt ' /proc/mounts | grep -q noreservation"
	umount /mnt ;;
*)
	check_fails "chapter $CH has no reservation option, repeated or not" mount -t "$FS" -o reservation,reservation "$dev" /mnt ;;
esac
check "mount with the run's own options again" mount -t "$FS" ${MNT:+-o "$MNT"} "$dev" /mnt
check "every file still reads back" sh -c 'writers verify /mnt 2 2 && test -s /mnt/again'
rm -f /mnt/f* /mnt/held /mnt/again
sync
echo "# free_blocks=$(stat -f -c %f /mnt)"
