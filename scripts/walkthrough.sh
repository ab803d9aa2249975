#!/usr/bin/env bash
# Run a chapter's walkthrough: boot the guest with writers running and the
# gdbstub open, and drive gdb with walkthrough/chN.gdb.
#   scripts/walkthrough.sh           interactive: gdb stays at its prompt after
#                                    the script; 'continue' lets the guest finish
#   scripts/walkthrough.sh batch     for the tests: the transcript goes to
#                                    build/walkthrough/chN.txt
# The guest's side (which test, how many writers) is on the file's first
# line: '# guest: RUN=hold ARGS=4:8 MNT=...'. WALK=FILE runs another gdb file
# the same way (the tests do); its outputs are named after it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
CH=${CH:?set CH to a chapter number}
check_chapter "$CH"
need_kernel "$CH"
file=${WALK:-$TOP/walkthrough/ch$CH.gdb}
[ -f "$file" ] || die "chapter $CH has no walkthrough ($file)"
mode=${1:-interactive}
W=$BUILD/walkthrough
mkdir -p "$W"
export GDB_PORT=${GDB_PORT:-1234}
name=$(basename "$file" .gdb)   # outputs: build/walkthrough/NAME.{txt,img,-guest.log}
export LOG=$W/$name-guest.log
guest=$(sed -n '1s/^# guest: //p' "$file")
[ -n "$guest" ] || die "$file: first line must be '# guest: RUN=... ARGS=...'"

# The guest waits at its first instruction until gdb says continue.
env $guest DISK="$W/$name.img" GDB=1 WAIT=1 TIMEOUT=${TIMEOUT:-900} \
	"$TOP/scripts/qemu.sh" test &
qpid=$!
trap 'kill $qpid 2>/dev/null || true' EXIT
for _ in $(seq 50); do
	(exec 3<>"/dev/tcp/127.0.0.1/$GDB_PORT") 2>/dev/null && break
	kill -0 $qpid 2>/dev/null || { wait $qpid || true; die "QEMU did not start (see above; $LOG)"; }
	sleep 0.2
done
if [ "$mode" = batch ]; then
	"$TOP/scripts/gdb.sh" "$file" batch > "$W/$name.txt" 2>&1 || true
	note "gdb transcript: $W/$name.txt"
else
	"$TOP/scripts/gdb.sh" "$file"
fi
rc=0; wait $qpid || rc=$?
trap - EXIT
note "guest log: $LOG (QEMU exit $rc)"
exit $rc
