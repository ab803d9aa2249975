# guest: RUN=hold ARGS=4:8
#
# Chapter 2 walkthrough: the seed's windows, on a sorted list.
#
# Four writers append 8 MiB each to their own files in /mnt. We stop where
# a file gets a new window, look at the list before and after the window is
# placed, and check at every stop that no two files share blocks of a window.
# Run it with 'make walkthrough CH=2'.

# 1. The first window of the first file.
break alloc_new_reservation
continue
backtrace 4
print grp_goal
print group
print *my_rsv
rsv-list

# 2. Let it place the window (the other CPU's writers must not stop us on
#    the way: disable the breakpoint), then look again.
disable 1
finish
print *my_rsv
rsv-list
rsv-check

# 3. Thirty windows later, all four files are busy. The list is sorted by
#    start block, the four windows are disjoint, and each has its owner.
#    Watch the window being replaced: the old one is dropped first, and
#    the new one is searched for after its end, walking the list from
#    the window before the old one.
enable 1
ignore 1 30
continue
print my_rsv->rsv_start
print my_rsv->rsv_end
print grp_goal
rsv-list
# Follow the search: stop where it walks the list, for this task only
# (the other writers keep running; $lx_current() is the kernel's gdb
# helper for the task on the CPU, and a pid names one task), to see where
# its cursor starts and the window it starts from. Back in
# alloc_new_reservation, the cursor is where the walk stopped: the start
# of the gap it found.
set $pid = $lx_current().pid
disable 1
break find_next_reservable_window if $lx_current().pid == $pid
continue
print *start_block
print search_head->rsv_start
print search_head->rsv_end
finish
print start_block
delete 2
finish
print my_rsv->rsv_start
print my_rsv->rsv_end
rsv-list
rsv-check

# 4. Every writer has written and fsync'ed its file and still holds it open:
#    one window per file. Save them for the test, which compares them with
#    the blocks each file got on disk.
delete
break ext2_statfs
continue
rsv-list --json build/walkthrough/ch2-windows.json
rsv-check
# The same moment as a picture (compare chapter 1's walkthrough): each
# file's blocks in a run of their own, each window at the end of its file.
rsv-map --group 0 --no-color --json build/walkthrough/ch2-map.json --svg build/walkthrough/ch2-map.svg

# 5. The writers close their files: the last writer's close discards a
#    file's window. The guest calls statfs() once more when all are closed:
#    the list has no window left.
continue
rsv-list
rsv-check
delete
continue
