# One process writes N files in turns, a chunk each, closing and reopening
# one file every round (initramfs/tools/writers.c, mode turns). Nothing runs
# concurrently, so the layout depends on the allocator alone; the host
# compares two chapters' disks block for block. ARGS: N MIB CHUNK_KIB.
. /tests/lib.sh
set -- $ARGS
n=${1:-32} mib=${2:-4} chunk=${3:-16}
check "one process writes $n files of $mib MiB in turns of $chunk KiB" writers turns /mnt "$n" "$mib" "$chunk"
check "$n files read back byte-exact" writers verify /mnt "$n" "$mib"
