# guest: RUN=closerace ARGS=2000
# Two writers close each of 2000 files at the same moment. Every close of a
# writable file gives the window back, so the windows after are the
# windows before (directories' own, on chapter 2; none elsewhere).
break ext2_statfs
continue
rsv-list
continue
rsv-list
delete
continue
