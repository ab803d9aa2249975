# What a new window costs among K others (make bench, part search).
# ARGS: NEW K1 K2 ...: K files held open in /mnt with a window each, then
# NEW new files in a directory of their own, each needing a window.
. /tests/lib.sh
set -- $ARGS
new=$1; shift
# The held files live in the root's group (group 0) and their windows
# fill group 0 and, at K=16384, part of group 1. Past 32768 files, group
# 0 has no inode left and ext2 puts the next ones in group 3 (the root's
# group plus its inode number, then a quadratic probe: 3, 5, 1, ...), with
# their blocks in group 3 and on into group 4. The new files' directory
# must lie in a later group, so that every held window is before the new
# files' goals. ext2 picks a top-level directory's group at random
# (Orlov): make directories until one lands in group 2 or later (6 or
# later when K passes 16384). searchcost -B checks where the held files'
# blocks went.
gmin=2
for k in "$@"; do [ "$k" -le 16384 ] || gmin=6; done
bpg=$(( $(stat -f -c %S /mnt) * 8 ))   # blocks per group: a bitmap block's bits
groups=$(( $(stat -f -c %b /mnt) / bpg + 1 ))
ipg=$(( $(stat -f -c %c /mnt) / groups ))
dir=
for i in $(seq 40); do
	mkdir -p /mnt/new$i
	g=$(( ($(stat -c %i /mnt/new$i) - 1) / ipg ))
	[ "$g" -ge $gmin ] && { dir=/mnt/new$i; break; }
done
check "a directory for the new files in group $gmin or later (${dir:-none} is in group $g of $groups)" test -n "$dir"
[ -n "$dir" ] || exit 0
# Its lines as they come (a K of 65536 takes minutes): the status is
# kept in a file, past the pipe.
# shellcheck disable=SC2086 # SEARCHCOST_OPTS: words (searchtime.sh)
{ searchcost ${SEARCHCOST_OPTS:-} -B $((g * bpg)) /mnt "$dir" "$new" "$@" 2>&1; echo $? > /tmp/searchcost.rc; } | tee /tmp/searchcost.out
rc=$(cat /tmp/searchcost.rc)
check "searchcost: $new new windows among each of K = $* held ones" test $rc = 0
