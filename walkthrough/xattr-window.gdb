# guest: RUN=keep
# One file held open is appended to, then given an xattr block (set and
# removed, four times), then appended to again (rsvrace keep). At the
# first xattr set (ext2_xattr_set, which allocates the block): every window
# before it and after it.
# From chapter 2 on (and in Linux 6.6 and later) the xattr block does not
# use the file's window, so the windows are the same; Linux 6.1 allocates
# it through the window, which moves to the group's start.
break ext2_xattr_set
continue
rsv-list --json build/walkthrough/xattr-before.json
finish
rsv-list --json build/walkthrough/xattr-after.json
delete
continue
