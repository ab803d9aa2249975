# guest: RUN=hold ARGS=2:1
# Chapter 1 and later kernels without windows: rsv-list must say so, plainly.
break ext2_statfs
continue
rsv-list
rsv-check
delete
continue
