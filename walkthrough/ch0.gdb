# guest: RUN=hold ARGS=4:8
#
# Chapter 0 walkthrough: mainline's reservation windows, live.
#
# The guest boots with 4 writers, each appending 8 MiB to its own file in
# /mnt, and waits at its first instruction until this script says continue.
# Run it with 'make walkthrough CH=0'; every command below can be typed by
# hand at the (gdb) prompt instead.

# 1. Stop the first time a file needs a new window.
break alloc_new_reservation
continue

# Who asked? The call chain runs from write(2) through ext2's block mapping
# (ext2_get_blocks) into the allocator (ext2_new_blocks). Twelve frames
# reach back to the page cache's generic_perform_write().
set print elements 16
backtrace 12

# The arguments: the group-relative goal block, the group, and the file's
# window. An empty window has start == end == 0.
print grp_goal
print group
print my_rsv->rsv_goal_size
print my_rsv->rsv_window

# Every window of the file system, from the rb-tree, with their owners.
rsv-list

# 2. Let alloc_new_reservation() place the window, and look again. Disable
#    the breakpoint first: the other CPU's writers would hit it meanwhile.
disable 1
finish
print my_rsv->rsv_window
rsv-list
rsv-check

# 3. Once more, a few windows later, with all four files busy. Mainline
#    doubles a window that was more than half used (up to 1027 blocks), so
#    each file needs only a handful of new windows: skip six.
enable 1
ignore 1 6
continue
info args
print my_rsv->rsv_goal_size
print my_rsv->rsv_alloc_hit
rsv-list
rsv-check

# 4. When every writer has written and fsync'ed its file and still holds it
#    open, the guest calls statfs(): stop there and save the windows, so the
#    test can compare them with the blocks each file got on disk.
delete
break ext2_statfs
continue
rsv-list --json build/walkthrough/ch0-windows.json
rsv-check
# The same moment as a picture: group 0, each file's blocks and its
# window over the blocks that follow them (rsv-map; chapter 1 draws the
# same moment without windows).
rsv-map --group 0 --no-color

# 5. Let the guest finish: the writers close their files (every window is
#    discarded), the files are read back, and the guest powers off.
delete
continue
