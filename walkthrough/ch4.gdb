# guest: RUN=grow MNT=reservation
#
# Chapter 4 walkthrough: watch one streaming file's window double.
#
# The guest mounts /mnt with -o reservation and appends 16 MiB to
# /mnt/stream, asking for its goal size (rsvctl get) as it goes; then it
# writes single blocks of another file in scattered places.
# Run it with 'make walkthrough CH=4'.

# 1. The first window of the streaming file: remember its window structure.
break alloc_new_reservation
continue
set $stream = my_rsv
print *$stream
delete

# 2. A watchpoint on the goal size: gdb stops right after each change, in
#    alloc_new_reservation, and prints the old and the new value. The old
#    window has not been dropped yet: its hit count says why it doubled.
watch -l $stream->rsv_goal_size
continue
print $stream->rsv_alloc_hit
print $stream->rsv_end - $stream->rsv_start + 1
continue
print $stream->rsv_alloc_hit
print $stream->rsv_end - $stream->rsv_start + 1
continue
continue
continue
continue
continue
rsv-list
rsv-check
# Where the doubled window lies in its group: the goal (g) and the
# search's cursor (^) at this stop, the stream file's window over them.
rsv-map --no-color --svg build/walkthrough/ch4-map.svg

# 3. At the cap (1024) the goal size changes no more. Let the guest finish.
delete
continue
