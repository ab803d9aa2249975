# guest: RUN=hold ARGS=4:2 MNT=reservation
# The tool chapter's gdb session: stopped in ext2_statfs while four writers
# hold their files open, with the kernel's own helpers and the course's.
break ext2_statfs
continue
bt 4
lx-mounts
rsv-list
rsv-check
print ((struct ext2_sb_info *)dentry->d_sb->s_fs_info)->s_rsv_window_head
delete
continue
