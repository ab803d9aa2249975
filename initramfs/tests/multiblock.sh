# Requests of several blocks at once (chapters 3 to 6 with -o reservation,
# and chapter 0, mainline, which has windows on by default).
# A direct write past the end of a file asks the allocator for all its
# blocks in one call; diowrite prints, after each write, the file's goal
# size and how many runs of consecutive blocks it has.
#   - one write of 12 blocks into a file with 8-block windows: chapter 6
#     makes the window as large as the request (goal size 12) and serves
#     it in one run; before chapter 6 the window serves 8 blocks and a
#     second window the other 4 (chapters 4 and 5 double it to 16 on the
#     way, since the first window was used to the full);
#   - 2 blocks, then 8 more: the goal (block 2) is in the window, which
#     has 6 blocks left. Chapter 6 extends the window in place, so the
#     file needs no second window and the goal size stays 8; chapters 4
#     and 5 place a second window, doubled to 16.
# Both files stay within the 12 direct blocks: past them ext2 puts an
# indirect block between the data blocks, and asks for the blocks on
# either side of it in two calls.
. /tests/lib.sh
b=$(stat -f -c %S /mnt)
info "block size $b"
one=$(diowrite /mnt/one 8 12) || { echo "not ok - diowrite ran"; exit 0; }
info "$one"
two=$(diowrite /mnt/two 8 2 8) || { echo "not ok - diowrite ran"; exit 0; }
info "$(echo "$two" | tr '\n' ';')"
goal_one=$(echo "$one" | sed -n 's/^write 1: .*goal size \([0-9]*\),.*/\1/p')
runs_one=$(echo "$one" | sed -n 's/^write 1: .*runs \([0-9]*\)$/\1/p')
goal_two=$(echo "$two" | sed -n 's/^write 2: .*goal size \([0-9]*\),.*/\1/p')
runs_two=$(echo "$two" | sed -n 's/^write 2: .*runs \([0-9]*\)$/\1/p')
case $CH in
3)	want_one=8 want_two=8 ;;
4|5)	want_one=16 want_two=16 ;;
*)	want_one=12 want_two=8 ;;	# chapter 6, and mainline (chapter 0)
esac
check "one 12-block write, 8-block windows: the goal size becomes $want_one (it is $goal_one)" \
	test "$goal_one" = "$want_one"
check "2 then 8 blocks, 8-block windows: the goal size is $want_two afterwards (it is $goal_two)" \
	test "$goal_two" = "$want_two"
check "both files lie in one run of blocks each ($runs_one, $runs_two)" \
	test "$runs_one" = 1 -a "$runs_two" = 1
check "the files read back: 12 and 10 blocks of their bytes" \
	sh -c "test \$(wc -c < /mnt/one) = $((12 * b)) && test \$(wc -c < /mnt/two) = $((10 * b)) &&
	       test \$(tr -d a-z < /mnt/one | wc -c) = 0"
# Windows side by side: /mnt/a and /mnt/b, open at once, get 2 blocks
# each, so b's window is placed right after a's; then a asks for 8 more.
# a's window has 6 blocks left and b's window is in the way: it may grow
# up to the block before b's start and no further (chapter 6's walkthrough
# stops there and runs rsv-check); the 2 blocks left go to a new window.
ab=$(diowrite /mnt/a,/mnt/b 8 1:2 2:2 1:8) || { echo "not ok - diowrite ran on two files"; exit 0; }
info "$(echo "$ab" | tr '\n' ';')"
check "two files side by side, then 8 more blocks for the first: they read back (10 and 2 blocks)" \
	sh -c "test \$(wc -c < /mnt/a) = $((10 * b)) && test \$(wc -c < /mnt/b) = $((2 * b)) &&
	       test \$(tr -d a-z < /mnt/a | wc -c) = 0"
rm -f /mnt/one /mnt/two /mnt/a /mnt/b
sync
echo "# free_blocks=$(stat -f -c %f /mnt)"
