# For the chapter 3 walkthrough: one file gets a 64-block window with
# rsvctl and is written while three other writers run with the default.
# Mount with -o reservation (MNT=reservation).
. /tests/lib.sh
: > /mnt/big
check "rsvctl set /mnt/big 64" rsvctl set /mnt/big 64
check "rsvctl get /mnt/big says 64" test "$(rsvctl get /mnt/big)" = 64
mkdir -p /mnt/w
writers write /mnt/w 3 16 &
wp=$!
sleep 1   # let the writers get going and hold windows of their own
check "8 MiB written to /mnt/big through its 64-block windows" \
	dd if=/dev/zero of=/mnt/big bs=16k count=512 conv=notrunc
wait $wp
check "the three other writers finished" test $? = 0
check "their files read back byte-exact" writers verify /mnt/w 3 16
check "/mnt/big still asks for 64-block windows" test "$(rsvctl get /mnt/big)" = 64
