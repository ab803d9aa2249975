// SPDX-License-Identifier: GPL-2.0
/*
 * diowrite - append to a file with direct I/O, several blocks per write(2),
 * and say after each write what the allocator did.
 *
 *   diowrite FILE[,FILE...] RSV STEP...
 *
 * Creates each FILE (none may exist), sets its window goal size to RSV with
 * EXT2_IOC_SETRSVSZ, then for each STEP appends with one write(2) on the
 * file's O_DIRECT descriptor. A STEP is BLOCKS (to the first file) or
 * I:BLOCKS (to the I-th file, from 1). Every descriptor stays open until
 * the end, so each file keeps its window between writes, and files written
 * one after the other get windows side by side. A direct write past the
 * end of a file reaches ext2_get_blocks() as one request for all its
 * blocks, which is what chapter 6's request-sized windows are about.
 * After each write it prints
 *
 *   write N: BLOCKS blocks, goal size G, runs R
 *
 * (with ', file I' after N when there are several files). G is
 * EXT2_IOC_GETRSVSZ's answer, R the number of runs of physically
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

#define MAXFILES 8

int main(int argc, char **argv)
{
	int fd[MAXFILES], nfiles = 0, size, bs = 4096;
	long total[MAXFILES] = { 0 };
	char *names, *name;
	void *buf;

	if (argc < 4) {
		fprintf(stderr, "usage: diowrite FILE[,FILE...] RSV STEP...   (STEP: BLOCKS or I:BLOCKS)\n");
		return 2;
	}
	names = argv[1];
	while ((name = strsep(&names, ",")) != NULL) {
		if (nfiles == MAXFILES) {
			fprintf(stderr, "diowrite: at most %d files\n", MAXFILES);
			return 2;
		}
		fd[nfiles] = open(name, O_WRONLY | O_CREAT | O_EXCL | O_DIRECT, 0644);
		if (fd[nfiles] < 0)
			return fail(name);
		if (ioctl(fd[nfiles], FIGETBSZ, &bs))
			return fail("FIGETBSZ");
		size = atoi(argv[2]);
		if (ioctl(fd[nfiles], EXT2_IOC_SETRSVSZ, &size))
			return fail("EXT2_IOC_SETRSVSZ");
		nfiles++;
	}
	for (int i = 3; i < argc; i++) {
		char *colon = strchr(argv[i], ':');
		int f = colon ? atoi(argv[i]) - 1 : 0;
		long n = atol(colon ? colon + 1 : argv[i]);

		if (f < 0 || f >= nfiles || n <= 0 || n > 4096) {
			fprintf(stderr, "diowrite: '%s': a step is BLOCKS or I:BLOCKS, 1 to 4096 blocks to file 1 to %d\n",
				argv[i], nfiles);
			return 2;
		}
		if (posix_memalign(&buf, 4096, n * bs))
			return fail("posix_memalign");
		memset(buf, 'a' + i % 26, n * bs);
		if (write(fd[f], buf, n * bs) != n * bs)
			return fail("write");
		free(buf);
		total[f] += n;
		if (ioctl(fd[f], EXT2_IOC_GETRSVSZ, &size))
			return fail("EXT2_IOC_GETRSVSZ");
		if (nfiles > 1)
			printf("write %d, file %d: %ld blocks, goal size %d, runs %d\n",
			       i - 2, f + 1, n, size, runs(fd[f], total[f]));
		else
			printf("write %d: %ld blocks, goal size %d, runs %d\n",
			       i - 2, n, size, runs(fd[f], total[f]));
		fflush(stdout);
	}
	for (int f = 0; f < nfiles; f++)
		if (close(fd[f]))
			return fail("close");
	return 0;
}
