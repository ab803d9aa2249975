# A file keeps its window through its xattr blocks (tests/gdb/xattr-window.gdb
# stops at one and compares the windows): rsvrace keep writes /mnt/keep
# (xattr blocks set and removed between its appends) and /mnt/plain (none).
. /tests/lib.sh
check "rsvrace keep: 128 blocks through one open file, 4 xattr blocks between; then a plain file" \
	rsvrace keep /mnt
sync
echo "# free_blocks=$(stat -f -c %f /mnt)"
