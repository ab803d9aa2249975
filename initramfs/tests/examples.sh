# Examples for the book's tool chapter: each is '=== NAME', 'guest# COMMAND',
# the command's real output, then '=== end'. scripts/book/examples.sh cuts
# them into book/examples/NAME.txt.
ex() {
	name=$1; shift
	echo "=== $name"
	for c in "$@"; do echo "guest# $c"; sh -c "$c" 2>&1; done
	echo "=== end"
}
dmesg -n 1   # keep the kernel's notes (drop_caches) off the console
cd /mnt || exit 1
ex writers 'writers write /mnt 4 4' 'writers verify /mnt 4 4' "stat -c '%n: %s bytes, %b sectors' /mnt/f0*"
ex rsvctl 'rsvctl get /mnt/f00' 'rsvctl set /mnt/f00 64' 'rsvctl get /mnt/f00'
mkdir -p /mnt/d
ex rsvctl-errors 'rsvctl set /mnt/d 64' 'rsvctl set /mnt/f00 -5' 'su student -c "rsvctl set /mnt/f00 16"' 'rsvctl get /nonexistent'
mkdir -p /mnt/t
# The per-process lines come in whatever order the processes end: sorted.
ex torture 'torture -s 7 -p 4 -n 200 -m 256 /mnt/t | sort'
ex bounds 'bounds /mnt'
ex grow 'dd if=/dev/zero of=/mnt/stream bs=4k count=300 2>/dev/null' 'rsvctl get /mnt/stream'
rm -rf /mnt/t /mnt/d /mnt/stream
