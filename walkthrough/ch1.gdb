# guest: RUN=hold ARGS=4:8
#
# Chapter 1 walkthrough: no windows, and what that does to a block group.
#
# Four writers append 8 MiB each to their own files in /mnt, at the same
# time, then hold them open while the parent asks for statfs(/mnt): we
# stop there, every block written, and draw the group the files went to.
# Run it with 'make walkthrough CH=1'.

break ext2_statfs
continue

# 1. No windows: rsv-list says so.
rsv-list

# 2. The group, 64 cells of 512 blocks: '%' is a cell where blocks of
#    more than one file lie side by side.
rsv-map --group 0 --no-color

# 3. Closer, one block a cell: where the files alternate most often.
#    Without windows, each writer takes the next free block when its turn
#    comes, so where two files meet their blocks interleave.
rsv-map --group 0 --from mixed --no-color --json build/walkthrough/ch1-map.json --svg build/walkthrough/ch1-map.svg

delete
continue
