# guest: RUN=hold ARGS=8:4 MNT=reservation
#
# Chapter 5 walkthrough: the same windows as chapter 4, kept in a
# red-black tree. Watch the tree grow and rebalance.
#
# Eight writers append 4 MiB each to their own files in /mnt (mounted with
# -o reservation). We stop each time a window goes into the tree, draw the
# tree before and after (rsv-tree: colour, window, owner; the right subtree
# above its parent), until an insertion makes the tree rotate.
# Run it with 'make walkthrough CH=5'.

# 1. The first insertion of all comes at mount (see the backtrace): the
#    dummy window at block 0, start 0 and end 0, which every search can
#    stop at. The tree is empty before it and a single black root after.
break ext2_rsv_window_add
continue
backtrace 3
print rsv->rsv_start
print rsv->rsv_end
rsv-tree
disable 1
finish
rsv-tree

# 2. More windows, one stop each, until an insertion rotates the tree: a
#    node that was already there gets a new parent ($rsv_moved, set by
#    rsv-tree, counts them). A red node with a red child is what forces
#    it; rsv-tree's OK line says the rules hold again afterwards.
set $stops = 0
set $rsv_moved = 0
while $rsv_moved == 0 && $stops < 40
  enable 1
  continue
  rsv-tree
  disable 1
  finish
  rsv-tree
  set $stops = $stops + 1
end
printf "rotated after %d stops: %d nodes got a new parent\n", $stops, $rsv_moved

# 3. Every writer has written and fsync'ed its file and holds it open: one
#    window per file, in order by start (rsv-list walks the tree with
#    rb_next), and a tree of 9 nodes (8 windows and the dummy). Save them
#    for the test, which compares them with the blocks on disk.
delete
break ext2_statfs
continue
rsv-list --json build/walkthrough/ch5-windows.json
rsv-tree --json build/walkthrough/ch5-tree.json
rsv-check

# 4. The writers close their files; each close takes its window out of
#    the tree (rb_erase), and the guest calls statfs() once more: only the
#    dummy is left.
continue
rsv-tree
rsv-list
delete
continue
