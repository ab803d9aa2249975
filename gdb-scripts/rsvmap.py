# SPDX-License-Identifier: GPL-2.0
#
# rsv-map: a picture of one block group of a live ext2, drawn in gdb.
# Source it after rsv.py (scripts/gdb.sh does): it uses rsv.py's helpers.
#
#   rsv-map [--group N] [--from B|ino:N|mixed] [--to B] [--width N] [--svg FILE]
#           [--json FILE] [--color|--no-color] [DEV]
# --from/--to zoom onto blocks B (numbers or gdb expressions); --from ino:N
# starts at inode N's first block, --from mixed where the blocks of files
# alternate most; without --to, one block a cell.
#
# Three rows of cells, each cell a run of blocks (the scale is printed):
#   blocks   '.' free; a letter: used, and every used block in the cell
#            belongs to that file; '%' files of more than one letter;
#            '#' used by what the inodes in memory do not tell (metadata,
#            a file not in memory)
#   windows  a letter: the cell lies in that file's window; '+' more than
#            one window in the cell; '-' no window
#   marks    'g' the goal, '^' the search's cursor, '*' both (when the
#            selected frame has them: stop in alloc_new_reservation)
# The group is the selected frame's `group` when it has one (or the group
# of its `last_block`, or of its `my_rsv` window's start), or --group.
# The bitmap is the frame's `bitmap_bh` for that group, or the block
# bitmap's buffer from the page cache. A file's blocks come from its
# inode's i_data and its indirect blocks, where those are in memory.

import json

import gdb

CELL_ROWS = ("blocks", "windows", "marks")
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
# ANSI background colours for the first letters (then plain).
COLOURS = [41, 42, 43, 44, 45, 46, 101, 102, 103, 104, 105, 106]
SVG_FILL = ["#d62728", "#2ca02c", "#e6b800", "#1b63b5", "#7b3294", "#0f8b8d",
            "#e66101", "#8c564b", "#444444", "#ff7f9e", "#6baed6", "#9acd32"]

_letters = {}   # inode number -> letter, kept from one rsv-map to the next

USAGE = ("usage: rsv-map [--group N] [--from B|ino:N|mixed] [--to B] [--width N] [--svg FILE] "
         "[--json FILE] [--color|--no-color] [DEV]")


def frame_var(name):
    """A variable of the selected frame as an int, or None."""
    try:
        frame = gdb.selected_frame()
        v = frame.read_var(name)
    except (gdb.error, ValueError, RuntimeError):
        return None
    try:
        return int(v)
    except gdb.error:
        return None


def frame_value(name):
    try:
        return gdb.selected_frame().read_var(name)
    except (gdb.error, ValueError, RuntimeError):
        return None


def page_of(mapping, index):
    """The page cached at INDEX of an address_space, or None (an xarray walk)."""
    entry = int(mapping["i_pages"]["xa_head"])
    node_type = gdb.lookup_type("struct xa_node")
    # 64 slots a node, or 16 on a small kernel (CONFIG_BASE_SMALL: tinyconfig)
    mask = node_type["slots"].type.range()[1]
    top = True
    while entry & 3 == 2 and entry > 4096:      # an internal node
        node = gdb.Value(entry - 2).cast(node_type.pointer())
        shift = int(node["shift"])
        if top and index >> shift > mask:
            return None                         # beyond what the tree holds
        top = False
        entry = int(node["slots"][(index >> shift) & mask])
    if entry == 0 or entry & 3 or (top and index != 0):
        return None                             # nothing, a value or a sibling
    page = gdb.Value(entry).cast(gdb.lookup_type("struct page").pointer())
    return page if int(page["index"]) == index else None


def block_data(sb, block):
    """The bytes of BLOCK from the block device's page cache, or None."""
    bits = int(sb["s_blocksize_bits"])
    bdev = sb["s_bdev"]
    mapping = bdev["bd_inode"]["i_mapping"]
    page = page_of(mapping, block >> (12 - bits))
    if page is None or int(page["private"]) == 0:
        return None
    bh_ptr = gdb.lookup_type("struct buffer_head").pointer()
    head = bh = gdb.Value(int(page["private"])).cast(bh_ptr)
    for _ in range(1 << (12 - bits)):
        if int(bh["b_blocknr"]) == block:
            size = int(bh["b_size"])
            return bytes(gdb.selected_inferior().read_memory(int(bh["b_data"]), size))
        bh = bh["b_this_page"]
        if int(bh) == int(head):
            break
    return None


def le32s(data):
    return [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]


def group_desc(sb, sbi, group):
    """The group's descriptor (a gdb value)."""
    per = int(sbi["s_desc_per_block"])
    bh = sbi["s_group_desc"][group // per]
    desc_ptr = gdb.lookup_type("struct ext2_group_desc").pointer()
    return (bh["b_data"].cast(desc_ptr) + group % per).dereference()


def file_blocks(sb, ei, lo, hi):
    """The blocks in [lo, hi] of one inode, from i_data and the indirect
    blocks in memory. (blocks, complete): complete is False when an
    indirect block was not in memory."""
    data = [int(ei["i_data"][i]) for i in range(15)]
    nblocks = int(sb["s_fs_info"].cast(gdb.lookup_type("struct ext2_sb_info").pointer())
                  ["s_es"]["s_blocks_count"])
    found, complete = set(), True
    todo = [(b, 0) for b in data[:12] if b] + [(b, d) for b, d in ((data[12], 1), (data[13], 2)) if b]
    while todo:
        b, depth = todo.pop()
        if b >= nblocks:
            continue                    # not a block of this file system
        if lo <= b <= hi:
            found.add(b)
        if depth == 0:
            continue
        raw = block_data(sb, b)
        if raw is None:
            complete = False
            continue
        todo.extend((x, depth - 1) for x in le32s(raw) if x)
    return found, complete


def inodes_of(sb):
    """(inode number, struct ext2_inode_info *) of every ext2 file and
    directory in memory (a short symlink keeps its text in i_data)."""
    ei_ptr = gdb.lookup_type("struct ext2_inode_info").pointer()
    inode_ptr = gdb.lookup_type("struct inode").pointer()
    for inode in lists.list_for_each_entry(sb["s_inodes"], inode_ptr, "i_sb_list"):
        if int(inode["i_mode"]) & 0o170000 in (0o100000, 0o040000):
            yield int(inode["i_ino"]), utils.container_of(inode, ei_ptr, "vfs_inode")


class Picture:
    """One group's blocks, owners and windows, in cells."""

    def __init__(self, first, last, lo, hi, width):
        self.first, self.last, self.lo, self.hi = first, last, lo, hi
        span = hi - lo + 1
        self.per = max(1, -(-span // width))
        self.cells = -(-span // self.per)
        self.used = [False] * span
        self.owner = [None] * span
        self.windows = []
        self.letter = {}

    def cell_of(self, block):
        return (block - self.lo) // self.per

    def name(self, ino):
        """A file's letter: the same one at every stop (in order of first sight)."""
        if ino is None:
            return "?"
        if ino not in _letters:
            n = len(_letters)
            _letters[ino] = LETTERS[n] if n < len(LETTERS) else "&"
        self.letter[ino] = _letters[ino]
        return self.letter[ino]

    def rows(self, goal, cursor):
        blocks, wins, marks = [], [], []
        for c in range(self.cells):
            a = c * self.per
            b = min(a + self.per, self.hi - self.lo + 1)
            used = [i for i in range(a, b) if self.used[i]]
            if not used:
                blocks.append(".")
            else:
                who = {self.owner[i] for i in used}
                if None in who:
                    blocks.append("#" if len(who) == 1 else "%")
                elif len(who) == 1:
                    blocks.append(self.name(who.pop()))
                else:
                    blocks.append("%")
            lo_b, hi_b = self.lo + a, self.lo + b - 1
            inside = [w for w in self.windows if w["start"] <= hi_b and w["end"] >= lo_b]
            if not inside:
                wins.append("-")
            elif len(inside) == 1:
                wins.append(self.name(inside[0]["ino"]))
            else:
                wins.append("+")
            m = " "
            g = goal is not None and lo_b <= goal <= hi_b
            k = cursor is not None and lo_b <= cursor <= hi_b
            if g and k:
                m = "*"
            elif g:
                m = "g"
            elif k:
                m = "^"
            marks.append(m)
        return "".join(blocks), "".join(wins), "".join(marks)


def colour(row, pic):
    """Each letter of ROW on its file's background colour."""
    by_letter = {v: LETTERS.find(v) for v in pic.letter.values()}
    out = []
    for ch in row:
        i = by_letter.get(ch)
        if i is not None and i < len(COLOURS):
            out.append("\x1b[{};30m{}\x1b[0m".format(COLOURS[i], ch))
        else:
            out.append(ch)
    return "".join(out)


def svg(pic, rows, path, title):
    cw, ch = 12, 22
    left, top = 90, 40
    width = left + pic.cells * cw + 20
    letters = list(pic.letter.items())
    height = top + 3 * (ch + 6) + 30 + 18 * (len(letters) + 3)
    fill = {letter: SVG_FILL[max(0, LETTERS.find(letter)) % len(SVG_FILL)] for _, letter in letters}
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" '
           'font-family="DejaVu Sans Mono, monospace" font-size="13">'.format(width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="{}" y="22" font-size="15">{}</text>'.format(left, title)]
    for r, (label, row) in enumerate(zip(CELL_ROWS, rows)):
        y = top + r * (ch + 6)
        out.append('<text x="8" y="{}">{}</text>'.format(y + 16, label))
        for c, sym in enumerate(row):
            x = left + c * cw
            if r == 2:
                if sym != " ":
                    out.append('<text x="{}" y="{}" font-weight="bold">{}</text>'.format(x + 2, y + 16, sym))
                continue
            colour_ = {".": "#ffffff", "-": "#ffffff", "#": "#999999", "%": "#555555",
                       "+": "#000000", "?": "#bbbbbb"}.get(sym, fill.get(sym, "#bbbbbb"))
            h = ch if r == 0 else ch // 2
            out.append('<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="#cccccc" '
                       'stroke-width="0.5"/>'.format(x, y + (ch - h) // 2, cw, h, colour_))
    y = top + 3 * (ch + 6) + 20
    out.append('<text x="{}" y="{}">blocks {}..{}, one cell = {} block{}</text>'.format(
        left, y, pic.lo, pic.hi, pic.per, "" if pic.per == 1 else "s"))
    for i, (ino, letter) in enumerate(letters):
        yy = y + 18 * (i + 1)
        out.append('<rect x="{}" y="{}" width="12" height="12" fill="{}"/>'.format(left, yy - 11, fill[letter]))
        out.append('<text x="{}" y="{}">{} inode {}</text>'.format(left + 18, yy, letter, ino))
    yy = y + 18 * (len(letters) + 1)
    out.append('<text x="{}" y="{}">grey: used, owner not in memory; dark: files mixed; '
               'g goal, ^ cursor</text>'.format(left, yy))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


class RsvMap(gdb.Command):
    """Draw a block group: its blocks, their files, the windows over them: rsv-map --help"""

    def __init__(self):
        super(RsvMap, self).__init__("rsv-map", gdb.COMMAND_DATA)

    def parse(self, arg):
        argv = gdb.string_to_argv(arg)
        opt = {"group": None, "from": None, "to": None, "width": 64, "svg": None,
               "json": None, "colour": None, "dev": None, "from_ino": None,
               "mixed": False}
        while argv:
            a = argv.pop(0)
            if a in ("--help", "-h"):
                raise gdb.GdbError(USAGE)
            if a == "--color":
                opt["colour"] = True
            elif a == "--no-color":
                opt["colour"] = False
            elif a in ("--group", "--from", "--to", "--width", "--svg", "--json"):
                if not argv:
                    raise gdb.GdbError("rsv-map: {} needs a value; {}".format(a, USAGE))
                v = argv.pop(0)
                key = a[2:]
                if key in ("svg", "json"):
                    opt[key] = json_path(v)
                elif key == "from" and v.startswith("ino:"):
                    opt["from_ino"] = v[4:]     # that file's first block
                elif key == "from" and v == "mixed":
                    opt["mixed"] = True         # where files' blocks alternate most
                else:
                    try:
                        opt[key] = int(gdb.parse_and_eval(v))
                    except gdb.error:
                        raise gdb.GdbError("rsv-map: {} takes a number or an expression, "
                                           "not '{}'".format(a, v))
            elif a.startswith("-"):
                raise gdb.GdbError("rsv-map: no option '{}'; {}".format(a, USAGE))
            else:
                opt["dev"] = a
        if not 8 <= opt["width"] <= 400:
            raise gdb.GdbError("rsv-map: --width from 8 to 400 cells, not {}".format(opt["width"]))
        return opt

    def invoke(self, arg, from_tty):
        opt = self.parse(arg)
        supers = list(ext2_supers(opt["dev"]))
        if not supers:
            raise gdb.GdbError("rsv-map: no ext2 file system{} is mounted".format(
                " on " + opt["dev"] if opt["dev"] else ""))
        sb, sbi = supers[0]
        es = sbi["s_es"]
        ngroups = int(sbi["s_groups_count"])
        bpg = int(sbi["s_blocks_per_group"])
        first_data = int(es["s_first_data_block"])
        nblocks = int(es["s_blocks_count"])
        group = opt["group"]
        fgroup = frame_var("group")
        if fgroup is None and frame_var("last_block") is not None:
            # the search helper: its group is the one its last block is in
            fgroup = (frame_var("last_block") - first_data) // bpg
        if fgroup is None and frame_value("my_rsv") is not None:
            # try_to_extend_reservation(): the group its window starts in
            try:
                start = int(frame_value("my_rsv")["rsv_start"])
                if start >= first_data:
                    fgroup = (start - first_data) // bpg
            except gdb.error:
                pass
        if group is None:
            group = fgroup
        if group is None:
            raise gdb.GdbError("rsv-map: which group? This frame has no 'group' "
                               "(stop in alloc_new_reservation, or say --group N, "
                               "0..{})".format(ngroups - 1))
        if not 0 <= group < ngroups:
            raise gdb.GdbError("rsv-map: group {} is not there: this file system has "
                               "groups 0..{}".format(group, ngroups - 1))
        first = first_data + group * bpg
        last = min(first + bpg, nblocks) - 1
        if opt["from_ino"] is not None:
            eis = [ei for ino, ei in inodes_of(sb) if str(ino) == opt["from_ino"]]
            if not eis or int(eis[0]["i_data"][0]) == 0:
                raise gdb.GdbError("rsv-map: --from ino:{}: no such inode in memory, or it "
                                   "has no blocks".format(opt["from_ino"]))
            opt["from"] = int(eis[0]["i_data"][0])
        lo = first if opt["from"] is None else opt["from"]
        hi = opt["to"]
        if hi is None:
            hi = last if opt["from"] is None else min(last, lo + opt["width"] - 1)
        if not first <= lo <= hi <= last:
            raise gdb.GdbError("rsv-map: --from/--to must lie in group {}: blocks "
                               "{}..{}".format(group, first, last))

        # The bitmap: the frame's, when it is this group's; else the page cache's.
        bitmap = None
        bh = frame_value("bitmap_bh")
        if bh is not None and fgroup == group and int(bh) != 0:
            bitmap = bytes(gdb.selected_inferior().read_memory(
                int(bh["b_data"]), int(bh["b_size"])))
        if bitmap is None:
            desc = group_desc(sb, sbi, group)
            bitmap = block_data(sb, int(desc["bg_block_bitmap"]))
        if bitmap is None:
            raise gdb.GdbError("rsv-map: group {}'s block bitmap is not in memory (the "
                               "kernel has not read it yet): nothing to draw".format(group))

        owner, partial = {}, 0
        for ino, ei in inodes_of(sb):
            mine, complete = file_blocks(sb, ei, first, last)
            partial += not complete
            for b in mine:
                owner[b] = ino
        if opt["mixed"]:
            # The stretch of --width blocks where the file changes most often
            # from one block to the next.
            w = opt["width"]
            change = [0] * (last - first + 1)
            prev = None
            for b in range(first, last + 1):
                o = owner.get(b)
                if o is not None:
                    change[b - first] = int(prev is not None and o != prev)
                    prev = o
            best, at, run = 0, None, sum(change[:w])
            for i in range(0, len(change) - w + 1):
                if i:
                    run += change[i + w - 1] - change[i - 1]
                if run > best:
                    best, at = run, first + i
            if best < 2:
                raise gdb.GdbError("rsv-map: --from mixed: nowhere in group {} do files' "
                                   "blocks alternate".format(group))
            lo, hi = at, min(last, at + w - 1)
        pic = Picture(first, last, lo, hi, opt["width"])
        for b in range(lo, hi + 1):
            i = b - first
            pic.used[b - lo] = bool(bitmap[i >> 3] >> (i & 7) & 1)
            pic.owner[b - lo] = owner.get(b)
        kind, found = collect(opt["dev"])
        wins = []
        for fs in found:
            if fs["dev"] == sb["s_id"].string():
                wins = [w for w in fs["windows"] if w["start"] <= hi and w["end"] >= lo]
        pic.windows = wins
        # Letters: the windows' files first (in block order), then the others.
        for w in sorted(wins, key=lambda w: w["start"]):
            pic.name(w["ino"])
        for i in range(hi - lo + 1):
            if pic.used[i] and pic.owner[i] is not None:
                pic.name(pic.owner[i])

        goal = frame_var("grp_goal")
        if goal is not None:
            goal = first + goal if goal >= 0 else None
        cursor = frame_value("start_block")     # a pointer in the search helper
        if cursor is not None:
            if cursor.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
                cursor = cursor.dereference() if int(cursor) else None
            cursor = None if cursor is None else int(cursor)
        # Before the search sets it, the cursor holds whatever was there.
        if cursor is not None and not first <= cursor <= last:
            cursor = None
        rows = pic.rows(goal, cursor)

        use_colour = opt["colour"]
        if use_colour is None:
            try:
                use_colour = from_tty and bool(gdb.parameter("style enabled"))
            except (gdb.error, RuntimeError):
                use_colour = False
        used = sum(pic.used)
        gdb.write("ext2 on {}, group {} (blocks {}..{}): blocks {}..{}, one cell = {} block{}; "
                  "{} used, {} free\n".format(
                      sb["s_id"].string(), group, first, last, lo, hi, pic.per,
                      "" if pic.per == 1 else "s", used, hi - lo + 1 - used))
        for label, row in zip(CELL_ROWS, rows):
            if label == "marks" and not row.strip():
                continue
            gdb.write("  {:<8} |{}|\n".format(label, colour(row, pic) if use_colour else row))
        gdb.write("  {:<8}  {}{}{}\n".format("", str(lo), " " * max(1, pic.cells - len(str(lo)) - len(str(hi))), hi))
        if kind is None:
            gdb.write("  (this kernel has no reservation windows)\n")
        for ino, letter in sorted(pic.letter.items(), key=lambda kv: LETTERS.find(kv[1])):
            mine = [w for w in wins if w["ino"] == ino]
            own = sum(1 for o in pic.owner if o == ino)
            gdb.write("  {} inode {}: {} block{} here{}\n".format(
                letter, "?" if ino is None else ino, own, "" if own == 1 else "s",
                "".join(", window {}..{}".format(w["start"], w["end"]) for w in mine)))
        marks = []
        if goal is not None:
            marks.append("g goal {}".format(goal))
        if cursor is not None:
            marks.append("^ cursor {}".format(cursor))
        gdb.write("  . free  # used, owner not in memory  % files mixed  + windows meet"
                  "{}\n".format(("  " + "  ".join(marks)) if marks else ""))
        if partial:
            gdb.write("  ({} file{} with indirect blocks not in memory: some of their "
                      "blocks may show as #)\n".format(partial, "" if partial == 1 else "s"))
        title = "ext2 on {}, group {}: blocks {}..{}".format(sb["s_id"].string(), group, lo, hi)
        if opt["svg"]:
            svg(pic, rows, opt["svg"], title)
            gdb.write("rsv-map: drawn to {}\n".format(opt["svg"]))
        if opt["json"]:
            with open(opt["json"], "w") as f:
                json.dump({"dev": sb["s_id"].string(), "group": group, "first": first,
                           "last": last, "lo": lo, "hi": hi, "per": pic.per,
                           "used": used, "rows": dict(zip(CELL_ROWS, rows)),
                           "letters": {str(k): v for k, v in pic.letter.items()},
                           "windows": wins, "goal": goal, "cursor": cursor}, f, indent=1)
            gdb.write("rsv-map: saved to {}\n".format(opt["json"]))


RsvMap()
