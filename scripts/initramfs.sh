#!/usr/bin/env bash
# Build the guest's initramfs without root, with the kernel's own gen_init_cpio:
#   build/initramfs.cpio       busybox, /init, the course's guest tools (static
#                              C) and the guest tests: small, boots fast
#   build/initramfs-work.cpio  dbench and fio with their shared libraries
#                              (about 100 MB); scripts/qemu.sh appends it to
#                              the first when a run asks for workloads. The
#                              kernel unpacks concatenated archives in order.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

W=$BUILD/initramfs
CPIO=$BUILD/initramfs.cpio
hash=$( (cat "$0" "$TOP"/initramfs/init "$TOP"/initramfs/tools/*.c "$TOP"/initramfs/tests/*; \
	 ls -l /bin/busybox /usr/bin/dbench /usr/bin/fio) | sha1sum | cut -c1-16)
[ "$(cat "$W.stamp" 2>/dev/null)" = "$hash" ] && [ -f "$CPIO" ] && exit 0
[ -f "$KSRC/usr/gen_init_cpio.c" ] || die "no kernel tree yet: run 'make kernel' first"

say "building the initramfs"
rm -rf "$W" && mkdir -p "$W/tools"
gcc -O2 -o "$W/gen_init_cpio" "$KSRC/usr/gen_init_cpio.c"
for c in "$TOP"/initramfs/tools/*.c; do
	gcc -static -O2 -Wall -Wextra -Werror -o "$W/tools/$(basename "$c" .c)" "$c" ||
		die "guest tool $c does not compile"
done

list=$W/list
{
	for d in /bin /sbin /dev /proc /sys /tmp /mnt /root /tools /tests /etc; do
		echo "dir $d 0755 0 0"
	done
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "file /init $TOP/initramfs/init 0755 0 0"
	echo "file /bin/busybox /bin/busybox 0755 0 0"
	for t in "$W"/tools/*; do echo "file /tools/$(basename "$t") $t 0755 0 0"; done
	for t in "$TOP"/initramfs/tests/*; do echo "file /tests/$(basename "$t") $t 0644 0 0"; done
	echo "file /etc/passwd $W/passwd 0644 0 0"
	echo "file /etc/group $W/group 0644 0 0"
} > "$list"
{
	for d in /usr /usr/bin /usr/sbin /usr/share /usr/share/dbench; do echo "dir $d 0755 0 0"; done
	echo "file /usr/share/dbench/client.txt /usr/share/dbench/client.txt 0644 0 0"
	# e2fsprogs' own mke2fs, e2fsck and debugfs, for guests that make, check and read
	# file systems themselves (initramfs/tests/seqio.sh), with their config.
	echo "file /etc/mke2fs.conf /etc/mke2fs.conf 0644 0 0"
	# Workloads from Debian, with the shared libraries they load.
	declare -A seen=()
	for b in /usr/bin/dbench /usr/bin/fio /usr/sbin/mke2fs /usr/sbin/e2fsck /usr/sbin/debugfs; do
		echo "file $b $b 0755 0 0"
		for l in $(ldd "$b" | grep -o '/[^ ]*'); do
			r=$(readlink -f "$l")
			for dir in $(dirname "$l"); do
				[ -n "${seen[$dir]:-}" ] || { seen[$dir]=1; p=""; for part in $(echo "${dir#/}" | tr / ' '); do p=$p/$part; echo "dir $p 0755 0 0"; done; }
			done
			[ -n "${seen[$l]:-}" ] || { seen[$l]=1; echo "file $l $r 0755 0 0"; }
		done
	done
} | awk '!($1 == "dir" && seen[$2]++)' > "$list-work"
printf 'root:x:0:0:root:/root:/bin/sh\nstudent:x:1000:1000:student:/tmp:/bin/sh\n' > "$W/passwd"
printf 'root:x:0:\nstudent:x:1000:\n' > "$W/group"
"$W/gen_init_cpio" "$list-work" > "$BUILD/initramfs-work.cpio.tmp" && mv "$BUILD/initramfs-work.cpio.tmp" "$BUILD/initramfs-work.cpio"
"$W/gen_init_cpio" "$list" > "$CPIO.tmp" && mv "$CPIO.tmp" "$CPIO"
echo "$hash" > "$W.stamp"
note "$CPIO ($(du -h "$CPIO" | cut -f1)), $BUILD/initramfs-work.cpio ($(du -h "$BUILD/initramfs-work.cpio" | cut -f1))"
