# Fill a small file system through N files open at once (ARGS: N), and
# find out whether a write was refused with ENOSPC while blocks were free.
# Boot it on a small disk with no root reserve: DISK_MB=16 MKFS_OPTS='-m 0'.
. /tests/lib.sh
set -- $ARGS
n=${1:-64}
out=$(fillup /mnt "$n"); rc=$?
echo "$out" | sed 's/^/# /'
val() { echo "$out" | sed -n "s/^$1=//p"; }
first=$(val first_enospc_free) closed=$(val closed_free)
check "every block written by $n open writers reads back (nothing lost at ENOSPC)" test "$rc" = 0 -a "$(val lost)" = 0
case $CH in
2)
	# The seed after its patch 2: windows and no fallback.
	check "the seed's bogus ENOSPC: a write failed with $first blocks still free" test "${first:-0}" -gt 0 ;;
*)
	check "no write failed with ENOSPC while blocks were free ($first at the first ENOSPC)" test "$first" = 0 ;;
esac
check "every file closed, no block is left free ($closed)" test "$closed" = 0
rm -f /mnt/fill*
freed=$(stat -f -c %f /mnt)
info "after deleting the files: $freed blocks free"
# One file writes until ENOSPC (its indirect blocks take some of the room).
dd if=/dev/zero of=/mnt/after bs=4k count="$freed" 2>/dev/null
check "after deleting the files, one new file uses all $freed freed blocks" \
	sh -c "test $freed -gt 0 && test \$(stat -f -c %f /mnt) = 0"
sync
echo "# free_blocks=$(stat -f -c %f /mnt)"
