# Chapter 4: a file's window grows while it is used sequentially, and stays
# small when the file is written in scattered places. Mount with
# -o reservation. The goal size is read with rsvctl (EXT2_IOC_GETRSVSZ).
. /tests/lib.sh
# One streaming writer, holding the file open on fd 3 the whole time.
exec 3>/mnt/stream
sizes=$(rsvctl get /mnt/stream)
for i in $(seq 64); do              # 1 MiB in 16 KiB steps...
	dd if=/dev/zero bs=16k count=1 >&3 2>/dev/null
	sizes="$sizes $(rsvctl get /mnt/stream)"
done
for i in $(seq 15); do              # ...then 15 MiB more in 1 MiB steps
	dd if=/dev/zero bs=1M count=1 >&3 2>/dev/null
	sizes="$sizes $(rsvctl get /mnt/stream)"
done
exec 3>&-
seen=$(echo $sizes | tr ' ' '\n' | uniq | tr '\n' ' ')
info "goal sizes seen while streaming: $seen"
check "a streaming file's window goes 8, 16, 32, ... up to the cap of 1024" \
	test "$seen" = "8 16 32 64 128 256 512 1024 "
check "the file is 16 MiB" test "$(wc -c < /mnt/stream)" = 16777216
# One scattered writer: single blocks far apart, backwards and forwards.
exec 3<>/mnt/sparse
for i in $(seq 64); do
	off=$(( (i * 7919) % 4096 * 16 ))     # a block every 64 KiB, in shuffled order
	dd if=/dev/zero of=/proc/self/fd/3 bs=4k count=1 seek=$off conv=notrunc 2>/dev/null
done
sparse=$(rsvctl get /mnt/sparse)
exec 3>&-
info "goal size after 64 scattered blocks: $sparse"
check "a file written in scattered places keeps a small window ($sparse blocks, at most 32)" test "$sparse" -le 32
