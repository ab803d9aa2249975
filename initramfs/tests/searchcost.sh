# What a new window costs among K others (make bench, part search).
# ARGS: NEW K1 K2 ...: K files held open in /mnt with a window each, then
# NEW new files in a directory of their own, each needing a window.
. /tests/lib.sh
set -- $ARGS
new=$1; shift
# The held files live in the root's group (group 0) and their windows
# fill group 0 and, at the largest K, group 1: the new files' directory
# must lie in a later group, so that every held window is before the new
# files' goals. ext2 picks a top-level directory's group at random (Orlov):
# make directories until one lands in group 2 or later.
groups=$(( $(stat -f -c %b /mnt) / 32768 + 1 ))
ipg=$(( $(stat -f -c %c /mnt) / groups ))
dir=
for i in $(seq 20); do
	mkdir -p /mnt/new$i
	g=$(( ($(stat -c %i /mnt/new$i) - 1) / ipg ))
	[ "$g" -ge 2 ] && { dir=/mnt/new$i; break; }
done
check "a directory for the new files in group 2 or later (${dir:-none} is in group $g of $groups)" test -n "$dir"
[ -n "$dir" ] || exit 0
searchcost /mnt "$dir" "$new" "$@" > /tmp/searchcost.out 2>&1
rc=$?
cat /tmp/searchcost.out
check "searchcost: $new new windows among each of K = $* held ones" test $rc = 0
