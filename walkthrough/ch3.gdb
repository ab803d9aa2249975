# guest: RUN=setwalk MNT=reservation
#
# Chapter 3 walkthrough: a window size set from user space arrives in the
# allocator.
#
# The guest mounts /mnt with -o reservation, runs 'rsvctl set /mnt/big 64'
# (EXT2_IOC_SETRSVSZ), then writes 8 MiB to /mnt/big while three other
# writers append to files of their own with the default 8-block windows.
# Run it with 'make walkthrough CH=3'.

# 1. Stop only for the file whose goal size is 64: a conditional breakpoint.
break alloc_new_reservation if my_rsv->rsv_goal_size == 64
continue
print my_rsv->rsv_goal_size
print *my_rsv

# 2. Place the window: 64 blocks, among the other files' 8-block windows.
disable 1
finish
print my_rsv->rsv_end - my_rsv->rsv_start + 1
rsv-list
rsv-check

# 3. The same file, twenty windows later: every window it gets is 64 long,
#    and the other writers hold windows of 8 blocks around it.
enable 1
ignore 1 20
continue
disable 1
finish
print my_rsv->rsv_end - my_rsv->rsv_start + 1
rsv-list
rsv-check

# 4. Let the guest finish.
delete
continue
