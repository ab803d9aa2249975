# guest: RUN=hold ARGS=6:2
# rsv-tree on a kernel that keeps its windows in a tree (chapter 0,
# mainline; chapter 5) draws the tree of the six writers' windows and
# checks the red-black rules; on a list it says to use rsv-list.
break ext2_statfs
continue
rsv-tree
rsv-list
delete
continue
