// SPDX-License-Identifier: GPL-2.0
/*
 * torture - many processes appending, overwriting, truncating, unlinking,
 * reopening and fsyncing their files at once, every byte checked.
 *
 *   torture [-s SEED] [-p PROCS] [-n OPS] [-f FILES] [-m MAXKIB] [-e] [-X] DIR
 *
 * Each of PROCS processes owns FILES files (DIR/tPP.F) and runs OPS random
 * operations on them, drawn from its own generator seeded with SEED and its
 * number: the same command line replays the same operations in every
 * process (the interleaving between processes is the scheduler's). Each
 * process keeps a copy of what its files must hold and checks a file
 * against it now and then. At the end every process closes its files, the
 * page cache is dropped, and every file is read back from the disk and
 * compared byte for byte. Then the files are removed, and the free block
 * count must come back to where it started (less what the directory grew).
 *
 * -e  a full disk is expected: ENOSPC (and a short write) is not an error;
 *     the copy records exactly what the kernel said was written.
 * -X  self-test of the checker: process 0 changes one byte of its own copy
 *     before the final check, so the run must fail.
 *
 * Output: a 'torture: seed=...' line to replay with, and at the end
 * key=value lines: ops, bytes_written, bytes_verified, enospc, leaked_blocks.
 * Exit status 0 only when nothing was lost or left over.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXFILES 16
#define IOMAX (64 * 1024)

struct tfile {
	char path[256];
	int fd;			/* -1: closed */
	unsigned char *data;	/* what the file must hold */
	size_t len;
};

static uint64_t rng;
static int proc, enospc_ok, selftest;
static long opno;
static const char *opname = "start";
static size_t maxlen;
static struct tfile files[MAXFILES];
static int nfiles;
static unsigned char iobuf[IOMAX];
static long long nwritten, nverified, nenospc;

static uint64_t next(void)
{
	/* xorshift64*: small, fast, and the same everywhere */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ULL;
}

static size_t below(size_t n)
{
	return n ? next() % n : 0;
}

static void fail(struct tfile *f, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "torture: process %d, operation %ld (%s)%s%s: ",
		proc, opno, opname, f ? " on " : "", f ? f->path : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* ENOSPC is allowed with -e; anything else is a failure. */
static int tolerated(struct tfile *f, const char *what)
{
	if (errno == ENOSPC && enospc_ok) {
		nenospc++;
		return 1;
	}
	fail(f, "%s: %s", what, strerror(errno));
	return 0;
}

static void open_file(struct tfile *f)
{
	if (f->fd >= 0)
		return;
	f->fd = open(f->path, O_RDWR | O_CREAT, 0644);
	if (f->fd < 0)
		tolerated(f, "open");
}

static void close_file(struct tfile *f)
{
	if (f->fd >= 0 && close(f->fd))
		fail(f, "close: %s", strerror(errno));
	f->fd = -1;
}

/* Make room in the copy for [0, end), zero-filling a new gap (a hole). */
static void grow(struct tfile *f, size_t end)
{
	if (end <= f->len)
		return;
	memset(f->data + f->len, 0, end - f->len);
	f->len = end;
}

static void pwrite_(struct tfile *f, size_t off, size_t n)
{
	size_t i;
	ssize_t r;

	open_file(f);
	if (f->fd < 0)
		return;
	for (i = 0; i < n; i++)
		iobuf[i] = next() >> 56;
	r = pwrite(f->fd, iobuf, n, off);
	if (r < 0) {
		tolerated(f, "pwrite");
		return;
	}
	if ((size_t)r < n && !enospc_ok)
		fail(f, "short write: %zd of %zu bytes at %zu", r, n, off);
	if ((size_t)r < n)
		nenospc++;
	if (r > 0) {
		grow(f, off + r);
		memcpy(f->data + off, iobuf, r);
		nwritten += r;
	}
}

static void verify(struct tfile *f)
{
	int fd = open(f->path, O_RDONLY);
	struct stat st;
	size_t off = 0, i;
	ssize_t r;

	if (fd < 0) {
		if (errno == ENOENT && f->len == 0 && f->fd < 0)
			return;	/* never created, or unlinked */
		fail(f, "open to verify: %s", strerror(errno));
	}
	if (fstat(fd, &st))
		fail(f, "fstat: %s", strerror(errno));
	if ((size_t)st.st_size != f->len)
		fail(f, "size is %lld, should be %zu", (long long)st.st_size, f->len);
	while (off < f->len) {
		r = pread(fd, iobuf, IOMAX, off);
		if (r <= 0)
			fail(f, "read at %zu: %s", off, r ? strerror(errno) : "early end of file");
		for (i = 0; i < (size_t)r; i++)
			if (iobuf[i] != f->data[off + i])
				fail(f, "byte %zu is 0x%02x, should be 0x%02x", off + i,
				     iobuf[i], f->data[off + i]);
		off += r;
	}
	nverified += f->len;
	close(fd);
}

static void truncate_(struct tfile *f)
{
	size_t off = below(f->len + IOMAX / 2);

	opname = "truncate";
	if (off > maxlen)
		off = f->len / 2;
	open_file(f);
	if (f->fd < 0)
		return;
	if (ftruncate(f->fd, off)) {
		tolerated(f, "ftruncate");
		return;
	}
	if (off < f->len)
		f->len = off;
	else
		grow(f, off);
}

static void one_op(struct tfile *f)
{
	size_t n = 1 + below(IOMAX), off;
	unsigned int dice = below(100);

	if (dice < 35) {		/* append, in any size */
		opname = "append";
		if (dice < 10)
			n = 1 + below(200);	/* small and unaligned */
		if (f->len + n > maxlen)
			truncate_(f);
		else
			pwrite_(f, f->len, n);
	} else if (dice < 55) {		/* overwrite, maybe past the end */
		opname = "overwrite";
		off = below(f->len + IOMAX);
		if (off + n > maxlen)
			truncate_(f);
		else
			pwrite_(f, off, n);
	} else if (dice < 65) {		/* truncate down or up */
		truncate_(f);
	} else if (dice < 70) {		/* unlink, open or not */
		opname = "unlink";
		if (unlink(f->path) && errno != ENOENT)
			fail(f, "unlink: %s", strerror(errno));
		close_file(f);
		f->len = 0;
	} else if (dice < 80) {		/* close and open again */
		opname = "reopen";
		close_file(f);
		open_file(f);
	} else if (dice < 86) {
		opname = "fsync";
		if (f->fd >= 0 && fsync(f->fd))
			tolerated(f, "fsync");
	} else {
		opname = "verify";
		verify(f);
	}
}

static int child(const char *dir, uint64_t seed, long ops, int wait_fd, int done_fd)
{
	char c;
	int i;

	rng = seed ^ (0x9e3779b97f4a7c15ULL * (proc + 1));
	if (!rng)
		rng = 1;
	for (i = 0; i < nfiles; i++) {
		snprintf(files[i].path, sizeof(files[i].path), "%s/t%02d.%d", dir, proc, i);
		files[i].fd = -1;
		files[i].len = 0;
		files[i].data = malloc(maxlen + IOMAX);
		if (!files[i].data)
			fail(NULL, "out of memory for %zu bytes", maxlen);
		if (unlink(files[i].path) && errno != ENOENT)
			fail(&files[i], "unlink: %s", strerror(errno));
	}
	for (opno = 0; opno < ops; opno++)
		one_op(&files[below(nfiles)]);
	opname = "close all";
	for (i = 0; i < nfiles; i++)
		close_file(&files[i]);
	/* Tell the parent, then wait until it has dropped the page cache. */
	if (write(done_fd, "x", 1) != 1 || read(wait_fd, &c, 1) < 0)
		fail(NULL, "barrier: %s", strerror(errno));
	if (selftest && proc == 0)
		for (i = 0; i < nfiles; i++)
			if (files[i].len) {
				files[i].data[files[i].len / 2] ^= 0x5a;
				break;
			}
	opname = "final verify";
	for (i = 0; i < nfiles; i++)
		verify(&files[i]);
	printf("torture: process %d: %lld bytes written, %lld verified, %lld ENOSPC\n",
	       proc, nwritten, nverified, nenospc);
	fflush(stdout);
	opname = "remove";
	for (i = 0; i < nfiles; i++)
		if (unlink(files[i].path) && errno != ENOENT)
			fail(&files[i], "unlink: %s", strerror(errno));
	/* The parent adds these up from the pipe. */
	dprintf(done_fd, "%lld %lld %lld\n", nwritten, nverified, nenospc);
	return 0;
}

static long long free_blocks(const char *dir, long long *bsize)
{
	struct statfs s;

	if (statfs(dir, &s)) {
		perror("torture: statfs");
		exit(2);
	}
	*bsize = s.f_bsize;
	return s.f_bfree;
}

static long long dir_blocks(const char *dir)
{
	struct stat st;

	return stat(dir, &st) ? 0 : st.st_blocks;
}

static void drop_caches(void)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

	sync();
	if (fd >= 0) {
		if (write(fd, "3", 1) != 1)
			perror("torture: drop_caches");
		close(fd);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: torture [-s SEED] [-p PROCS] [-n OPS] [-f FILES] [-m MAXKIB] [-e] [-X] DIR\n"
		"  PROCS 1..256, FILES 1..%d per process, OPS per process, MAXKIB per file\n", MAXFILES);
	exit(2);
}

int main(int argc, char **argv)
{
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16);
	int procs = 8, opt, i, status, bad = 0, go[2], done[2];
	long ops = 1000;
	long long bsize, free0, free1, dir0, leaked, sum[3] = { 0, 0, 0 }, a, b, c;
	const char *dir;
	FILE *in;
	char ch;

	nfiles = 4;
	maxlen = 1024 * 1024;
	while ((opt = getopt(argc, argv, "s:p:n:f:m:eX")) != -1) {
		switch (opt) {
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'p': procs = atoi(optarg); break;
		case 'n': ops = atol(optarg); break;
		case 'f': nfiles = atoi(optarg); break;
		case 'm': maxlen = (size_t)atol(optarg) * 1024; break;
		case 'e': enospc_ok = 1; break;
		case 'X': selftest = 1; break;
		default: usage();
		}
	}
	if (optind != argc - 1 || procs < 1 || procs > 256 || nfiles < 1 ||
	    nfiles > MAXFILES || ops < 0 || maxlen < IOMAX)
		usage();
	dir = argv[optind];
	printf("torture: seed=%llu procs=%d ops=%ld files=%d maxkib=%zu%s dir=%s\n",
	       (unsigned long long)seed, procs, ops, nfiles, maxlen / 1024,
	       enospc_ok ? " enospc=expected" : "", dir);
	printf("torture: replay with: torture -s %llu -p %d -n %ld -f %d -m %zu%s %s\n",
	       (unsigned long long)seed, procs, ops, nfiles, maxlen / 1024,
	       enospc_ok ? " -e" : "", dir);
	fflush(stdout);
	free0 = free_blocks(dir, &bsize);
	dir0 = dir_blocks(dir);
	if (pipe(go) || pipe(done)) {
		perror("torture: pipe");
		return 2;
	}
	for (i = 0; i < procs; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("torture: fork");
			return 2;
		}
		if (!pid) {
			proc = i;
			close(go[1]);
			close(done[0]);
			_exit(child(dir, seed, ops, go[0], done[1]));
		}
	}
	close(go[0]);
	close(done[1]);
	/* Every process has closed its files: drop the cache, let them verify. */
	for (i = 0; i < procs; i++)
		if (read(done[0], &ch, 1) != 1)
			break;	/* a process failed: its status says why */
	drop_caches();
	close(go[1]);
	in = fdopen(done[0], "r");
	while (in && fscanf(in, "%lld %lld %lld", &a, &b, &c) == 3) {
		sum[0] += a;
		sum[1] += b;
		sum[2] += c;
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			bad++;
	sync();
	free1 = free_blocks(dir, &bsize);
	/* Directory blocks stay allocated after their entries are removed. */
	leaked = free0 - free1 - (dir_blocks(dir) - dir0) * 512 / bsize;
	printf("ops=%lld\nbytes_written=%lld\nbytes_verified=%lld\nenospc=%lld\nleaked_blocks=%lld\nfailed_procs=%d\n",
	       (long long)procs * ops, sum[0], sum[1], sum[2], leaked, bad);
	if (bad)
		fprintf(stderr, "torture: %d process(es) failed; replay with seed %llu\n",
			bad, (unsigned long long)seed);
	if (leaked)
		fprintf(stderr, "torture: %lld blocks did not come back after every file was removed\n",
			leaked);
	return bad || leaked ? 1 : 0;
}
