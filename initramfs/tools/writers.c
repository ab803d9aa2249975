// SPDX-License-Identifier: GPL-2.0
/*
 * writers - N processes append to N files at once, in small chunks, the way
 * tiobench and dbench write: the workload that makes ext2's block
 * allocations interleave unless the files hold reservation windows.
 *
 *   writers write  DIR N MIB [CHUNK_KIB [RSV]]
 *                                          write DIR/f00 .. DIR/f<N-1>; with
 *                                          RSV > 0, first set each file's
 *                                          window to RSV blocks (SETRSVSZ)
 *   writers hold   DIR N MIB [CHUNK_KIB]   write, fsync, keep every file
 *                                          open, sync, statfs(DIR) (a place
 *                                          for gdb to stop: ext2_statfs),
 *                                          then close all and statfs again
 *   writers turns  DIR N MIB [CHUNK_KIB]   one process, N files open,
 *                                          a chunk to each in turn; every
 *                                          round, one file (in turn) is
 *                                          closed and reopened, dropping
 *                                          its window. No concurrency, so
 *                                          the layout is a function of the
 *                                          allocator alone: two kernels
 *                                          that place windows alike give
 *                                          the same disk, block for block
 *                                          (run by a child whose pid is 0
 *                                          mod 16: see run_in_colour_zero)
 *   writers verify DIR N MIB               read back and check every byte
 *
 * Every byte is a function of (file, offset), so verify needs no copy.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#define EXT2_IOC_SETRSVSZ _IOW('f', 6, long)

static int rsv_blocks;	/* 0: leave the window size alone */

static unsigned char pattern(int file, long long off)
{
	/* Changes every byte and every block, differs between files. */
	return (unsigned char)((off >> 12) * 31 + off + file * 131);
}

/*
 * The same bytes as pattern(), a block at a time: inside one 4 KiB block
 * the pattern counts up by one from the block's first byte, so each piece
 * is a copy from a ramp (memcpy is cheap in the guest, a call per byte is
 * not: it made writing and checking 1 GiB several times slower under TCG).
 */
static unsigned char ramp[4096 + 256];

static void fill(unsigned char *buf, int file, long long off, size_t len)
{
	if (!ramp[1])
		for (size_t i = 0; i < sizeof(ramp); i++)
			ramp[i] = (unsigned char)i;
	while (len) {
		size_t in_block = 4096 - (off & 4095);
		size_t n = len < in_block ? len : in_block;

		memcpy(buf, ramp + pattern(file, off), n);
		buf += n;
		off += n;
		len -= n;
	}
}

static void path_of(char *path, size_t len, const char *dir, int i)
{
	snprintf(path, len, "%s/f%02d", dir, i);
}

/* One child: create DIR/fNN and append MIB MiB in CHUNK-byte writes. */
static int write_one(const char *dir, int i, long long size, size_t chunk,
		     int start_fd, int ready_fd, int hold)
{
	char path[4096], go;
	unsigned char *buf = malloc(chunk);
	int fd;

	path_of(path, sizeof(path), dir, i);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || !buf) {
		fprintf(stderr, "writers: %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (rsv_blocks > 0 && ioctl(fd, EXT2_IOC_SETRSVSZ, &rsv_blocks)) {
		fprintf(stderr, "writers: %s: SETRSVSZ %d: %s\n", path, rsv_blocks,
			strerror(errno));
		return 1;
	}
	/* Wait until every writer exists, so they really write at once. */
	if (read(start_fd, &go, 1) != 1)
		return 1;
	for (long long off = 0; off < size; off += chunk) {
		size_t len = size - off < (long long)chunk ? (size_t)(size - off) : chunk;

		fill(buf, i, off, len);
		if (write(fd, buf, len) != (ssize_t)len) {
			fprintf(stderr, "writers: %s at %lld: %s\n", path, off,
				strerror(errno));
			return 1;
		}
	}
	if (hold) {
		if (fsync(fd)) {
			fprintf(stderr, "writers: fsync %s: %s\n", path, strerror(errno));
			return 1;
		}
		/* Tell the parent, then keep the file open until it says stop. */
		if (write(ready_fd, "r", 1) != 1 || read(start_fd, &go, 1) < 0)
			return 1;
	}
	return close(fd) ? 1 : 0;
}

static int run_writers(const char *dir, int n, long long size, size_t chunk, int hold)
{
	int start[2], ready[2], failed = 0, status;
	char c;

	if (pipe(start) || pipe(ready)) {
		perror("writers: pipe");
		return 1;
	}
	for (int i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("writers: fork");
			return 1;
		}
		if (pid == 0) {
			close(start[1]);
			close(ready[0]);
			_exit(write_one(dir, i, size, chunk, start[0], ready[1], hold));
		}
	}
	close(start[0]);
	close(ready[1]);
	/* Release all writers at once: one byte each. */
	for (int i = 0; i < n; i++)
		if (write(start[1], "g", 1) != 1)
			return 1;
	if (hold) {
		struct statfs st;
		int got = 0;

		while (got < n && read(ready[0], &c, 1) == 1)
			got++;
		if (got < n) {
			fprintf(stderr, "writers: only %d of %d writers finished\n", got, n);
			failed = 1;
		}
		sync();
		printf("writers: %d files written and open; statfs(%s)\n", got, dir);
		fflush(stdout);
		statfs(dir, &st);	/* gdb: break ext2_statfs */
		close(start[1]);	/* EOF: every child closes its file */
	} else {
		close(start[1]);
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	if (hold) {
		struct statfs st;

		/* Every file is closed now: a second place for gdb to look. */
		printf("writers: all files closed; statfs(%s)\n", dir);
		fflush(stdout);
		statfs(dir, &st);
	}
	return failed;
}

/*
 * ext2_find_near() (fs/ext2/inode.c) starts a file with no blocks yet at
 * its group's colour slot, (pid % 16) of the group. The writer's pid
 * depends on how many kernel threads the boot happened to start, so two
 * boots of the same kernel can place the whole run one slot apart. Fork
 * until a child has a pid that is 0 mod 16; that child does the work and
 * the caller gets its exit status.
 */
static int run_in_colour_zero(int (*work)(const char *, int, long long, size_t),
			      const char *dir, int n, long long size, size_t chunk)
{
	for (int tries = 0; tries < 64; tries++) {
		int status, rc;
		pid_t pid;

		fflush(stdout);
		pid = fork();

		if (pid < 0) {
			perror("writers: fork");
			return 1;
		}
		if (pid == 0) {
			if (getpid() % 16)
				_exit(255);
			rc = work(dir, n, size, chunk);
			fflush(stdout);
			_exit(rc);
		}
		if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) {
			fprintf(stderr, "writers: child %d did not exit\n", (int)pid);
			return 1;
		}
		if (pid % 16 == 0)
			return WEXITSTATUS(status);
	}
	fprintf(stderr, "writers: no pid that is 0 mod 16 in 64 forks\n");
	return 1;
}

/* writers turns: the deterministic interleaving (see the top). */
static int turns(const char *dir, int n, long long size, size_t chunk)
{
	unsigned char *buf = malloc(chunk);
	char path[4096];
	int *fd = calloc(n, sizeof(*fd)), round = 0;

	if (!buf || !fd) {
		perror("writers: turns");
		return 1;
	}
	for (int i = 0; i < n; i++) {
		path_of(path, sizeof(path), dir, i);
		fd[i] = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd[i] < 0) {
			fprintf(stderr, "writers: %s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	for (long long off = 0; off < size; off += chunk, round++) {
		size_t len = size - off < (long long)chunk ? (size_t)(size - off) : chunk;
		int r = round % n;

		for (int i = 0; i < n; i++) {
			fill(buf, i, off, len);
			if (write(fd[i], buf, len) != (ssize_t)len) {
				fprintf(stderr, "writers: f%02d at %lld: %s\n", i, off,
					strerror(errno));
				return 1;
			}
		}
		/* Closing a file written to drops its window. */
		path_of(path, sizeof(path), dir, r);
		if (close(fd[r]) || (fd[r] = open(path, O_WRONLY | O_APPEND)) < 0) {
			fprintf(stderr, "writers: reopen %s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	for (int i = 0; i < n; i++)
		if (close(fd[i]))
			return 1;
	printf("writers: %d files of %lld MiB written in turns, %d reopened\n",
	       n, size >> 20, round);
	return 0;
}

static int verify(const char *dir, int n, long long size)
{
	unsigned char buf[65536], want[65536];
	char path[4096];
	int bad = 0;

	for (int i = 0; i < n; i++) {
		long long off = 0;
		ssize_t got;
		int fd;

		path_of(path, sizeof(path), dir, i);
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			fprintf(stderr, "verify: %s: %s\n", path, strerror(errno));
			bad++;
			continue;
		}
		while ((got = read(fd, buf, sizeof(buf))) > 0) {
			fill(want, i, off, got);
			if (memcmp(buf, want, got)) {
				fprintf(stderr, "verify: %s differs near offset %lld\n", path, off);
				bad++;
				break;
			}
			off += got;
		}
		if (got == 0 && off != size) {
			fprintf(stderr, "verify: %s has %lld bytes, want %lld\n", path, off, size);
			bad++;
		}
		close(fd);
	}
	printf("verify: %d files, %d bad\n", n, bad);
	return bad != 0;
}

int main(int argc, char **argv)
{
	int n;
	long long size;
	size_t chunk;

	if (argc < 5) {
		fprintf(stderr, "usage: writers write|hold|turns|verify DIR N MIB [CHUNK_KIB [RSV]]\n");
		return 2;
	}
	n = atoi(argv[3]);
	size = atoll(argv[4]) << 20;
	chunk = (argc > 5 ? atoi(argv[5]) : 16) << 10;
	rsv_blocks = argc > 6 ? atoi(argv[6]) : 0;
	if (n < 1 || n > 1000 || size <= 0 || chunk == 0) {
		fprintf(stderr, "writers: need 1 <= N <= 1000, MIB > 0, CHUNK_KIB > 0\n");
		return 2;
	}
	if (!strcmp(argv[1], "write"))
		return run_writers(argv[2], n, size, chunk, 0);
	if (!strcmp(argv[1], "hold"))
		return run_writers(argv[2], n, size, chunk, 1);
	if (!strcmp(argv[1], "turns"))
		return run_in_colour_zero(turns, argv[2], n, size, chunk);
	if (!strcmp(argv[1], "verify"))
		return verify(argv[2], n, size);
	fprintf(stderr, "writers: unknown mode '%s'\n", argv[1]);
	return 2;
}
