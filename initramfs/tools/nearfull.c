// SPDX-License-Identifier: GPL-2.0
/*
 * nearfull - bring a file system to a given fullness, with the free space
 * scattered over every block group in small holes.
 *
 *   nearfull DIR PERCENT
 *
 * Writes 64 KiB files round robin into 64 directories under DIR (ext2's
 * Orlov allocator spreads directories over the groups) until the disk is
 * full (a write refused or cut short), then deletes every k-th file, k chosen so that PERCENT of the
 * blocks stay in use. What is left free is a hole of a few blocks every
 * k files, in every group: the state in which an allocator that wants a
 * window of many blocks has to look hard.
 *
 * Prints key=value lines: files, deleted, used_pct (as statfs reports it).
 * Exit status: 0 on success, 1 on an unexpected error, 2 on bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#define FILE_BYTES (64 * 1024)
#define DIRS 64

static void path_of(char *buf, size_t len, const char *dir, long i)
{
	snprintf(buf, len, "%s/d%02ld/f%06ld", dir, i % DIRS, i);
}

/* Write one file; 1 when the disk is full (the partial file is removed). */
static int write_file(const char *path)
{
	static char data[FILE_BYTES];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), full;
	ssize_t n;

	if (fd < 0) {
		if (errno == ENOSPC)
			return 1;
		fprintf(stderr, "nearfull: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	memset(data, 'n', sizeof(data));
	n = write(fd, data, sizeof(data));
	if (n < 0 && errno != ENOSPC) {
		fprintf(stderr, "nearfull: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	full = n != (ssize_t)sizeof(data);	/* ENOSPC, or a short write */
	if (close(fd) < 0) {
		fprintf(stderr, "nearfull: %s: close: %s\n", path, strerror(errno));
		exit(1);
	}
	if (full)
		unlink(path);
	return full;
}

static double used_pct(const char *dir)
{
	struct statfs st;

	if (statfs(dir, &st) < 0) {
		perror("nearfull: statfs");
		exit(1);
	}
	return 100.0 * (double)(st.f_blocks - st.f_bfree) / (double)st.f_blocks;
}

int main(int argc, char **argv)
{
	char path[4096];
	double pct, now;
	long i, files, k, deleted = 0;

	if (argc != 3 || (pct = atof(argv[2])) < 1 || pct > 99.9) {
		fprintf(stderr, "usage: nearfull DIR PERCENT (1-99.9)\n");
		return 2;
	}
	for (i = 0; i < DIRS; i++) {
		snprintf(path, sizeof(path), "%s/d%02ld", argv[1], i);
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			fprintf(stderr, "nearfull: %s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	for (files = 0;; files++) {
		path_of(path, sizeof(path), argv[1], files);
		if (write_file(path))
			break;
	}
	sync();
	now = used_pct(argv[1]);
	/* Delete every k-th file: (now - pct)% of the disk in 64 KiB holes. */
	k = now > pct ? (long)(now / (now - pct)) : 0;
	if (k < 2 && now > pct)
		k = 2;
	for (i = 0; k && i < files && used_pct(argv[1]) > pct; i += k) {
		path_of(path, sizeof(path), argv[1], i);
		if (unlink(path) < 0) {
			fprintf(stderr, "nearfull: %s: %s\n", path, strerror(errno));
			return 1;
		}
		deleted++;
	}
	sync();
	printf("files=%ld deleted=%ld used_pct=%.1f\n", files, deleted, used_pct(argv[1]));
	return 0;
}
