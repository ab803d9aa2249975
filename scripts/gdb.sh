#!/usr/bin/env bash
# Start gdb on chapter CH's vmlinux, with the kernel's own gdb scripts and the
# course's commands (gdb-scripts/), attached to the guest's gdbstub.
#   scripts/gdb.sh                 interactive
#   scripts/gdb.sh FILE [batch]    run the gdb commands in FILE first (then
#                                  stay at the prompt, or quit if 'batch')
set -euo pipefail
. "$(dirname "$0")/lib.sh"
CH=${CH:?set CH to a chapter number}
check_chapter "$CH"
need_kernel "$CH"
GDB_PORT=${GDB_PORT:-1234}
[ -f "$KOBJ/vmlinux-gdb.py" ] || die "$KOBJ/vmlinux-gdb.py is missing: build a kernel with 'make kernel CH=$CH'"
(exec 3<>"/dev/tcp/127.0.0.1/$GDB_PORT") 2>/dev/null ||
	die "nothing listens on port $GDB_PORT: start the guest first with 'make debug CH=$CH' (same GDB_PORT)"

cmd=(gdb -q -iex "add-auto-load-safe-path $BUILD"
     -iex "set pagination off" -iex "set confirm off"
     -ex "file $(kout "$CH")/vmlinux"
     -ex "source $KOBJ/vmlinux-gdb.py"
     -ex "source $TOP/gdb-scripts/rsv.py"
     -ex "source $TOP/gdb-scripts/rsvmap.py"
     -ex "set substitute-path $KSRC/fs/ext2 $(kout "$CH")/src/fs/ext2"
     -ex "target remote 127.0.0.1:$GDB_PORT")
if [ -n "${1:-}" ]; then
	[ -f "$1" ] || die "no gdb command file $1"
	[ "${2:-}" = batch ] && cmd+=(-batch)
	cmd+=(-x "$1")
fi
cd "$TOP"   # walkthrough files name paths relative to the top,
export COURSE_BUILD=$BUILD   # and build/... as the build directory (rsv.py)
run_shown "${cmd[@]}"
