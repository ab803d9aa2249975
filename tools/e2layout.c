// SPDX-License-Identifier: GPL-2.0
/*
 * e2layout - where did each file's blocks land? Read an ext2/ext4 image
 * with libext2fs (read-only) and report, for every regular file in one
 * directory, its data blocks as extents: runs of blocks that are
 * contiguous both logically and physically.
 *
 *   e2layout IMAGE [DIR]          per-file table, then a summary
 *   e2layout -s IMAGE [DIR]       summary only
 *   e2layout -l IMAGE [DIR]       one line per file: ino name blocks extents
 *                                 first_phys last_phys (for scripts)
 *   e2layout -k IMAGE [DIR]       the summary as key=value lines (for scripts)
 *   e2layout -m FIRST:COUNT:WIDTH IMAGE [DIR]
 *                                 a block map: physical blocks FIRST to
 *                                 FIRST+COUNT-1, WIDTH per line, each the
 *                                 number of the file that owns it (in
 *                                 directory order, from 1), 0 for anything
 *                                 else: free space, metadata, other files.
 *                                 gnuplot draws it ('matrix with image').
 *
 * The layout score is the fraction of data blocks, after the first of each
 * file, that sit right after their logical predecessor: 1.0 is perfect.
 */
#include <ext2fs/ext2fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct file_stat {
	blk64_t blocks, extents, follow;	/* follow: block = prev + 1 */
	blk64_t first, last;			/* physical, of lowest/highest logical */
	e2_blkcnt_t prev_log, last_log;
	blk64_t prev_phys;
	int idx;				/* the file's number, for -m */
};

/* -m: the window of physical blocks being mapped, and who owns each. */
static blk64_t map_first, map_count;
static int *map_owner;

static int count_block(ext2_filsys fs, blk64_t *blocknr, e2_blkcnt_t blockcnt,
		       blk64_t ref_blk, int ref_offset, void *priv)
{
	struct file_stat *st = priv;

	(void)fs; (void)ref_blk; (void)ref_offset;
	if (blockcnt < 0)	/* indirect blocks: metadata, not data */
		return 0;
	if (map_owner && *blocknr >= map_first && *blocknr - map_first < map_count)
		map_owner[*blocknr - map_first] = st->idx;
	if (st->blocks == 0) {
		st->extents = 1;
		st->first = *blocknr;
	} else if (blockcnt == st->prev_log + 1 && *blocknr == st->prev_phys + 1) {
		st->follow++;
	} else {
		st->extents++;
	}
	st->blocks++;
	st->prev_log = blockcnt;
	st->prev_phys = *blocknr;
	if (blockcnt >= st->last_log) {
		st->last_log = blockcnt;
		st->last = *blocknr;
	}
	return 0;
}

struct walk {
	ext2_filsys fs;
	int mode;	/* 0 table, 1 summary, 2 lines, 3 key=value summary, 4 map */
	long files;
	blk64_t blocks, extents, follow, max_extents;
};

static int visit(struct ext2_dir_entry *de, int offset, int blocksize,
		 char *buf, void *priv)
{
	struct walk *w = priv;
	struct ext2_inode inode;
	struct file_stat st;
	char name[256];
	int len = ext2fs_dirent_name_len(de);
	errcode_t err;

	(void)offset; (void)blocksize; (void)buf;
	memcpy(name, de->name, len);
	name[len] = 0;
	if (ext2fs_read_inode(w->fs, de->inode, &inode) || !LINUX_S_ISREG(inode.i_mode))
		return 0;
	memset(&st, 0, sizeof(st));
	st.idx = w->files + 1;
	err = ext2fs_block_iterate3(w->fs, de->inode, BLOCK_FLAG_READ_ONLY, NULL,
				    count_block, &st);
	if (err) {
		fprintf(stderr, "e2layout: %s: %s\n", name, error_message(err));
		return DIRENT_ABORT;
	}
	if (st.blocks == 0)
		return 0;
	w->files++;
	w->blocks += st.blocks;
	w->extents += st.extents;
	w->follow += st.follow;
	if (st.extents > w->max_extents)
		w->max_extents = st.extents;
	if (w->mode == 0)
		printf("%8u  %-12s %9llu %8llu %10llu %10llu\n", de->inode, name,
		       (unsigned long long)st.blocks, (unsigned long long)st.extents,
		       (unsigned long long)st.first, (unsigned long long)st.last);
	else if (w->mode == 2)
		printf("%u %s %llu %llu %llu %llu\n", de->inode, name,
		       (unsigned long long)st.blocks, (unsigned long long)st.extents,
		       (unsigned long long)st.first, (unsigned long long)st.last);
	return 0;
}

int main(int argc, char **argv)
{
	struct walk w = { .mode = 0 };
	const char *dir = "/";
	ext2_ino_t ino;
	errcode_t err;
	unsigned long long first, count, width = 0;
	int opt;

	while ((opt = getopt(argc, argv, "slkm:")) != -1) {
		w.mode = opt == 's' ? 1 : opt == 'l' ? 2 : opt == 'k' ? 3 : opt == 'm' ? 4 : -1;
		if (opt == 'm' && (sscanf(optarg, "%llu:%llu:%llu", &first, &count, &width) != 3 ||
				   !count || !width || count > (1ULL << 24)))
			w.mode = -1;
	}
	if (w.mode < 0 || optind >= argc) {
		fprintf(stderr, "usage: e2layout [-s|-l|-k|-m FIRST:COUNT:WIDTH] IMAGE [DIR]\n");
		return 2;
	}
	if (w.mode == 4) {
		map_first = first;
		map_count = count;
		map_owner = calloc(count, sizeof(*map_owner));
		if (!map_owner)
			return 1;
	}
	if (optind + 1 < argc)
		dir = argv[optind + 1];
	add_error_table(&et_ext2_error_table);
	err = ext2fs_open(argv[optind], EXT2_FLAG_64BITS, 0, 0, unix_io_manager, &w.fs);
	if (err) {
		fprintf(stderr, "e2layout: %s: %s\n", argv[optind], error_message(err));
		return 1;
	}
	err = ext2fs_namei(w.fs, EXT2_ROOT_INO, EXT2_ROOT_INO, dir, &ino);
	if (err) {
		fprintf(stderr, "e2layout: %s: %s\n", dir, error_message(err));
		return 1;
	}
	if (w.mode == 0)
		printf("%8s  %-12s %9s %8s %10s %10s\n", "inode", "file", "blocks",
		       "extents", "first", "last");
	err = ext2fs_dir_iterate(w.fs, ino, 0, NULL, visit, &w);
	ext2fs_close_free(&w.fs);
	if (err) {
		fprintf(stderr, "e2layout: %s: %s\n", dir, error_message(err));
		return 1;
	}
	if (w.mode == 4) {
		for (blk64_t b = 0; b < map_count; b++)
			printf("%d%c", map_owner[b], (b + 1) % width ? ' ' : '\n');
		return 0;
	}
	if (w.mode == 2)
		return 0;
	if (!w.files) {
		printf(w.mode == 3 ? "files=0\n" : "files 0\n");
		return 0;
	}
	printf(w.mode == 3 ?
	       "files=%ld\nblocks=%llu\nextents_mean=%.1f\nextents_max=%llu\n"
	       "extent_len_mean=%.1f\nlayout_score=%.3f\n" :
	       "files %ld  blocks %llu  extents/file mean %.1f max %llu  "
	       "mean extent %.1f blocks  layout score %.3f\n", w.files,
	       (unsigned long long)w.blocks, (double)w.extents / w.files,
	       (unsigned long long)w.max_extents, (double)w.blocks / w.extents,
	       w.blocks > (blk64_t)w.files ?
	       (double)w.follow / (w.blocks - w.files) : 1.0);
	return 0;
}
