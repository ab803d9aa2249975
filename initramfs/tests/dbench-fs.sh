# The size of dbench's file system, written once for the guest and the
# host: initramfs/tests/seqio.sh makes each dbench-alone file system this
# size (within the disk), and bench/bench.sh gives the guest a disk at
# least this large. Sourced by both; it does nothing on its own.
# dbench_fs_mb N: MiB for N clients: 32 a client, at least 1024. dbench's
# files, at their largest, hold about 23 MiB a client (its load file
# client.txt read from the top: each file's highest written byte, rounded
# up to 4 KiB, summed over the files not yet unlinked, peaks at 23.2 MiB),
# so 64 clients do not fit in 1 GiB (ext4 ran out of space there); every
# count up to 32 gets the 1 GiB that the runs before this rule had.
dbench_fs_mb() {
	local m=$((32 * $1))
	[ "$m" -ge 1024 ] || m=1024
	echo "$m"
}
