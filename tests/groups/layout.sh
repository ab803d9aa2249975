# shellcheck shell=bash
# tests/groups/layout.sh: the suite's 'layout' group (tests/run.sh layout). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_layout.

# --- layout: N concurrent writers, 16 MiB each, read from the disk image
# layout_run CH N [RSV]: boot, write, verify, then read the extents with
# libext2fs. RSV sets every file's window to RSV blocks first.
layout_run() {
	local c=$1 n=$2 r=${3:-0} name=ch$1-writers$2${3:+-rsv$3}
	guest "$name" "$c" RUN=writers ARGS="$n:16:16:$r" "$(rsv "$c")" \
		DISK_MB=$((n * 16 * 2 < 512 ? 512 : n * 16 * 2))
	"$E2LAYOUT" -k "$T/$name.img" > "$T/$name.layout" 2>&1
	echo "# chapter $c, $n writers${3:+, windows of $3 blocks}: $(tr '\n' ' ' < "$T/$name.layout")"
}
mean_extents() { sed -n 's/^extents_mean=//p' "$T/$1.layout"; }
# rpm RUN: disk read requests per MiB read back, from the guest's bench line.
rpm() {
	tr -d '\r' < "$T/$1.log" | sed -n 's/^bench: readback_requests=\([0-9]*\) .*readback_mib=\([0-9]*\)$/\1 \2/p' |
		awk '$2 > 0 { printf "%.1f", $1 / $2 }'
}
# more_fragmented A B WHAT: run A's files have more extents than run B's.
more_fragmented() {
	local a b; a=$(mean_extents "$1") b=$(mean_extents "$2")
	t "$3 ($a > $b extents per file)" \
		awk -v a="$a" -v b="$b" 'BEGIN { exit !(a != "" && b != "" && a + 0 > b + 0) }'
}
group_layout() {
	section "layout: concurrent writers x 16 MiB"
	local c
	for c in $CHAPTERS; do layout_run "$c" 8; done
	for c in $(seq 1 "$NCH"); do layout_run "$c" 32; done
	more_fragmented ch1-writers8 ch0-writers8 "8 writers: chapter 1 fragments more than chapter 0"
	if [ "$NCH" -ge 2 ]; then
		more_fragmented ch1-writers8 ch2-writers8 "8 writers: chapter 2 fragments less than chapter 1"
		more_fragmented ch1-writers32 ch2-writers32 "32 writers: chapter 2 fragments less than chapter 1"
	fi
	if [ "$NCH" -ge 3 ]; then
		# The seed's rsv(128) column: every file asks for 128-block windows.
		layout_run 3 32 128
		more_fragmented ch3-writers32 ch3-writers32-rsv128 "32 writers on chapter 3: 128-block windows fragment less than 8-block ones"
	fi
	if [ "$NCH" -ge 4 ]; then
		# The read-back shape: requests per MiB counted by the guest.
		local r1 r4
		r1=$(rpm ch1-writers32) r4=$(rpm ch4-writers32)
		t "32 writers: chapter 4's files read back in fewer disk requests per MiB than chapter 1's ($r4 < $r1)" \
			awk -v a="$r4" -v b="$r1" 'BEGIN { exit !(a != "" && b != "" && a + 0 < b + 0) }'
		more_fragmented ch3-writers8 ch4-writers8 "8 writers: chapter 4's growing windows fragment less than chapter 3's default ones"
		more_fragmented ch3-writers32 ch4-writers32 "32 writers: chapter 4's growing windows fragment less than chapter 3's default ones"
	fi
	# The tree changes what a search costs, not where windows go (chapter
	# 5 against 4); chapter 6 places windows as mainline does.
	[ "$NCH" -ge 5 ] && same_disk 4 5 "chapter 5's files have chapter 4's blocks"
	[ "$NCH" -ge 6 ] && same_disk 0 6 "chapter 6's files have mainline's blocks"
}
# same_disk A B WHAT: one process, no concurrency (writers turns: 32 files
# in turns, one reopened each round), on chapters A and B; every block of
# every file must be the same.
same_disk() {
	local c
	for c in "$1" "$2"; do
		guest "ch$c-turns" "$c" RUN=turns ARGS=32:4:16 MNT=reservation DISK_MB=512
		file_blocks "$T/ch$c-turns.img" 32 > "$T/ch$c-turns.blocks"
	done
	t "one writer, 32 files in turns: $3, block for block ($(grep -c . "$T/ch$2-turns.blocks") files compared)" \
		bash -c "[ \$(grep -c '^f[0-9]*: [0-9]' '$T/ch$1-turns.blocks') = 32 ] && cmp '$T/ch$1-turns.blocks' '$T/ch$2-turns.blocks'"
}
# file_blocks IMAGE N: "fNN: block block ..." for /f00../f<N-1> (debugfs).
file_blocks() {
	local i
	for i in $(seq 0 $(($2 - 1))); do printf 'blocks /f%02d\n' "$i"; done |
		debugfs -f - "$1" 2>/dev/null | awk '/^debugfs: blocks/ { f = $3; sub("^/", "", f); next } f { print f ": " $0; f = "" }'
}
