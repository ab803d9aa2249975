// SPDX-License-Identifier: GPL-2.0
/*
 * searchcost - what a new reservation window costs when K windows exist.
 *
 *   searchcost [-H HOOK] [-P PROCS] [-B BLOCK] HOLDDIR NEWDIR NEW K1 K2 ...
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
 * Without -H it prints, per K, a line for the bench:
 *   bench: k=K new=NEW sys_us_per_new=S wall_us_per_new=W
 * (system time from getrusage(); the new files are removed after each K,
 * and one round before the first K is not measured: it warms the caches).
 *
 * With -H, the kernel does the timing: per K, the NEW files are made once
 * per pass, and the shell script HOOK is run before and after each pass as
 *   sh HOOK begin PASS K NEW      sh HOOK end PASS K NEW
 * (it turns a tracer or lock statistics on and reads them back). The
 * passes: "trace" and "lock", one process making the files; with -P N
 * (N > 1), also "contend": N processes at once, NEW/N files each, in
 * directories NEWDIR/p0 .. NEWDIR/pN-1, so that N CPUs place windows at
 * the same time.
 *
 * -B BLOCK: the first block of NEWDIR's group. Every held file's block must
 * lie before it (FIBMAP), or the K windows are not all before the new
 * files' goals and the figures would not be those of a search past all K:
 * then it stops with an error.
 * Exit status: 0 on success, 1 on an error, 2 on bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
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

/* Run "sh HOOK WHAT PASS K NEW"; its output goes where ours does. */
static void hook(const char *prog, const char *what, const char *pass, long k, long new)
{
	char cmd[4400];

	fflush(stdout);
	snprintf(cmd, sizeof(cmd), "sh %s %s %s %ld %ld", prog, what, pass, k, new);
	if (system(cmd) != 0) {
		fprintf(stderr, "searchcost: '%s' failed\n", cmd);
		exit(1);
	}
}

/*
 * NEW files made by PROCS processes at once, NEW/PROCS each, each in a
 * directory of its own under DIR (made here); then removed.
 */
static void new_files_at_once(const char *dir, long new, int procs)
{
	char sub[2048];
	int i, status, bad = 0;
	pid_t pid;

	for (i = 0; i < procs; i++) {
		snprintf(sub, sizeof(sub), "%s/p%d", dir, i);
		if (mkdir(sub, 0755) && errno != EEXIST) {
			fprintf(stderr, "searchcost: mkdir %s: %s\n", sub, strerror(errno));
			exit(1);
		}
	}
	fflush(stdout);
	for (i = 0; i < procs; i++) {
		pid = fork();
		if (pid < 0) {
			perror("searchcost: fork");
			exit(1);
		}
		if (pid == 0) {
			snprintf(sub, sizeof(sub), "%s/p%d", dir, i);
			new_files(sub, new / procs, 0);
			_exit(0);
		}
	}
	while (wait(&status) > 0)
		bad |= !WIFEXITED(status) || WEXITSTATUS(status);
	if (bad) {
		fprintf(stderr, "searchcost: a process making files failed\n");
		exit(1);
	}
	for (i = 0; i < procs; i++) {
		snprintf(sub, sizeof(sub), "%s/p%d", dir, i);
		new_files(sub, new / procs, 1);
	}
}

int main(int argc, char **argv)
{
	const char *hookprog = NULL, *holddir, *newdir;
	char path[4096];
	long held = 0, k, new, before = -1, last = -1;
	struct rlimit rl;
	double t0, s0;
	int a, opt, procs = 1;

	while ((opt = getopt(argc, argv, "H:P:B:")) != -1) {
		if (opt == 'B')
			before = atol(optarg);
		else if (opt == 'H')
			hookprog = optarg;
		else if (opt == 'P' && atoi(optarg) >= 1)
			procs = atoi(optarg);
		else
			goto usage;
	}
	if (argc - optind < 4 || (new = atol(argv[optind + 2])) < 1)
		goto usage;
	holddir = argv[optind];
	newdir = argv[optind + 1];
	k = atol(argv[argc - 1]);
	rl.rlim_cur = rl.rlim_max = k + 64;
	if (setrlimit(RLIMIT_NOFILE, &rl) < 0) {
		perror("searchcost: setrlimit (run it as root)");
		return 1;
	}
	memset(block, 's', sizeof(block));
	/* One round unmeasured: the first files of a fresh boot pay for cold caches. */
	new_files(newdir, new, 0);
	new_files(newdir, new, 1);
	for (a = optind + 3; a < argc; a++) {
		k = atol(argv[a]);
		if (k < held) {
			fprintf(stderr, "searchcost: K must not decrease (%ld after %ld)\n", k, held);
			return 2;
		}
		for (; held < k; held++) {	/* the descriptors stay open */
			int fd, blk = 0;

			snprintf(path, sizeof(path), "%s/h%06ld", holddir, held);
			fd = one_block(path, 1);
			if (before >= 0) {	/* where its block went (ext2 places it in write()) */
				if (ioctl(fd, FIBMAP, &blk)) {
					fprintf(stderr, "searchcost: FIBMAP %s: %s\n", path, strerror(errno));
					return 1;
				}
				if (blk > last)
					last = blk;
			}
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
		if (before >= 0 && last >= before) {
			fprintf(stderr, "searchcost: at K=%ld the held files reach block %ld, past %ld where the new files' group starts: their windows are not all before the new files' goals\n",
				k, last, before);
			return 1;
		}
		if (hookprog) {
			static const char *const passes[] = { "trace", "lock", "contend" };
			int p;

			for (p = 0; p < (procs > 1 ? 3 : 2); p++) {
				hook(hookprog, "begin", passes[p], k, new);
				if (p < 2)
					new_files(newdir, new, 0);
				else
					new_files_at_once(newdir, new, procs);
				hook(hookprog, "end", passes[p], k, new);
				if (p < 2)
					new_files(newdir, new, 1);
				sync();
			}
			continue;
		}
		s0 = sys_us();
		t0 = now_us();
		new_files(newdir, new, 0);
		printf("bench: k=%ld new=%ld sys_us_per_new=%.1f wall_us_per_new=%.1f\n",
		       k, new, (sys_us() - s0) / new, (now_us() - t0) / new);
		fflush(stdout);
		new_files(newdir, new, 1);
	}
	return 0;
usage:
	fprintf(stderr, "usage: searchcost [-H HOOK] [-P PROCS] [-B BLOCK] HOLDDIR NEWDIR NEW K1 K2 ...\n");
	return 2;
}
