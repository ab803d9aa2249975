# guest: RUN=hold ARGS=4:2
# How many windows exist while four writers hold their files open?
break ext2_statfs
continue
rsv-list
delete
continue
