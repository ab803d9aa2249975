// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the reservation windows, for every chapter that has them
 * (0 and 2 to 6).
 *
 * This file is not part of any chapter. scripts/kernel.sh's kunit variant
 * compiles it as the tail of fs/ext2/balloc.c (fs/ext2/balloc-kunit.c
 * includes balloc.c, then this file), so the allocator's static functions
 * are in reach, and defines COURSE_CH, the chapter whose balloc.c that is.
 * The tests run at boot; their KTAP lines go to the console, where
 * `make kunit CH=n` and `make test` read them.
 *
 * The file system is made up: a super block with four groups of 1024
 * blocks, group bitmaps in memory, no disk. The tests place windows with
 * the chapter's own alloc_new_reservation(), the function every chapter
 * has, and read them back in order from the chapter's own list or tree.
 */
#include <kunit/test.h>

#if COURSE_CH == 1
#error "chapter 1 has no reservation windows to test"
#endif

/* The window type, and whether windows live in a tree or on a list. */
#if COURSE_CH == 0
typedef struct ext2_reserve_window_node t_rsv;
#define T_TREE 1
#else
typedef struct ext2_reserve_window t_rsv;
#define T_TREE (COURSE_CH >= 5)
#endif
/* Windows that double (chapter 4 on, and mainline) count their hits. */
#define T_DOUBLES (COURSE_CH == 0 || COURSE_CH >= 4)
/* Windows that grow in place (chapter 6, and mainline). */
#define T_EXTENDS (COURSE_CH == 0 || COURSE_CH >= 6)

#define T_GROUPS	4
#define T_BPG		1024	/* blocks per group */
#define T_BLOCKS	(T_GROUPS * T_BPG)
#define T_MAXWIN	256	/* the most windows a test reads back */

struct t_fs {
	struct super_block sb;
	struct ext2_sb_info sbi;
	struct ext2_super_block es;
	struct buffer_head bh[T_GROUPS];
};

static int t_init(struct kunit *test)
{
	struct t_fs *fs = kunit_kzalloc(test, sizeof(*fs), GFP_KERNEL);
	struct ext2_sb_info *sbi;
	int g;

	KUNIT_ASSERT_NOT_NULL(test, fs);
	sbi = &fs->sbi;
	fs->sb.s_fs_info = sbi;
	strscpy(fs->sb.s_id, "kunit", sizeof(fs->sb.s_id));
	sbi->s_es = &fs->es;
	fs->es.s_first_data_block = cpu_to_le32(0);
	fs->es.s_blocks_count = cpu_to_le32(T_BLOCKS);
	sbi->s_blocks_per_group = T_BPG;
	sbi->s_groups_count = T_GROUPS;
	for (g = 0; g < T_GROUPS; g++) {
		fs->bh[g].b_data = kunit_kzalloc(test, T_BPG / 8, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, fs->bh[g].b_data);
		fs->bh[g].b_size = T_BPG / 8;
	}
	/* As ext2_fill_super() does it: the dummy window at block 0. */
	spin_lock_init(&sbi->s_rsv_window_lock);
	sbi->s_rsv_window_head.rsv_start = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	sbi->s_rsv_window_head.rsv_end = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	sbi->s_rsv_window_head.rsv_goal_size = 0;
#if T_DOUBLES
	sbi->s_rsv_window_head.rsv_alloc_hit = 0;
#endif
#if T_TREE
	sbi->s_rsv_window_root = RB_ROOT;
	ext2_rsv_window_add(&fs->sb, &sbi->s_rsv_window_head);
#else
	INIT_LIST_HEAD(&sbi->s_rsv_window_head.rsv_list);
#endif
	test->priv = fs;
	return 0;
}

/* Ask for a new window of @size blocks near @goal (group relative, -1: none). */
static int t_alloc(struct t_fs *fs, t_rsv *rsv, int goal, unsigned int group,
		   unsigned long size)
{
#if COURSE_CH == 0
	rsv->rsv_goal_size = size;
	return alloc_new_reservation(rsv, goal, &fs->sb, group, &fs->bh[group]);
#elif COURSE_CH >= 6
	return alloc_new_reservation(rsv, goal, &fs->sb, group, &fs->bh[group],
				     &size);
#else
	return alloc_new_reservation(rsv, goal, &fs->sb, group, &fs->bh[group],
				     size);
#endif
}

/* Forget a file's window, as closing the file would. */
static void t_drop(struct t_fs *fs, t_rsv *rsv)
{
	spin_lock(&fs->sbi.s_rsv_window_lock);
	if (rsv->rsv_end != EXT2_RESERVE_WINDOW_NOT_ALLOCATED) {
#if T_TREE
		rsv_window_remove(&fs->sb, rsv);
#else
		rsv_window_remove(rsv);
#endif
	}
	spin_unlock(&fs->sbi.s_rsv_window_lock);
}

/* Every window in the structure's order, the dummy first; how many. */
static int t_windows(struct t_fs *fs, t_rsv **out)
{
	int n = 0;
#if T_TREE
	struct rb_node *node;

	for (node = rb_first(&fs->sbi.s_rsv_window_root); node && n < T_MAXWIN;
	     node = rb_next(node))
		out[n++] = rb_entry(node, t_rsv, rsv_node);
#else
	t_rsv *r;

	out[n++] = &fs->sbi.s_rsv_window_head;
	list_for_each_entry(r, &fs->sbi.s_rsv_window_head.rsv_list, rsv_list) {
		if (n == T_MAXWIN)
			break;
		out[n++] = r;
	}
#endif
	return n;
}

/* The structure is sorted by start, its windows disjoint. */
static int t_check_order(struct kunit *test, struct t_fs *fs)
{
	t_rsv **w = kunit_kcalloc(test, T_MAXWIN, sizeof(*w), GFP_KERNEL);
	int n, i;

	KUNIT_ASSERT_NOT_NULL(test, w);
	n = t_windows(fs, w);
	for (i = 1; i < n; i++) {
		KUNIT_EXPECT_LE_MSG(test, w[i]->rsv_start, w[i]->rsv_end,
				    "window %d is empty or reversed", i);
		KUNIT_EXPECT_LT_MSG(test, w[i - 1]->rsv_end, w[i]->rsv_start,
				    "windows %d and %d overlap or are out of order",
				    i - 1, i);
	}
	kunit_kfree(test, w);
	return n;
}

static void t_used(struct t_fs *fs, unsigned int group, int from, int to)
{
	int b;

	for (b = from; b <= to; b++)
		set_bit(b, (unsigned long *)fs->bh[group].b_data);
}

#define EXPECT_WINDOW(test, rsv, start, end) do {			\
	KUNIT_EXPECT_EQ(test, (unsigned long)(rsv)->rsv_start,		\
			(unsigned long)(start));			\
	KUNIT_EXPECT_EQ(test, (unsigned long)(rsv)->rsv_end,		\
			(unsigned long)(end));				\
} while (0)

/* Place @rsv's window of @size near @goal in @group; expect it at @start. */
#define EXPECT_PLACED(test, fs, rsv, goal, group, size, start) do {	\
	KUNIT_EXPECT_EQ(test, t_alloc(fs, rsv, goal, group, size), 0);	\
	EXPECT_WINDOW(test, rsv, start, (start) + (size) - 1);		\
} while (0)

/* One window, at the goal. */
static void rsv_first_window_at_goal(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {};

	EXPECT_PLACED(test, fs, &a, 100, 0, 8, 100);
	KUNIT_EXPECT_EQ(test, t_check_order(test, fs), 2);
	t_drop(fs, &a);
	KUNIT_EXPECT_EQ(test, t_check_order(test, fs), 1);
}

/* Block 0 belongs to the dummy window: a goal of 0 starts at 1. */
static void rsv_goal_zero_skips_dummy(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {};

	EXPECT_PLACED(test, fs, &a, 0, 0, 8, 1);
	t_drop(fs, &a);
}

/* Gaps before, between and after existing windows are found. */
static void rsv_gap_before_between_after(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {}, b = {}, c = {}, d = {}, e = {};

	KUNIT_ASSERT_EQ(test, t_alloc(fs, &a, 100, 0, 8), 0);
	KUNIT_ASSERT_EQ(test, t_alloc(fs, &b, 200, 0, 8), 0);
	EXPECT_PLACED(test, fs, &c, 50, 0, 8, 50);
	EXPECT_PLACED(test, fs, &d, 150, 0, 8, 150);
	EXPECT_PLACED(test, fs, &e, 300, 0, 8, 300);
	KUNIT_EXPECT_EQ(test, t_check_order(test, fs), 6);
	t_drop(fs, &a); t_drop(fs, &b); t_drop(fs, &c);
	t_drop(fs, &d); t_drop(fs, &e);
}

/* A gap of exactly the size is taken; one block short, it is skipped. */
static void rsv_gap_exact_and_short(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {}, b = {}, c = {}, d = {};

	KUNIT_ASSERT_EQ(test, t_alloc(fs, &a, 100, 0, 8), 0);	/* 100-107 */
	KUNIT_ASSERT_EQ(test, t_alloc(fs, &b, 116, 0, 8), 0);	/* 116-123 */
	/* 108-115: exactly eight free blocks of window space. */
	EXPECT_PLACED(test, fs, &c, 104, 0, 8, 108);
	t_drop(fs, &c);
	/* Nine blocks do not fit in that gap: after b. */
	EXPECT_PLACED(test, fs, &d, 104, 0, 9, 124);
	t_check_order(test, fs);
	t_drop(fs, &a); t_drop(fs, &b); t_drop(fs, &d);
}

/* A gap whose blocks are all in use is skipped; one free block is enough. */
static void rsv_used_blocks(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {}, b = {};

	t_used(fs, 0, 400, 415);
	EXPECT_PLACED(test, fs, &a, 400, 0, 8, 416);
	t_used(fs, 0, 500, 502);
	EXPECT_PLACED(test, fs, &b, 500, 0, 8, 500);
	t_drop(fs, &a); t_drop(fs, &b);
}

/*
 * A window may start at the end of its group and run on into the next;
 * none starts past the end of its group; the next group's search steps
 * over a window that ran into it.
 */
static void rsv_group_boundary(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {}, b = {}, c = {}, d = {};

	EXPECT_PLACED(test, fs, &a, T_BPG - 4, 0, 8, T_BPG - 4);
	KUNIT_EXPECT_EQ(test, t_alloc(fs, &b, T_BPG - 2, 0, 8), -1);
	KUNIT_EXPECT_EQ(test, (unsigned long)b.rsv_end, 0UL);
	EXPECT_PLACED(test, fs, &c, 0, 1, 8, T_BPG + 4);
	/* A window may start at its group's last block. */
	EXPECT_PLACED(test, fs, &d, T_BPG - 1, 2, 8, 3 * T_BPG - 1);
	/* No goal (-1): from the group's first block. */
	t_drop(fs, &c);
	EXPECT_PLACED(test, fs, &c, -1, 2, 8, 2 * T_BPG);
	t_check_order(test, fs);
	t_drop(fs, &a); t_drop(fs, &c); t_drop(fs, &d);
}

/* A full group gets no window, and the structure is left as it was. */
static void rsv_full_group(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {};

	t_used(fs, 2, 0, T_BPG - 1);
	KUNIT_EXPECT_EQ(test, t_alloc(fs, &a, 10, 2, 8), -1);
	KUNIT_EXPECT_EQ(test, (unsigned long)a.rsv_end, 0UL);
	KUNIT_EXPECT_EQ(test, t_check_order(test, fs), 1);
	/* The last free block of a group is found. */
	t_used(fs, 3, 0, T_BPG - 2);
	KUNIT_EXPECT_EQ(test, t_alloc(fs, &a, 10, 3, 8), 0);
	KUNIT_EXPECT_LE(test, (unsigned long)a.rsv_start, 4UL * T_BPG - 1);
	KUNIT_EXPECT_GE(test, (unsigned long)a.rsv_end, 4UL * T_BPG - 1);
	t_drop(fs, &a);
}

/*
 * The file's own window [600, 607], and a goal inside it, ahead of it,
 * and behind it. Inside: on after the old window. Ahead: at the goal.
 * Behind, with room before the old window: mainline searches from the
 * goal and finds that room, and so does chapter 6 (its last patch);
 * chapters 2 to 5 search on from where the old window ended (the seed's
 * rule), so a file never moves back.
 */
static void rsv_goal_and_own_window(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {};

	KUNIT_ASSERT_EQ(test, t_alloc(fs, &a, 600, 0, 8), 0);
	EXPECT_PLACED(test, fs, &a, 603, 0, 8, 608);
	EXPECT_PLACED(test, fs, &a, 700, 0, 8, 700);
	KUNIT_EXPECT_EQ(test, t_alloc(fs, &a, 690, 0, 8), 0);
#if COURSE_CH == 0 || COURSE_CH >= 6
	EXPECT_WINDOW(test, &a, 690, 697);
#else
	EXPECT_WINDOW(test, &a, 708, 715);
#endif
	KUNIT_EXPECT_EQ(test, t_check_order(test, fs), 2);
	t_drop(fs, &a);
}

/*
 * The doubling rule (chapter 4 on, and mainline): a window more than half
 * used is followed by one twice as large; half used, by one as large;
 * never beyond EXT2_MAX_RESERVE_BLOCKS. Chapters 2 and 3 never double.
 * Each expectation names the part of the rule it checks (threshold, cap,
 * remembered, count): a lab's hint is chosen by it (scripts/lab.sh).
 */
#define T_SIZE(rsv) ((unsigned long)((rsv)->rsv_end - (rsv)->rsv_start + 1))
static void rsv_doubling(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {};
	unsigned long want;

	KUNIT_ASSERT_EQ(test, t_alloc(fs, &a, 100, 0, 8), 0);
#if T_DOUBLES
	a.rsv_alloc_hit = 4;			/* half: no doubling */
	KUNIT_EXPECT_EQ(test, t_alloc(fs, &a, 108, 0, 8), 0);
	KUNIT_EXPECT_EQ(test, (unsigned long)a.rsv_start, 108UL);
	KUNIT_EXPECT_EQ_MSG(test, T_SIZE(&a), 8UL,
			    "threshold: a window half used (4 of 8) is followed by one as large");
	a.rsv_alloc_hit = 5;			/* more than half */
#endif
	KUNIT_EXPECT_EQ(test, t_alloc(fs, &a, 116, 0, 8), 0);
	want = T_DOUBLES ? 16 : 8;
	KUNIT_EXPECT_EQ(test, (unsigned long)a.rsv_start, 116UL);
	KUNIT_EXPECT_EQ_MSG(test, T_SIZE(&a), want,
			    "threshold: a window more than half used (5 of 8) is followed by one twice as large");
	KUNIT_EXPECT_EQ_MSG(test, (unsigned long)a.rsv_goal_size,
			    COURSE_CH == 2 || COURSE_CH == 3 ? 0UL : want,
			    "remembered: the new size is kept in rsv_goal_size, for the file's next window");
#if T_DOUBLES
	KUNIT_EXPECT_EQ_MSG(test, (unsigned long)a.rsv_alloc_hit, 0UL,
			    "count: a new window starts with none of its blocks used (rsv_alloc_hit 0)");
	/* At the cap, a well used window stays at the cap. */
	t_drop(fs, &a);
	KUNIT_ASSERT_EQ(test, t_alloc(fs, &a, 1, 1, EXT2_MAX_RESERVE_BLOCKS), 0);
	a.rsv_alloc_hit = EXT2_MAX_RESERVE_BLOCKS;
	KUNIT_EXPECT_EQ(test, t_alloc(fs, &a, -1, 2, EXT2_MAX_RESERVE_BLOCKS), 0);
	KUNIT_EXPECT_EQ_MSG(test, T_SIZE(&a), (unsigned long)EXT2_MAX_RESERVE_BLOCKS,
			    "cap: a well used window at EXT2_MAX_RESERVE_BLOCKS is followed by one no larger");
	KUNIT_EXPECT_EQ_MSG(test, (unsigned long)a.rsv_goal_size,
			    (unsigned long)EXT2_MAX_RESERVE_BLOCKS,
			    "cap: rsv_goal_size never goes past EXT2_MAX_RESERVE_BLOCKS");
#endif
	t_drop(fs, &a);
}

#if T_TREE
/* The tree's search for @goal: the window at or before it. */
static t_rsv *t_search(struct t_fs *fs, ext2_fsblk_t goal)
{
	t_rsv *rsv;

	spin_lock(&fs->sbi.s_rsv_window_lock);
#if COURSE_CH == 0
	rsv = search_reserve_window(&fs->sbi.s_rsv_window_root, goal);
#else
	rsv = search_reserve_window(&fs->sb, goal);
#endif
	spin_unlock(&fs->sbi.s_rsv_window_lock);
	return rsv;
}

/*
 * The tree's search among many windows (chapter 5 on, and mainline): for
 * a goal inside a window, that window; in the gap after it, that window
 * too. A search that gives back the head, or any window but that one,
 * fails here, though every placement may still come out right: the walk
 * that follows it from there would find the same gap, only slowly.
 */
static void rsv_search_among_many(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv *w = kunit_kcalloc(test, 100, sizeof(*w), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, w);
	/* 100 windows of 4 blocks, one every 10 blocks: [10i + 1, 10i + 4]. */
	for (i = 0; i < 100; i++)
		KUNIT_ASSERT_EQ(test, t_alloc(fs, &w[i], 10 * i + 1, 0, 4), 0);
	for (i = 0; i < 100; i++) {
		KUNIT_EXPECT_PTR_EQ_MSG(test, t_search(fs, 10 * i + 2), &w[i],
					"goal %d, inside window %d", 10 * i + 2, i);
		KUNIT_EXPECT_PTR_EQ_MSG(test, t_search(fs, 10 * i + 7), &w[i],
					"goal %d, in the gap after window %d", 10 * i + 7, i);
	}
	for (i = 0; i < 100; i++)
		t_drop(fs, &w[i]);
}
#endif

#if T_EXTENDS
static void t_extend(t_rsv *rsv, struct t_fs *fs, unsigned long size)
{
	try_to_extend_reservation(rsv, &fs->sb, size);
}

/*
 * A window grows in place (chapter 6, and mainline) by the blocks asked
 * for, but never onto the next window: up to the block before its start.
 * The last window grows freely.
 */
static void rsv_extend_stops_at_next(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv a = {}, b = {};

	KUNIT_ASSERT_EQ(test, t_alloc(fs, &a, 100, 0, 8), 0);	/* 100-107 */
	KUNIT_ASSERT_EQ(test, t_alloc(fs, &b, 110, 0, 8), 0);	/* 110-117 */
	t_extend(&a, fs, 1);
	EXPECT_WINDOW(test, &a, 100, 108);
	t_extend(&a, fs, 8);			/* one block left before b */
	EXPECT_WINDOW(test, &a, 100, 109);
	t_extend(&a, fs, 1);			/* none left */
	EXPECT_WINDOW(test, &a, 100, 109);
	t_extend(&b, fs, 8);
	EXPECT_WINDOW(test, &b, 110, 125);
	KUNIT_EXPECT_EQ(test, t_check_order(test, fs), 3);
	t_drop(fs, &a); t_drop(fs, &b);
}
#endif

/*
 * The property test: thousands of random placements and removals, from a
 * fixed seed, each placement checked against a plain model (an array of
 * intervals and the bitmaps): the window starts at the first gap of its
 * size at or after the goal, moved on past gaps with no free block; it
 * fails exactly when no such gap starts inside the group. After every
 * step the structure is sorted, disjoint, and holds exactly the live
 * windows. The digest of every placement is printed: it is the same on
 * every chapter, list or tree (make test compares them).
 */
#define P_FILES	48
#define P_STEPS	4000

static u32 p_rand(u32 *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* The model's placement for a file with no window; -1 when none. */
static long p_model(struct t_fs *fs, t_rsv *files, int self, int goal,
		    unsigned int group, unsigned long size)
{
	unsigned long first = (unsigned long)group * T_BPG;
	unsigned long last = first + T_BPG - 1;
	unsigned long p = goal < 0 ? first : first + goal;
	unsigned long f;
	bool moved;
	int i;

	for (;;) {
		do {
			moved = false;
			if (p == 0) {		/* the dummy window, block 0 */
				p = 1;
				moved = true;
			}
			for (i = 0; i < P_FILES; i++) {
				if (i == self || !files[i].rsv_end)
					continue;
				if (files[i].rsv_start <= p + size - 1 &&
				    files[i].rsv_end >= p) {
					p = files[i].rsv_end + 1;
					moved = true;
				}
			}
		} while (moved);
		if (p > last)
			return -1;
		f = find_next_zero_bit((unsigned long *)fs->bh[group].b_data,
				       T_BPG, p - first);
		if (f >= T_BPG)
			return -1;
		if (first + f <= p + size - 1)
			return p;
		p = first + f;
	}
}

static void rsv_property(struct kunit *test)
{
	struct t_fs *fs = test->priv;
	t_rsv *files = kunit_kcalloc(test, P_FILES, sizeof(*files), GFP_KERNEL);
	u32 seed = 20040413, digest = 0;
	int step, i, live, bad = 0, placed = 0, refused = 0;

	KUNIT_ASSERT_NOT_NULL(test, files);
	/* Some used blocks: runs in every group, and group 3 nearly full. */
	for (i = 0; i < 40; i++) {
		int g = p_rand(&seed) % T_GROUPS, b = p_rand(&seed) % T_BPG;

		t_used(fs, g, b, min_t(int, b + p_rand(&seed) % 48, T_BPG - 1));
	}
	t_used(fs, 3, 0, T_BPG - 40);
	for (step = 0; step < P_STEPS && !bad; step++) {
		int f = p_rand(&seed) % P_FILES;
		unsigned int group = p_rand(&seed) % T_GROUPS;
		int goal = (int)(p_rand(&seed) % (T_BPG + 1)) - 1;
		unsigned long size = 1 + p_rand(&seed) % 64;
		long want;
		int ret;

		if (p_rand(&seed) % 3 == 0) {
			t_drop(fs, &files[f]);
		} else {
			t_drop(fs, &files[f]);	/* a fresh file each time */
			want = p_model(fs, files, f, goal, group, size);
			ret = t_alloc(fs, &files[f], goal, group, size);
			if (want < 0) {
				refused++;
				KUNIT_EXPECT_EQ_MSG(test, ret, -1,
					"step %d: group %u goal %d size %lu: the model finds no gap, the kernel placed %lu",
					step, group, goal, size,
					(unsigned long)files[f].rsv_start);
				bad |= ret != -1;
			} else {
				placed++;
				KUNIT_EXPECT_EQ_MSG(test, ret, 0,
					"step %d: group %u goal %d size %lu: the model places %ld, the kernel refused",
					step, group, goal, size, want);
				KUNIT_EXPECT_EQ_MSG(test, (long)files[f].rsv_start, want,
					"step %d: group %u goal %d size %lu",
					step, group, goal, size);
				KUNIT_EXPECT_EQ(test, (unsigned long)(files[f].rsv_end -
						files[f].rsv_start + 1), size);
				bad |= ret != 0 || (long)files[f].rsv_start != want;
				digest = digest * 31 + files[f].rsv_start;
			}
		}
		live = 1;
		for (i = 0; i < P_FILES; i++)
			live += files[i].rsv_end != 0;
		if (t_check_order(test, fs) != live) {
			KUNIT_FAIL(test, "step %d: the structure holds a window too many or too few", step);
			bad = 1;
		}
	}
	kunit_info(test, "%d steps: %d windows placed, %d refused; digest %08x\n",
		   step, placed, refused, digest);
	for (i = 0; i < P_FILES; i++)
		t_drop(fs, &files[i]);
}

static struct kunit_case rsv_cases[] = {
	KUNIT_CASE(rsv_first_window_at_goal),
	KUNIT_CASE(rsv_goal_zero_skips_dummy),
	KUNIT_CASE(rsv_gap_before_between_after),
	KUNIT_CASE(rsv_gap_exact_and_short),
	KUNIT_CASE(rsv_used_blocks),
	KUNIT_CASE(rsv_group_boundary),
	KUNIT_CASE(rsv_full_group),
	KUNIT_CASE(rsv_goal_and_own_window),
	KUNIT_CASE(rsv_doubling),
#if T_TREE
	KUNIT_CASE(rsv_search_among_many),
#endif
#if T_EXTENDS
	KUNIT_CASE(rsv_extend_stops_at_next),
#endif
	KUNIT_CASE(rsv_property),
	{}
};

static struct kunit_suite rsv_suite = {
	.name = "ext2_rsv",
	.init = t_init,
	.test_cases = rsv_cases,
};
kunit_test_suite(rsv_suite);
