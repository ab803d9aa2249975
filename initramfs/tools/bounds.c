// SPDX-License-Identifier: GPL-2.0
/*
 * bounds - write a sparse file across every boundary of ext2's block map
 * (direct, indirect, double- and triple-indirect), check it, then cut it
 * down boundary by boundary.
 *
 *   bounds DIR
 *
 * ext2 maps a file's blocks through 12 direct pointers, then one indirect
 * block, one double-indirect and one triple-indirect block, each holding
 * P = blocksize / 4 pointers. bounds writes runs of 16 blocks centred on
 * logical blocks 0, 12, 12+P, 12+P+P^2 (the first triple-indirect block),
 * and two further points inside the triple-indirect range; each block holds
 * its own number. Then it checks:
 *   - every block reads back (after fsync and a dropped page cache), and
 *     the holes between runs read as zeros;
 *   - st_blocks counts exactly the data blocks plus the indirect blocks
 *     that map them;
 *   - after each truncate down to the start of a run, from the last run to
 *     the first, the remaining blocks are intact and st_blocks shrinks to
 *     the same count for what is left (no indirect block leaks);
 *   - at size 0 the file holds no block, and the free block count is what
 *     it was before the file was created.
 * Prints one line per step; exit status 0 when everything held.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#define RUN 16
#define NPOINTS 6
#define ALL (1LL << 62)		/* "below" for the whole file */

static long long bs, ppb, nset, set[NPOINTS * RUN];
static unsigned char *buf;
static int fd, failed;
static char path[512];

static void bad(const char *what, long long b)
{
	printf("FAIL: %s (block %lld)\n", what, b);
	failed = 1;
}

static void fill(long long b)
{
	long long i;

	for (i = 0; i < bs / 8; i++)
		((uint64_t *)buf)[i] = (uint64_t)b * 0x100000001ULL + i;
}

static int in_set(long long b, long long below)
{
	long long i;

	for (i = 0; i < nset; i++)
		if (set[i] == b && b < below)
			return 1;
	return 0;
}

/*
 * The indirect blocks that map the set's blocks below 'below': each named by
 * (level, index), counted once. Level 1: the indirect block; 2, 3: the
 * double-indirect block and its leaves; 4, 5, 6: the triple-indirect block,
 * its level-2 blocks and its leaves.
 */
static long long meta_blocks(long long below)
{
	long long base2 = 12 + ppb, base3 = base2 + ppb * ppb;
	long long keys[NPOINTS * RUN * 3][2], nkeys = 0, i, k, b;
	long long want[3][2];
	int n, j;

	for (i = 0; i < nset && set[i] < below; i++) {
		b = set[i];
		n = 0;
		if (b >= base3) {
			want[n][0] = 4, want[n++][1] = 0;
			want[n][0] = 5, want[n++][1] = (b - base3) / (ppb * ppb);
			want[n][0] = 6, want[n++][1] = (b - base3) / ppb;
		} else if (b >= base2) {
			want[n][0] = 2, want[n++][1] = 0;
			want[n][0] = 3, want[n++][1] = (b - base2) / ppb;
		} else if (b >= 12) {
			want[n][0] = 1, want[n++][1] = 0;
		}
		for (j = 0; j < n; j++) {
			for (k = 0; k < nkeys; k++)
				if (keys[k][0] == want[j][0] && keys[k][1] == want[j][1])
					break;
			if (k == nkeys) {
				keys[nkeys][0] = want[j][0];
				keys[nkeys++][1] = want[j][1];
			}
		}
	}
	return nkeys;
}

static void check_blocks(long long below, const char *when)
{
	struct stat st;
	long long i, want;

	if (fstat(fd, &st)) {
		perror("bounds: fstat");
		exit(2);
	}
	want = 0;
	for (i = 0; i < nset; i++)
		want += set[i] < below;
	want += meta_blocks(below);
	if (st.st_blocks != want * (bs / 512)) {
		printf("FAIL: %s: st_blocks is %lld (%lld blocks), should be %lld blocks\n",
		       when, (long long)st.st_blocks, (long long)st.st_blocks / (bs / 512), want);
		failed = 1;
	} else {
		printf("ok: %s: %lld blocks allocated, data and indirect, as expected\n", when, want);
	}
}

static void check_data(long long below, const char *when)
{
	unsigned char *got = malloc(bs);
	long long i, b, errors = 0;
	ssize_t r;

	for (i = 0; i < nset; i++) {
		/* each block of the set, and the block just after it */
		for (b = set[i]; b <= set[i] + 1; b++) {
			if (b >= below)
				break;
			r = pread(fd, got, bs, b * bs);
			if (in_set(b, below)) {
				fill(b);
				if (r != bs || memcmp(got, buf, bs))
					errors++, bad("a written block does not read back", b);
			} else if (r > 0) {
				memset(buf, 0, bs);
				if (memcmp(got, buf, r))
					errors++, bad("a hole does not read as zeros", b);
			}
		}
	}
	if (!errors && below == ALL)
		printf("ok: %s: every block reads back, holes read as zeros\n", when);
	else if (!errors)
		printf("ok: %s: every block below block %lld reads back, holes read as zeros\n",
		       when, below);
	free(got);
}

static void drop_caches(void)
{
	int d = open("/proc/sys/vm/drop_caches", O_WRONLY);

	fsync(fd);
	sync();
	if (d >= 0) {
		if (write(d, "3", 1) != 1)
			perror("bounds: drop_caches");
		close(d);
	}
}

static int cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	struct statfs sf;
	long long points[NPOINTS], free0, i, b, p;
	char when[128];

	if (argc != 2) {
		fprintf(stderr, "usage: bounds DIR\n");
		return 2;
	}
	if (statfs(argv[1], &sf)) {
		perror("bounds: statfs");
		return 2;
	}
	bs = sf.f_bsize;
	ppb = bs / 4;
	free0 = sf.f_bfree;
	points[0] = 0;
	points[1] = 12;				/* first indirect block */
	points[2] = 12 + ppb;			/* first double-indirect block */
	points[3] = 12 + ppb + ppb * ppb;	/* first triple-indirect block */
	points[4] = points[3] + ppb;		/* second triple-indirect leaf */
	points[5] = points[3] + ppb * ppb;	/* second level-2 block */
	for (p = 0; p < NPOINTS; p++)
		for (b = points[p] - RUN / 2; b < points[p] + RUN / 2; b++)
			if (b >= 0 && !in_set(b, ALL))
				set[nset++] = b;
	qsort(set, nset, sizeof(set[0]), cmp);
	buf = malloc(bs);
	snprintf(path, sizeof(path), "%s/bounds", argv[1]);
	unlink(path);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || !buf) {
		perror("bounds: open");
		return 2;
	}
	printf("bounds: %lld-byte blocks, %lld pointers per indirect block, %lld blocks in %d runs, last block %lld\n",
	       bs, ppb, nset, NPOINTS, set[nset - 1]);
	for (i = 0; i < nset; i++) {
		fill(set[i]);
		if (pwrite(fd, buf, bs, set[i] * bs) != bs) {
			printf("FAIL: writing block %lld: %s\n", set[i], strerror(errno));
			return 1;
		}
	}
	drop_caches();
	check_data(ALL, "written");
	check_blocks(ALL, "written");
	/* Cut down to the start of each run, the last run first. */
	for (p = NPOINTS - 1; p >= 0; p--) {
		b = points[p] - RUN / 2 < 0 ? 0 : points[p] - RUN / 2;
		if (ftruncate(fd, b * bs)) {
			printf("FAIL: truncate to block %lld: %s\n", b, strerror(errno));
			return 1;
		}
		drop_caches();
		snprintf(when, sizeof(when), "truncated to block %lld", b);
		check_data(b, when);
		check_blocks(b, when);
	}
	close(fd);
	unlink(path);
	sync();
	statfs(argv[1], &sf);
	if ((long long)sf.f_bfree != free0) {
		printf("FAIL: %lld blocks free after removing the file, %lld before\n",
		       (long long)sf.f_bfree, free0);
		failed = 1;
	} else {
		printf("ok: every block came back (%lld free)\n", free0);
	}
	return failed;
}
