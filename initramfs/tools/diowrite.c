// SPDX-License-Identifier: GPL-2.0
/*
 * diowrite - append to a file with direct I/O, several blocks per write(2),
 * and say after each write what the allocator did.
 *
 *   diowrite FILE RSV BLOCKS...
 *
 * Creates FILE (it must not exist), sets its window goal size to RSV with
 * EXT2_IOC_SETRSVSZ, then appends each BLOCKS-block chunk with one write(2)
 * on one O_DIRECT descriptor, kept open throughout, so the file keeps its
 * window between writes. A direct write past the end of a file reaches
 * ext2_get_blocks() as one request for all its blocks, which is what
 * chapter 6's request-sized windows are about. After each write it prints
 *
 *   write N: BLOCKS blocks, goal size G, runs R
 *
 * G is EXT2_IOC_GETRSVSZ's answer, R the number of runs of physically
 * consecutive blocks the file has so far (FIBMAP, so root only).
 * Exit status: 0, or 1 when a step fails (with the reason on stderr).
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

#define EXT2_IOC_GETRSVSZ _IOR('f', 5, long)
#define EXT2_IOC_SETRSVSZ _IOW('f', 6, long)

static int fail(const char *what)
{
	fprintf(stderr, "diowrite: %s: %s\n", what, strerror(errno));
	return 1;
}

/* runs of physically consecutive blocks among the file's first n blocks */
static int runs(int fd, long n)
{
	int r = 0, prev = -1;

	for (long i = 0; i < n; i++) {
		int b = (int)i;

		if (ioctl(fd, FIBMAP, &b))
			return -1;
		if (b != prev + 1)
			r++;
		prev = b;
	}
	return r;
}

int main(int argc, char **argv)
{
	int fd, size, bs = 4096;
	long total = 0;
	void *buf;

	if (argc < 4) {
		fprintf(stderr, "usage: diowrite FILE RSV BLOCKS...\n");
		return 2;
	}
	fd = open(argv[1], O_WRONLY | O_CREAT | O_EXCL | O_DIRECT, 0644);
	if (fd < 0)
		return fail(argv[1]);
	if (ioctl(fd, FIGETBSZ, &bs))
		return fail("FIGETBSZ");
	size = atoi(argv[2]);
	if (ioctl(fd, EXT2_IOC_SETRSVSZ, &size))
		return fail("EXT2_IOC_SETRSVSZ");
	for (int i = 3; i < argc; i++) {
		long n = atol(argv[i]);

		if (n <= 0 || n > 4096) {
			fprintf(stderr, "diowrite: '%s': 1 to 4096 blocks\n", argv[i]);
			return 2;
		}
		if (posix_memalign(&buf, 4096, n * bs))
			return fail("posix_memalign");
		memset(buf, 'a' + i % 26, n * bs);
		if (write(fd, buf, n * bs) != n * bs)
			return fail("write");
		free(buf);
		total += n;
		if (ioctl(fd, EXT2_IOC_GETRSVSZ, &size))
			return fail("EXT2_IOC_GETRSVSZ");
		printf("write %d: %ld blocks, goal size %d, runs %d\n",
		       i - 2, n, size, runs(fd, total));
	}
	if (close(fd))
		return fail("close");
	return 0;
}
