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
#    the new one is searched for after its end.
enable 1
ignore 1 30
continue
print my_rsv->rsv_start
print my_rsv->rsv_end
print grp_goal
rsv-list
disable 1
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

# 5. The writers close their files: the last writer's close discards a
#    file's window. The guest calls statfs() once more when all are closed:
#    the list has no window left.
continue
rsv-list
rsv-check
delete
continue
