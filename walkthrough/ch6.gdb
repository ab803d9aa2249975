# guest: RUN=multiblock MNT=reservation
#
# Chapter 6 walkthrough: a window grows in place, but not over its neighbour.
#
# The guest (initramfs/tests/multiblock.sh) writes with direct I/O, so each
# write(2) asks the allocator for all its blocks at once. Its second file,
# /mnt/two, has 8-block windows: a first write of 2 blocks gets a window of
# 8, and a second write asks for 8 blocks more from block 2 of the file on.
# The goal is in the window, which has only 6 blocks left, so chapter 6
# extends the window by 2 (try_to_extend_reservation) instead of placing a
# new one. Run it with 'make walkthrough CH=6'.

# 1. Stop where the window is about to grow. The backtrace shows the way
#    in: a direct write, ext2_get_blocks() and ext2_new_blocks(). rsv-list
#    shows the window as it is: 8 blocks, 2 of them used (hits), goal size 8.
break try_to_extend_reservation
continue
backtrace 8
rsv-list --json build/walkthrough/ch6-before.json

# 2. The write is done and diowrite closes the file: ext2_release_file()
#    gives the window back. Stop just before it goes: the window has the
#    same start and 10 blocks now, all 10 used, and the goal size is still
#    8, because no new window was placed (a new one would have doubled it).
delete
break ext2_discard_reservation
continue
rsv-list --json build/walkthrough/ch6-after.json
rsv-check

# 3. A window with a neighbour. The guest's next diowrite holds /mnt/a and
#    /mnt/b open together and gives each 2 blocks, so b's window starts on
#    the block after a's ends; then a asks for 8 blocks more. rsv-map draws
#    the two windows side by side (the goal '^' is in a's, 6 blocks left).
#    try_to_extend_reservation() may move a's end up to the block before
#    b's start, which is where it already is: after 'finish', a's window is
#    as it was and rsv-check finds no overlap. (A window grown onto its
#    neighbour's first block passes every write and every read: only this
#    check sees it.)
delete
break try_to_extend_reservation
continue
rsv-map --from my_rsv->rsv_start-4 --to my_rsv->rsv_start+27 --no-color --svg build/walkthrough/ch6-map.svg
disable
finish
rsv-list --json build/walkthrough/ch6-neighbours.json
rsv-check
delete
continue
