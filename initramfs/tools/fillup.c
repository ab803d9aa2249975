// SPDX-License-Identifier: GPL-2.0
/*
 * fillup - fill a file system through many files open at once, and tell
 * whether any write failed with ENOSPC while free blocks remained.
 *
 *   fillup DIR N
 *
 * Opens DIR/fill00 .. DIR/fill<N-1>, then appends one 4 KiB block to each
 * in turn, round after round, until every file has had a write refused
 * with ENOSPC. At the first refusal it asks statfs() how many blocks were
 * still free: with reservation windows and no fallback, the answer is not
 * zero (free blocks hidden inside other files' windows). All files stay
 * open until the end; then every byte written is read back and checked.
 * Prints key=value lines for the tests:
 *   first_enospc_free=F  free blocks (statfs f_bfree) at the first ENOSPC
 *   full_free=F          free blocks once every file had its ENOSPC
 *   closed_free=F        free blocks after every file was closed
 *   written_blocks=W     blocks written in all
 *   lost=L               files whose contents did not read back
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <unistd.h>

#define BLK 4096

static void fill(unsigned char *buf, int file, long block)
{
	for (int i = 0; i < BLK; i++)
		buf[i] = (unsigned char)(file * 7 + block * 13 + i);
}

static long free_blocks(const char *dir)
{
	struct statfs st;

	if (statfs(dir, &st))
		return -1;
	return (long)(st.f_bfree * st.f_bsize / BLK);
}

int main(int argc, char **argv)
{
	unsigned char buf[BLK], got[BLK];
	long first_free = -1, written = 0, full_free, *blocks;
	int n, *fd, *full, nfull = 0, lost = 0;
	const char *dir;
	char path[4096];

	if (argc != 3 || (n = atoi(argv[2])) < 1 || n > 1000) {
		fprintf(stderr, "usage: fillup DIR N (1 <= N <= 1000)\n");
		return 2;
	}
	dir = argv[1];
	fd = calloc(n, sizeof(*fd));
	full = calloc(n, sizeof(*full));
	blocks = calloc(n, sizeof(*blocks));
	if (!fd || !full || !blocks)
		return 1;
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/fill%02d", dir, i);
		fd[i] = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
		if (fd[i] < 0) {
			fprintf(stderr, "fillup: %s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	while (nfull < n) {
		for (int i = 0; i < n; i++) {
			if (full[i])
				continue;
			fill(buf, i, blocks[i]);
			ssize_t r = write(fd[i], buf, BLK);

			if (r == BLK) {
				blocks[i]++;
				written++;
				continue;
			}
			if (r >= 0 || errno != ENOSPC) {
				fprintf(stderr, "fillup: fill%02d: short write or error: %s\n",
					i, r < 0 ? strerror(errno) : "short");
				return 1;
			}
			if (first_free < 0) {
				first_free = free_blocks(dir);
				printf("fillup: first ENOSPC on fill%02d after %ld blocks, "
				       "%ld blocks still free\n", i, written, first_free);
			}
			full[i] = 1;
			nfull++;
			/* A partial block may have gone in: keep whole blocks only. */
			if (ftruncate(fd[i], blocks[i] * BLK))
				return 1;
		}
	}
	full_free = free_blocks(dir);
	for (int i = 0; i < n; i++) {
		long b;

		for (b = 0; b < blocks[i]; b++) {
			fill(buf, i, b);
			if (pread(fd[i], got, BLK, b * BLK) != BLK || memcmp(buf, got, BLK))
				break;
		}
		if (b < blocks[i]) {
			fprintf(stderr, "fillup: fill%02d: block %ld did not read back\n", i, b);
			lost++;
		}
		close(fd[i]);
	}
	printf("first_enospc_free=%ld\nfull_free=%ld\nclosed_free=%ld\n"
	       "written_blocks=%ld\nlost=%d\n", first_free, full_free,
	       free_blocks(dir), written, lost);
	return lost ? 1 : 0;
}
