// SPDX-License-Identifier: GPL-2.0
/*
 * diskmark - leave a mark in the host's trace of the disk's requests.
 *
 *   diskmark DEVICE K
 *
 * Reads one 512-byte sector of DEVICE with direct I/O: the K-th (0 to 15)
 * of its last 16 sectors. The file system never reads there in pieces of
 * 512 bytes (its blocks are 1 KiB or more, and the guest's tests leave the
 * disk's tail to it), so a host that traces the disk's requests
 * (DISK_TRACE in scripts/qemu.sh) can tell from such a read where each
 * phase of a run began and ended (bench/seeks.sh). Direct, so
 * that the page cache answers nothing and the read reaches the disk.
 * Exit status: 0, or 1 when the read fails (with the reason on stderr).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define SECTOR 512
#define MARKS 16

int main(int argc, char **argv)
{
	unsigned long long size;
	char *end;
	void *buf;
	long k;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: diskmark DEVICE K (K from 0 to %d)\n", MARKS - 1);
		return 1;
	}
	k = strtol(argv[2], &end, 10);
	if (*argv[2] == '\0' || *end != '\0' || k < 0 || k >= MARKS) {
		fprintf(stderr, "diskmark: K must be a number from 0 to %d, not '%s'\n", MARKS - 1, argv[2]);
		return 1;
	}
	fd = open(argv[1], O_RDONLY | O_DIRECT);
	if (fd < 0 || ioctl(fd, BLKGETSIZE64, &size) < 0) {
		fprintf(stderr, "diskmark: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if (size < MARKS * SECTOR) {
		fprintf(stderr, "diskmark: %s: smaller than %d sectors\n", argv[1], MARKS);
		return 1;
	}
	/* direct I/O wants a buffer aligned to the device's sectors */
	if (posix_memalign(&buf, 4096, SECTOR)) {
		fprintf(stderr, "diskmark: no memory\n");
		return 1;
	}
	if (pread(fd, buf, SECTOR, size - (MARKS - k) * SECTOR) != SECTOR) {
		fprintf(stderr, "diskmark: reading %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	free(buf);
	close(fd);
	return 0;
}
