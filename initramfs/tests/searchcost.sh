# What a new window costs among K others (make bench, part search).
# ARGS: NEW K1 K2 ...: K files held open in /mnt with a window each, then
# NEW new files in /mnt/new, each needing a window of its own.
. /tests/lib.sh
set -- $ARGS
new=$1; shift
mkdir -p /mnt/new
info "/mnt/new is inode $(stat -c %i /mnt/new); the held files live in /mnt (inode 2's group)"
searchcost /mnt /mnt/new "$new" "$@" > /tmp/searchcost.out 2>&1
rc=$?
cat /tmp/searchcost.out
check "searchcost: $new new windows among each of K = $* held ones" test $rc = 0
