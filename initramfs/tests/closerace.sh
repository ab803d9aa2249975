# Two writers close the same file at the same moment, file after file;
# gdb counts the windows before and after (it breaks in ext2_statfs).
# ARGS: FILES.
. /tests/lib.sh
set -- $ARGS
n=${1:-400}
i=0
while [ $i -lt "$n" ]; do : > /mnt/close$i; i=$((i + 1)); done
stat -f /mnt > /dev/null   # gdb: the windows before (directories' only)
check "$n files, each written by two writers and closed by both at once" rsvrace close -n "$n" /mnt
stat -f /mnt > /dev/null   # gdb: the windows after: no more than before
