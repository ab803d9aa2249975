# The Debian workloads later chapters measure with (booted with WORK=1):
# they must start in the guest, with their shared libraries.
. /tests/lib.sh
check "dbench runs (1 client, 2 s, on /mnt)" sh -c "cd /mnt && dbench -c /usr/share/dbench/client.txt -t 2 1 | grep -q 'Throughput'"
check "fio runs a 4 MiB sequential write on /mnt" sh -c "fio --name=seq --directory=/mnt --rw=write --bs=64k --size=4m --output-format=terse >/dev/null"
