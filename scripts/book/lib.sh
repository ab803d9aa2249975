# shellcheck shell=bash disable=SC2034 # its variables are for the scripts that source it
# The book's helpers: how walkthrough transcripts are quoted (shared by
# scripts/book/examples.sh and the suite's gdb group). Source it; do not run it.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
# The chapters whose walkthrough transcript the book quotes
# (book/examples/walk-chN.gdb.txt).
QUOTED_WALKS="0 1 2 3 4 6"
# gdb_trim TRANSCRIPT: a gdb transcript as the book quotes it: from the
# first breakpoint on, without gdb's thread switches and this machine's
# paths (the kernel's files named as in its tree).
gdb_trim() {
	sed -n '/^Breakpoint 1 at/,$p' "$1" | sed "s|$KSRC/||g; s|$BUILD/|build/|g; s|$TOP/||g; s|build/linux/||g" |
		grep -v '^\[Inferior\|^\[Switching'
}
# walk_trim TRANSCRIPT: a walkthrough's, also without the backtrace's
# outer frames and the frame 'finish' returns to (the tools chapter's
# example keeps its backtrace whole).
walk_trim() {
	gdb_trim "$1" | grep -v '^#[1-9][0-9]* \|^ext2_try_to_allocate_with_rsv ('
}
# walk_shape TRIMMED: the lines that say where a walkthrough stopped and
# what its checks said, numbers masked: the same for every run of it.
walk_shape() {
	grep -E '^(Breakpoint [0-9]+ at|Thread [0-9]+ hit Breakpoint|Value returned|rsv-check:|  OK:|rsv-list: saved)' "$1" |
		sed -E 's/0x[0-9a-f]+/0xN/g; s/[0-9]+/N/g; s/\(.*//'
}
