// SPDX-License-Identifier: GPL-2.0
/*
 * searchcost - what a new reservation window costs when K windows exist.
 *
 *   searchcost HOLDDIR NEWDIR NEW K1 K2 ...
 *
 * For each K (ascending), opens more files in HOLDDIR until K are open,
 * each with one 4 KiB block written and so with a window of its own (of
 * one block, set with EXT2_IOC_SETRSVSZ),
 * held open (a window lives until its file is closed) and unlinked (so
 * that the directory does not grow with K). Then it creates
 * NEW files in NEWDIR, each written one block and closed: every one of
 * them needs a new window, searched for among the K others. Put HOLDDIR
 * early on the disk (the file system's root) and NEWDIR in a directory of
 * its own (ext2 places it in another group): the K windows then all lie
 * before the new files' goals, which is where a sorted list must walk past
 * every one of them and a tree need not.
 *
 * Prints, per K, a line for the bench:
 *   bench: k=K new=NEW sys_us_per_new=S wall_us_per_new=W
 * (system time from getrusage(); the new files are removed after each K,
 * and one round before the first K is not measured: it warms the caches).
 * Exit status: 0 on success, 1 on an error, 2 on bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define BLOCK 4096
#define EXT2_IOC_SETRSVSZ _IOW('f', 6, long)

static char block[BLOCK];

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double sys_us(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_stime.tv_sec * 1e6 + ru.ru_stime.tv_usec;
}

/*
 * Create PATH and write one block; keep it open (return the fd) or not.
 * A file kept open asks for a window of one block first, so that K
 * windows take K blocks and all fit in the first group, before the new
 * files' goals.
 */
static int one_block(const char *path, int keep)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), one = 1;

	if (fd >= 0 && keep && ioctl(fd, EXT2_IOC_SETRSVSZ, &one)) {
		fprintf(stderr, "searchcost: SETRSVSZ 1 on %s: %s (mount with -o reservation)\n",
			path, strerror(errno));
		exit(1);
	}
	if (fd < 0 || write(fd, block, BLOCK) != BLOCK) {
		fprintf(stderr, "searchcost: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	if (!keep) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Create NEW one-block files in DIR, each closed at once; or remove them. */
static void new_files(const char *dir, long new, int remove)
{
	char path[4096];
	long i;

	for (i = 0; i < new; i++) {
		snprintf(path, sizeof(path), "%s/n%06ld", dir, i);
		if (remove)
			unlink(path);
		else
			one_block(path, 0);
	}
}

int main(int argc, char **argv)
{
	char path[4096];
	long held = 0, k, new;
	struct rlimit rl;
	double t0, s0;
	int a;

	if (argc < 5 || (new = atol(argv[3])) < 1) {
		fprintf(stderr, "usage: searchcost HOLDDIR NEWDIR NEW K1 K2 ...\n");
		return 2;
	}
	k = atol(argv[argc - 1]);
	rl.rlim_cur = rl.rlim_max = k + 64;
	if (setrlimit(RLIMIT_NOFILE, &rl) < 0) {
		perror("searchcost: setrlimit (run it as root)");
		return 1;
	}
	memset(block, 's', sizeof(block));
	/* One round unmeasured: the first files of a fresh boot pay for cold caches. */
	new_files(argv[2], new, 0);
	new_files(argv[2], new, 1);
	for (a = 4; a < argc; a++) {
		k = atol(argv[a]);
		if (k < held) {
			fprintf(stderr, "searchcost: K must not decrease (%ld after %ld)\n", k, held);
			return 2;
		}
		for (; held < k; held++) {	/* the descriptors stay open */
			snprintf(path, sizeof(path), "%s/h%06ld", argv[1], held);
			one_block(path, 1);
			/*
			 * Open and unlinked, the file keeps its window, and the
			 * directory stays small: an ext2 directory is a list
			 * that every create scans, so K names in it would make
			 * each new file cost O(K) for a reason that is not the
			 * window search.
			 */
			if (unlink(path)) {
				fprintf(stderr, "searchcost: unlink %s: %s\n", path, strerror(errno));
				return 1;
			}
		}
		/*
		 * Write the held files back now: writeback running during the
		 * measurement would take a CPU from it, and an emulated
		 * guest's clock counts that as the measured process's time.
		 */
		sync();
		s0 = sys_us();
		t0 = now_us();
		new_files(argv[2], new, 0);
		printf("bench: k=%ld new=%ld sys_us_per_new=%.1f wall_us_per_new=%.1f\n",
		       k, new, (sys_us() - s0) / new, (now_us() - t0) / new);
		fflush(stdout);
		new_files(argv[2], new, 1);
	}
	return 0;
}
