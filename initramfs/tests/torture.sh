# Concurrency torture (ARGS: PROCS OPS MAXKIB [SEED [full]]): PROCS processes
# append, overwrite, truncate, unlink, reopen and fsync their files at once;
# every byte is checked, and every block must come back once the files are
# removed. With 'full' the disk is meant to fill: ENOSPC is expected, and
# what was written before it must still be there. The seed is printed: the
# same ARGS replay the same operations.
. /tests/lib.sh
set -- $ARGS
p=${1:-16} n=${2:-200} m=${3:-256} seed=${4:-} full=${5:-}
mkdir -p /mnt/x /mnt/t
check_fails "the checker itself catches one changed byte (torture -X must fail)" \
	torture -X -s 1 -p 2 -n 50 -m 64 /mnt/x
rm -rf /mnt/x
res=$(torture ${seed:+-s "$seed"} -p "$p" -n "$n" -m "$m" ${full:+-e} /mnt/t 2>&1); rc=$?
echo "$res" | grep -v '^torture: process [0-9]*:' | sed 's/^/# /'
val() { echo "$res" | sed -n "s/^$1=//p"; }
check "torture: $p processes x $n operations, files up to $m KiB, every byte read back, every block returned" \
	test "$rc" = 0
if [ -n "$full" ]; then
	check "the disk really filled up ($(val enospc) writes cut short by ENOSPC)" test "$(val enospc)" -gt 0
	freed=$(stat -f -c %f /mnt) bs=$(stat -f -c %S /mnt)
	dd if=/dev/zero of=/mnt/after bs="$bs" count="$freed" 2>/dev/null
	left=$(stat -f -c %f /mnt)
	case $CH in
	2)	# no ENOSPC fallback yet: a window that finds no 8 free blocks in a row fails
		check "after the racers removed their files, one new file reuses the freed space ($freed blocks, $left left: chapter 2 may stop early)" \
			test "$freed" -gt 0 -a "$left" -lt $(( freed / 50 + 64 )) ;;
	*)
		check "after the racers removed their files, one new file reuses all the freed space ($freed blocks, $left left)" \
			test "$freed" -gt 0 -a "$left" = 0 ;;
	esac
	rm -f /mnt/after
fi
rmdir /mnt/t
sync
echo "# ops=$(val ops)"
echo "# free_blocks=$(stat -f -c %f /mnt)"
