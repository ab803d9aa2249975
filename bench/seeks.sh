#!/usr/bin/env bash
# What a disk that charges for seek distance would make of a run's requests.
#   bench/seeks.sh TRACE DISK_BYTES
# TRACE: QEMU's trace of the guest disk's requests (DISK_TRACE in
# scripts/qemu.sh: one line per read or write, its offset and size, in the
# order they reached the throttle). The guest's seqio test marks each phase
# of a run with a 512-byte direct read of one of the disk's last 16 sectors
# (initramfs/tools/diskmark.c): K = 1 a warm-up run begins, 2 a counted run
# begins, 3 and 4 its write begins and ends, 5 and 6 the read-back of all
# the files, 7 and 8 the first files read alone.
# One line per phase of a counted run, in the guest's order:
#   seeks: seq=S phase=write|read|alone requests=N mib=M contiguous=C
#          skips=K jump_kib=J fixed_s=F seek_s=E skip_s=P
# seq: the counted run's place in the boot (1, 2, ...); requests and mib:
# all the phase's requests (reads and writes), marks aside; contiguous: how
# many began where the one before ended (the disk's head was already
# there); skips: how many began a little further on, less than a track
# ahead; jump_kib: the median distance of all but the contiguous ones,
# rounded up to a power of two KiB. Then the seconds the disk would be
# busy with them under three models of a Barracuda 7200.7:
#   fixed  the disk model itself (DISK_MODEL=hdd): 79 requests and 58 MB a
#          second, the two limits side by side, so max(N / 79, bytes / 58e6)
#   seek   every request costs its bytes at 58 MB/s, and one that does not
#          continue the last also half a turn (4.16 ms) and a seek that
#          grows with the square root of its distance d, 8.5 ms at a third
#          of the stroke (the shape Ruemmler and Wilkes found for short
#          seeks: 8.5 * sqrt(3 d / C) ms), with the guest's disk the first
#          gigabyte of a 160 GB drive (C), so that every seek is short
#   skip   as seek, but a request less than a track ahead of the last
#          (483 KB: 58 MB/s over 120 turns a second) costs only the time
#          its gap takes to pass under the head: a disk that always has
#          the next request in hand and never misses a turn
# fixed charges too much for what lies close together, skip too little
# (a real drive misses a turn whenever the next request reaches it after
# its sector has passed); none has an elevator, command queuing, or a
# cache that serves reads from memory. The drive's figures are
# scripts/lib.sh's HDD_*, the disk model's own.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 2 ] || die "usage: seeks.sh TRACE DISK_BYTES"
[ -r "$1" ] || die "seeks.sh: no trace at $1 (DISK_TRACE=FILE in scripts/qemu.sh writes one)"
case $2 in ''|*[!0-9]*) die "seeks.sh: DISK_BYTES must be the disk's size in bytes, not '$2'" ;; esac
awk -v size="$2" -v iops="$HDD_IOPS" -v bps="$HDD_BPS" -v seekms="$HDD_SEEK_MS" -v halfms="$HDD_HALF_TURN_MS" '
function flush(   i, n, t, med) {
	if (phase == "" || seq == 0) return
	# the median jump, rounded up to a power of two KiB: counted in
	# buckets, so that 50,000 jumps need no sort
	n = 0; for (i in hist) n += hist[i]
	t = 0; med = 0
	for (i = 0; i <= 40 && n; i++) { t += hist[i]; if (t * 2 >= n) { med = 2 ^ i; break } }
	printf "seeks: seq=%d phase=%s requests=%d mib=%.1f contiguous=%d skips=%d jump_kib=%s fixed_s=%.3f seek_s=%.3f skip_s=%.3f\n",
		seq, phase, reqs, bytes / 1048576, contig, skips, n ? med : 0,
		(reqs / iops > bytes / bps ? reqs / iops : bytes / bps), seek / 1000 + bytes / bps, skip / 1000 + bytes / bps
	phase = ""
}
function start(p) { phase = p; reqs = bytes = contig = skips = seek = skip = 0; delete hist }
$1 ~ /^blk_co_p(read|write)v$/ {
	for (i = 2; i < NF; i++) { if ($i == "offset") off = $(i + 1); if ($i == "bytes") len = $(i + 1) }
	if ($1 == "blk_co_preadv" && len == 512 && off >= size - 8192 && off < size) {
		k = 16 - (size - off) / 512
		if (k == 1) { flush(); counted = 0 }
		else if (k == 2) { flush(); counted = 1; seq++ }
		else if (k == 3 || k == 5 || k == 7) { flush(); if (counted) start(k == 3 ? "write" : k == 5 ? "read" : "alone") }
		else if (k == 4 || k == 6 || k == 8) flush()
		next   # a mark moves no head that matters: the next request pays as if it had not been
	}
	if (phase != "") {
		reqs++; bytes += len
		if (off == head) contig++
		else {
			d = off > head ? off - head : head - off
			c = halfms + seekms * sqrt(3 * d / 160e9)
			seek += c
			# a track, 483 KB: the bytes a second over 120 turns a second
			if (off > head && d < 483e3) { skips++; skip += 1000 * d / bps } else skip += c
			kib = d / 1024; b = 0; while (2 ^ b < kib && b < 40) b++
			hist[b]++
		}
	}
	head = off + len
}
END { flush() }' "$1"
