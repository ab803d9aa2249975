// SPDX-License-Identifier: GPL-2.0
/*
 * rsvrace - race the ways into ext2's block allocator against each other,
 * on the same files, the way an ordinary user can.
 *
 *   rsvrace flip [-t SECONDS] [-n FILES] [-u UID] [-S] DIR
 *	For each of FILES files (default 4) in DIR, three threads for
 *	SECONDS seconds (default 30): one flips the file's window size
 *	between 0 and 8 with EXT2_IOC_SETRSVSZ, one sets and removes a
 *	user xattr (every set allocates an xattr block: through the file's
 *	window on Linux 6.1, without it from chapter 2 on and since 6.6),
 *	one appends 4 KiB blocks (truncating back to 0 at 4 MiB). With -u
 *	the files are given to UID and the threads run as UID: no privilege
 *	is needed. At the end every file's data is read back and checked.
 *	-S leaves the size alone (no flipping thread): the xattr and append
 *	race on its own. -W is -S with the data written back rather than
 *	appended: the file is a 4 MiB hole mapped with mmap, the writer
 *	fills its pages in order and msync()s every 16, so that the blocks
 *	are allocated by writeback (ext2_writepages), the race of the
 *	upstream report that led to the 6.6 fix.
 *
 *   rsvrace keep DIR
 *	One file, DIR/keep, held open: 64 blocks appended, then an xattr
 *	set and removed four times (each set allocates an xattr block),
 *	then 64 more blocks; then DIR/plain, the same without xattrs. The
 *	tests stop it with gdb at an xattr block's allocation and compare
 *	the file's window before and after, and the two files' layouts.
 *
 *   rsvrace close [-n FILES] DIR
 *	For each of FILES files (default 400), two threads open the same
 *	file for writing, each appends a block (the file gets a window),
 *	then both close it at the same moment. Afterwards no file is open,
 *	so no window should be left: the tests count them with gdb.
 *
 * A kernel that hangs cannot report anything: the guest's soft-lockup
 * watchdog and the host's timeout catch that. Exit status: 0 when every
 * operation behaved and every byte read back is right, 1 otherwise, 2 on
 * bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#define EXT2_IOC_SETRSVSZ _IOW('f', 6, long)
#define BLOCK 4096
#define WRAP_BLOCKS 1024	/* truncate back to 0 at 4 MiB */
#define MAX_FILES 64

struct racer {
	int idx;
	int fd;
	char path[256];
	long ioctls, refused, xattrs, blocks, truncates;
	int ioctl_errno, xattr_errno;	/* the last refusal, the xattr error */
	int failed;
};

static volatile int stop;
static int no_flips;
static int writeback;	/* -W: write the data through mmap, allocate at writeback */

static void fill(unsigned char *buf, int idx, long blk)
{
	/* every block says which file and which block it is */
	memset(buf, (int)((idx * 31 + blk) & 0xff), BLOCK);
	memcpy(buf, &blk, sizeof(blk));
}

/*
 * A kernel without the ioctl answers ENOTTY; with windows turned off by a
 * remount, chapters 3-6 answer EOPNOTSUPP and mainline ENOTTY. Refusals
 * are counted and the flips go on, a millisecond after each refusal (a
 * remount may turn windows back on), unless none of the first 1000 calls
 * (a second or more) was accepted.
 */
static void *flipper(void *arg)
{
	struct racer *r = arg;
	int size;

	for (size = 0; !stop; size = size ? 0 : 8) {
		if (ioctl(r->fd, EXT2_IOC_SETRSVSZ, &size) == 0) {
			r->ioctls++;
			continue;
		}
		r->ioctl_errno = errno;
		if (errno != ENOTTY && errno != EOPNOTSUPP) {
			fprintf(stderr, "rsvrace: %s: SETRSVSZ: %s\n", r->path,
				strerror(errno));
			r->failed = 1;
			return NULL;
		}
		if (++r->refused >= 1000 && !r->ioctls)
			return NULL;	/* no window ioctls on this kernel */
		usleep(1000);
	}
	return NULL;
}

static void *xattrs(void *arg)
{
	struct racer *r = arg;
	char value[64];

	while (!stop) {
		/* a value of its own, so no other file's block can be shared */
		snprintf(value, sizeof(value), "file %d set %ld", r->idx, r->xattrs);
		if (fsetxattr(r->fd, "user.rsvrace", value, sizeof(value), 0) < 0 ||
		    fremovexattr(r->fd, "user.rsvrace") < 0) {
			r->xattr_errno = errno;
			return NULL;
		}
		r->xattrs++;
	}
	return NULL;
}

static void *appender(void *arg)
{
	struct racer *r = arg;
	unsigned char buf[BLOCK];
	long blk = 0;

	while (!stop) {
		if (blk == WRAP_BLOCKS) {
			if (ftruncate(r->fd, 0) < 0) {
				perror("rsvrace: ftruncate");
				r->failed = 1;
				return NULL;
			}
			r->truncates++;
			blk = 0;
		}
		fill(buf, r->idx, blk);
		if (pwrite(r->fd, buf, BLOCK, blk * BLOCK) != BLOCK) {
			fprintf(stderr, "rsvrace: %s: write: %s\n", r->path, strerror(errno));
			r->failed = 1;
			return NULL;
		}
		blk++;
		r->blocks++;
	}
	return NULL;
}

/*
 * -W: the data thread of a writeback race. The file is a hole of
 * WRAP_BLOCKS blocks, mapped; each page is filled in order and every 16
 * pages are written back with msync(), which allocates their blocks
 * (ext2 allocates a mapped page's block when it writes it back). At the
 * end of the hole the file is cut back to nothing and made a hole again.
 * On stop the file is cut to the blocks written since, for verify().
 */
static void *mapper(void *arg)
{
	struct racer *r = arg;
	size_t len = (size_t)WRAP_BLOCKS * BLOCK;
	unsigned char *map;
	long blk = 0, synced = 0;

	if (ftruncate(r->fd, len) < 0) {
		perror("rsvrace: ftruncate");
		r->failed = 1;
		return NULL;
	}
	map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, 0);
	if (map == MAP_FAILED) {
		perror("rsvrace: mmap");
		r->failed = 1;
		return NULL;
	}
	while (!stop) {
		if (blk == WRAP_BLOCKS) {
			if (ftruncate(r->fd, 0) < 0 || ftruncate(r->fd, len) < 0) {
				perror("rsvrace: ftruncate");
				r->failed = 1;
				break;
			}
			r->truncates++;
			blk = synced = 0;
		}
		fill(map + blk * BLOCK, r->idx, blk);
		blk++;
		r->blocks++;
		if (blk - synced == 16) {
			if (msync(map + synced * BLOCK, (blk - synced) * BLOCK, MS_SYNC) < 0) {
				fprintf(stderr, "rsvrace: %s: msync: %s\n", r->path, strerror(errno));
				r->failed = 1;
				break;
			}
			synced = blk;
		}
	}
	if (msync(map, len, MS_SYNC) < 0 || munmap(map, len) < 0 ||
	    ftruncate(r->fd, blk * BLOCK) < 0) {
		fprintf(stderr, "rsvrace: %s: %s\n", r->path, strerror(errno));
		r->failed = 1;
	}
	return NULL;
}

/* Read a file back: every block must be the one written there. */
static int verify(struct racer *r)
{
	unsigned char want[BLOCK], got[BLOCK];
	struct stat st;
	long blk, n;

	if (fstat(r->fd, &st) < 0 || st.st_size % BLOCK) {
		fprintf(stderr, "rsvrace: %s: size %lld is not whole blocks\n",
			r->path, (long long)st.st_size);
		return 1;
	}
	n = st.st_size / BLOCK;
	for (blk = 0; blk < n; blk++) {
		fill(want, r->idx, blk);
		if (pread(r->fd, got, BLOCK, blk * BLOCK) != BLOCK ||
		    memcmp(want, got, BLOCK)) {
			fprintf(stderr, "rsvrace: %s: block %ld reads back wrong\n",
				r->path, blk);
			return 1;
		}
	}
	return 0;
}

static int flip(const char *dir, int seconds, int nfiles, long uid)
{
	struct racer r[MAX_FILES];
	pthread_t th[MAX_FILES][3];
	void *(*fn[3])(void *) = { flipper, xattrs, writeback ? mapper : appender };
	long ioctls = 0, refused = 0, xattrs_set = 0, blocks = 0, truncates = 0;
	int i, j, bad = 0;

	memset(r, 0, sizeof(r));
	for (i = 0; i < nfiles; i++) {
		r[i].idx = i;
		snprintf(r[i].path, sizeof(r[i].path), "%s/race%d", dir, i);
		r[i].fd = open(r[i].path, O_RDWR | O_CREAT | O_TRUNC, 0644);
		if (r[i].fd < 0 || (uid >= 0 && fchown(r[i].fd, uid, uid) < 0)) {
			fprintf(stderr, "rsvrace: %s: %s\n", r[i].path, strerror(errno));
			return 1;
		}
	}
	if (uid >= 0 && (setgid(uid) < 0 || setuid(uid) < 0)) {
		perror("rsvrace: setuid");
		return 1;
	}
	for (i = 0; i < nfiles; i++)
		for (j = no_flips; j < 3; j++)
			if (pthread_create(&th[i][j], NULL, fn[j], &r[i])) {
				fprintf(stderr, "rsvrace: cannot start a thread\n");
				return 1;
			}
	sleep(seconds);
	stop = 1;
	for (i = 0; i < nfiles; i++) {
		for (j = no_flips; j < 3; j++)
			pthread_join(th[i][j], NULL);
		ioctls += r[i].ioctls;
		refused += r[i].refused;
		xattrs_set += r[i].xattrs;
		blocks += r[i].blocks;
		truncates += r[i].truncates;
		if (r[i].xattr_errno) {
			fprintf(stderr, "rsvrace: %s: xattr: %s\n", r[i].path,
				strerror(r[i].xattr_errno));
			bad = 1;
		}
		bad |= r[i].failed || verify(&r[i]);
		close(r[i].fd);
	}
	printf("# uid %ld, %d files, %d s: %ld SETRSVSZ flips, %ld xattr set+remove, %ld blocks %s, %ld truncates\n",
	       (long)getuid(), nfiles, seconds, ioctls, xattrs_set, blocks,
	       writeback ? "written back from a mapping" : "appended", truncates);
	if (refused)
		printf("# SETRSVSZ refused %ld times (last: %s)%s\n", refused,
		       strerror(r[0].ioctl_errno),
		       ioctls ? "" : ": no window ioctls on this kernel or mount");
	printf("# ops=%ld\n", ioctls + xattrs_set + blocks);
	if (!blocks || !xattrs_set) {
		fprintf(stderr, "rsvrace: nothing was done: the race did not run\n");
		bad = 1;
	}
	return bad;
}

/*
 * Two threads go through the files in step. Each opens file i for
 * writing and appends a block; both then wait for each other in a
 * spinning barrier (a futex wake-up would let one close long before the
 * other) and close at once.
 */
struct closer {
	const char *dir;
	int nfiles;
	int failed;
};

static atomic_long arrived;

static void spin_barrier(long *round)
{
	*round += 2;
	atomic_fetch_add(&arrived, 1);
	while (atomic_load(&arrived) < *round)
		;
}

static void *close_at_once(void *arg)
{
	struct closer *c = arg;
	unsigned char buf[BLOCK];
	char path[256];
	long round = 0;
	int i, fd;

	memset(buf, 'c', sizeof(buf));
	for (i = 0; i < c->nfiles; i++) {
		snprintf(path, sizeof(path), "%s/close%d", c->dir, i);
		fd = open(path, O_WRONLY | O_APPEND);
		if (fd < 0 || write(fd, buf, BLOCK) != BLOCK) {
			fprintf(stderr, "rsvrace: %s: %s\n", path, strerror(errno));
			c->failed = 1;
		}
		spin_barrier(&round);
		if (fd >= 0)
			close(fd);
		spin_barrier(&round);
	}
	return NULL;
}

static int closes(const char *dir, int nfiles)
{
	struct closer c[2];
	pthread_t th[2];
	char path[256];
	int i, j, fd;

	for (i = 0; i < nfiles; i++) {
		snprintf(path, sizeof(path), "%s/close%d", dir, i);
		fd = open(path, O_WRONLY | O_CREAT, 0644);
		if (fd < 0) {
			fprintf(stderr, "rsvrace: %s: %s\n", path, strerror(errno));
			return 1;
		}
		close(fd);
	}
	for (j = 0; j < 2; j++) {
		c[j].dir = dir;
		c[j].nfiles = nfiles;
		c[j].failed = 0;
		if (pthread_create(&th[j], NULL, close_at_once, &c[j])) {
			fprintf(stderr, "rsvrace: cannot start a thread\n");
			return 1;
		}
	}
	for (j = 0; j < 2; j++)
		pthread_join(th[j], NULL);
	printf("# %d files, each written by two writers that closed it at the same moment\n", nfiles);
	return c[0].failed || c[1].failed;
}

/*
 * keep: write DIR/NAME, 128 blocks through one open file, with XATTRS
 * xattr blocks set and removed after its first 64 blocks.
 */
static int keep_file(const char *dir, const char *name, int nxattrs)
{
	unsigned char buf[BLOCK];
	char path[256];
	long blk;
	int fd, i;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		fprintf(stderr, "rsvrace: %s: %s\n", path, strerror(errno));
		return 1;
	}
	for (blk = 0; blk < 128; blk++) {
		for (i = 0; blk == 64 && i < nxattrs; i++)
			if (fsetxattr(fd, "user.keep", "window", 6, 0) < 0 ||
			    fremovexattr(fd, "user.keep") < 0) {
				fprintf(stderr, "rsvrace: %s: xattr: %s\n", path,
					strerror(errno));
				return 1;
			}
		fill(buf, 0, blk);
		if (write(fd, buf, BLOCK) != BLOCK) {
			fprintf(stderr, "rsvrace: %s: write: %s\n", path, strerror(errno));
			return 1;
		}
	}
	if (fsync(fd) < 0 || close(fd) < 0) {
		fprintf(stderr, "rsvrace: %s: %s\n", path, strerror(errno));
		return 1;
	}
	printf("# %s: 64 blocks, %d xattr blocks set and removed, 64 blocks, held open throughout\n",
	       path, nxattrs);
	return 0;
}

/* keep: see the top of the file. */
static int keep(const char *dir)
{
	return keep_file(dir, "keep", 4) || keep_file(dir, "plain", 0);
}

int main(int argc, char **argv)
{
	int opt, seconds = 30, nfiles = -1;
	long uid = -1;
	const char *mode = argc > 1 ? argv[1] : "";

	optind = 2;
	while ((opt = getopt(argc, argv, "t:n:u:SW")) != -1) {
		switch (opt) {
		case 'S': no_flips = 1; break;
		case 'W': no_flips = 1; writeback = 1; break;
		case 't': seconds = atoi(optarg); break;
		case 'n': nfiles = atoi(optarg); break;
		case 'u': uid = atol(optarg); break;
		default: goto usage;
		}
	}
	if (optind != argc - 1 || seconds < 1)
		goto usage;
	if (!strcmp(mode, "flip")) {
		if (nfiles < 0)
			nfiles = 4;
		if (nfiles < 1 || nfiles > MAX_FILES)
			goto usage;
		return flip(argv[optind], seconds, nfiles, uid);
	}
	if (!strcmp(mode, "keep"))
		return keep(argv[optind]);
	if (!strcmp(mode, "close")) {
		if (nfiles < 0)
			nfiles = 400;
		if (nfiles < 1)
			goto usage;
		return closes(argv[optind], nfiles);
	}
usage:
	fprintf(stderr, "usage: rsvrace flip [-t SECONDS] [-n FILES (1-%d)] [-u UID] [-S|-W] DIR\n"
			"       rsvrace close [-n FILES] DIR\n"
			"       rsvrace keep DIR\n", MAX_FILES);
	return 2;
}
