# SPDX-License-Identifier: GPL-2.0
#
# gdb commands that show ext2's block reservation windows in a live kernel.
# Built on the kernel's own gdb helpers (scripts/gdb: linux.utils, .lists,
# .rbtree); load vmlinux and vmlinux-gdb.py first, then this file.
#
#   rsv-list [--json FILE] [DEV]   every window of each mounted ext2 file
#                                  system (or only DEV, e.g. vda), then a
#                                  check that they are sorted, do not overlap
#                                  and lie inside the file system
#   rsv-check [DEV]                only the check; an error if it fails, so a
#                                  gdb script stops there
#   rsv-tree [--json FILE] [--all] [DEV]
#                                  the shape of a red-black tree of windows
#                                  (chapters 0, 5, 6): each node's colour,
#                                  depth and window, drawn sideways (the
#                                  right subtree above its parent), the
#                                  red-black rules checked, and what changed
#                                  since the last rsv-tree (rotations,
#                                  recolouring, a new root)
#   rsv-map ...                    a picture of one block group: blocks,
#                                  their files, the windows over them
#                                  (gdb-scripts/rsvmap.py, sourced after
#                                  this file)
#
# The command finds out from the kernel's types which design it is looking at:
#   chapter 0 (mainline): struct ext2_sb_info.s_rsv_window_root, an rb-tree
#   chapters 2-4 (the seed's design): s_rsv_window_head, a sorted list
#   chapters 5 and 6 (the tree): s_rsv_window_root again, over chapter 4's
#   struct ext2_reserve_window
#   chapter 1: neither; the kernel has no windows and the command says so.

import json
import os

import gdb

from linux import lists, rbtree, utils

sb_type = utils.CachedType("struct super_block")
inode_type = utils.CachedType("struct inode")


def ext2_field_names():
    return [f.name for f in gdb.lookup_type("struct ext2_sb_info").fields()]


def design():
    """'rbtree', 'list' or None, read from the shape of struct ext2_sb_info."""
    names = ext2_field_names()
    if "s_rsv_window_root" in names:
        return "rbtree"
    if "s_rsv_window_head" in names:
        head = gdb.lookup_type("struct ext2_sb_info")["s_rsv_window_head"].type
        if head.strip_typedefs().tag == "list_head":
            return "list"
        node = gdb.lookup_type("struct ext2_reserve_window")
        if "rsv_list" in [f.name for f in node.fields()]:
            return "list"
    return None


def ext2_supers(dev=None):
    """(super_block *, ext2_sb_info *) for each mounted ext2 file system."""
    sbi_ptr = gdb.lookup_type("struct ext2_sb_info").pointer()
    head = gdb.parse_and_eval("super_blocks")
    for sb in lists.list_for_each_entry(head, sb_type.get_type().pointer(), "s_list"):
        if sb["s_type"]["name"].string() != "ext2":
            continue
        if dev and sb["s_id"].string() != dev:
            continue
        yield sb, sb["s_fs_info"].cast(sbi_ptr)


def owners(sb):
    """Map the address of each inode's allocation info to its inode number."""
    ei_ptr = gdb.lookup_type("struct ext2_inode_info").pointer()
    found = {}
    for inode in lists.list_for_each_entry(sb["s_inodes"],
                                           inode_type.get_type().pointer(),
                                           "i_sb_list"):
        ei = utils.container_of(inode, ei_ptr, "vfs_inode")
        info = ei["i_block_alloc_info"]
        if int(info) != 0:
            found[int(info)] = int(inode["i_ino"])
    return found


def fields(value):
    return [f.name for f in value.type.strip_typedefs().target().fields()]


def window(node, owner_of):
    """A window as a dict; node points to the kernel's window structure.

    Mainline nests start and end in a struct ext2_reserve_window
    (rsv_window._rsv_start); the seed's design has them in the window itself
    (rsv_start). Goal size and hit count exist only in some chapters.
    """
    names = fields(node)
    w = node["rsv_window"] if "rsv_window" in names else node
    wnames = [f.name for f in w.type.strip_typedefs().fields()]
    prefix = "_" if "_rsv_start" in wnames else ""
    start, end = int(w[prefix + "rsv_start"]), int(w[prefix + "rsv_end"])
    return {
        "addr": hex(int(node)),
        "start": start,
        "end": end,
        "size": end - start + 1,
        "goal": int(node["rsv_goal_size"]) if "rsv_goal_size" in names else None,
        "hits": int(node["rsv_alloc_hit"]) if "rsv_alloc_hit" in names else None,
        "ino": owner_of(node),
    }


def rbtree_types(sb, sbi):
    """(node pointer type, owner_of) for a tree of windows.

    Mainline: struct ext2_reserve_window_node, embedded in the inode's
    allocation info as rsv_window_node. The course's tree chapter keeps
    chapter 4's struct ext2_reserve_window (with an rb_node), embedded as
    rsv_window.
    """
    try:
        node_ptr = gdb.lookup_type("struct ext2_reserve_window_node").pointer()
        member = "rsv_window_node"
    except gdb.error:
        node_ptr = gdb.lookup_type("struct ext2_reserve_window").pointer()
        member = "rsv_window"
    info_ptr = gdb.lookup_type("struct ext2_block_alloc_info").pointer()
    own = owners(sb)

    def owner_of(rsv):
        info = utils.container_of(rsv, info_ptr, member)
        return own.get(int(info))

    return node_ptr, owner_of


def windows_rbtree(sb, sbi):
    node_ptr, owner_of = rbtree_types(sb, sbi)
    dummy = int(sbi["s_rsv_window_head"].address)
    out = []
    n = rbtree.rb_first(sbi["s_rsv_window_root"])
    while n is not None and int(n) != 0:
        rsv = utils.container_of(n, node_ptr, "rsv_node")
        if int(rsv) != dummy:
            out.append(window(rsv, owner_of))
        n = rbtree.rb_next(n)
    return out


def windows_list(sb, sbi):
    # The seed's design (chapters 2-4): struct ext2_reserve_window on the
    # per-filesystem list s_rsv_window_head, embedded in the inode's
    # struct ext2_block_alloc_info as rsv_window.
    rsv_ptr = gdb.lookup_type("struct ext2_reserve_window").pointer()
    info_ptr = gdb.lookup_type("struct ext2_block_alloc_info").pointer()
    head = sbi["s_rsv_window_head"]
    if head.type.strip_typedefs().tag != "list_head":
        dummy = int(head.address)
        head = head["rsv_list"]
    else:
        dummy = None
    own = owners(sb)

    def owner_of(rsv):
        return own.get(int(utils.container_of(rsv, info_ptr, "rsv_window")))

    return [window(r, owner_of)
            for r in lists.list_for_each_entry(head, rsv_ptr, "rsv_list")
            if int(r) != dummy]


def check(wins, blocks):
    """Problems with a list of windows in kernel order, as strings."""
    bad = []
    for i, w in enumerate(wins):
        if w["start"] > w["end"]:
            bad.append("window {} ends before it starts".format(w["addr"]))
        if w["start"] >= blocks:
            bad.append("window {} starts past the last block {}".format(w["addr"], blocks - 1))
        if i and wins[i - 1]["start"] >= w["start"]:
            bad.append("windows {} and {} are out of order".format(wins[i - 1]["addr"], w["addr"]))
        if i and wins[i - 1]["end"] >= w["start"]:
            bad.append("windows {} and {} overlap".format(wins[i - 1]["addr"], w["addr"]))
    return bad


def collect(dev):
    kind = design()
    if kind is None:
        return None, []
    found = []
    for sb, sbi in ext2_supers(dev):
        wins = (windows_rbtree if kind == "rbtree" else windows_list)(sb, sbi)
        blocks = int(sbi["s_es"]["s_blocks_count"])
        found.append({"dev": sb["s_id"].string(), "blocks": blocks,
                      "windows": wins, "problems": check(wins, blocks)})
    return kind, found


def json_path(path):
    """Where --json writes PATH: a path under build/ (the walkthroughs name
    build/walkthrough/...) goes to the build directory scripts/gdb.sh names
    in COURSE_BUILD, which BUILD=... may have moved."""
    build = os.environ.get("COURSE_BUILD")
    if build and not os.path.isabs(path) and path.startswith("build/"):
        return os.path.join(build, path[len("build/"):])
    return path


NO_WINDOWS = ("rsv-list: this kernel's ext2 has no reservation windows "
              "(struct ext2_sb_info has no s_rsv_window_* field): every block "
              "comes straight from the block bitmaps.\n")

WHERE = {"rbtree": "rb-tree s_rsv_window_root", "list": "sorted list s_rsv_window_head"}


class RsvList(gdb.Command):
    """List ext2's block reservation windows: rsv-list [--json FILE] [DEV]"""

    def __init__(self):
        super(RsvList, self).__init__("rsv-list", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        out = None
        if argv[:1] == ["--json"]:
            if len(argv) < 2:
                raise gdb.GdbError("usage: rsv-list [--json FILE] [DEV]")
            out, argv = json_path(argv[1]), argv[2:]
        dev = argv[0] if argv else None
        kind, found = collect(dev)
        if kind is None:
            gdb.write(NO_WINDOWS)
        elif not found:
            gdb.write("rsv-list: no ext2 file system{} is mounted\n".format(
                " on " + dev if dev else ""))
        for fs in found:
            wins = fs["windows"]
            gdb.write("ext2 on {}: {} reservation window{} ({})\n".format(
                fs["dev"], len(wins), "" if len(wins) == 1 else "s", WHERE[kind]))
            if wins:
                gdb.write("  {:>10} {:>10} {:>6} {:>6} {:>6} {:>8}\n".format(
                    "start", "end", "size", "goal", "hits", "inode"))
            for w in wins:
                gdb.write("  {:>10} {:>10} {:>6} {:>6} {:>6} {:>8}\n".format(
                    *[("-" if w[k] is None else w[k])
                      for k in ("start", "end", "size", "goal", "hits", "ino")]))
            if fs["problems"]:
                for p in fs["problems"]:
                    gdb.write("  BAD: {}\n".format(p))
            else:
                gdb.write("  OK: sorted by start, no overlaps, all starting inside blocks 0..{}\n".format(
                    fs["blocks"] - 1))
        if out:
            with open(out, "w") as f:
                json.dump({"design": kind, "filesystems": found}, f, indent=1)
            gdb.write("rsv-list: saved to {}\n".format(out))


class RsvCheck(gdb.Command):
    """Check ext2's reservation windows are sorted and disjoint: rsv-check [DEV]"""

    def __init__(self):
        super(RsvCheck, self).__init__("rsv-check", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        kind, found = collect(arg.strip() or None)
        if kind is None:
            gdb.write(NO_WINDOWS)
            return
        problems = [fs["dev"] + ": " + p for fs in found for p in fs["problems"]]
        if problems:
            raise gdb.GdbError("rsv-check: " + "; ".join(problems))
        gdb.write("rsv-check: OK, {} windows on {} file system(s)\n".format(
            sum(len(fs["windows"]) for fs in found), len(found)))


RB_BLACK = 1
_last_shape = {}


def tree_shape(sb, sbi):
    """The tree of windows as a list of nodes, in order (by start block).

    Each node is a dict: its window ('dummy' for the empty window at
    block 0 that every tree of windows starts with), its colour ('R' or
    'B', the low bit of __rb_parent_color), its depth (the root is 0),
    the addresses of its node, its parent and its two children, and its
    place in order (index) and its parent's (parent_index, -1 at the
    root).
    """
    node_ptr, owner_of = rbtree_types(sb, sbi)
    dummy = int(sbi["s_rsv_window_head"].address)
    nodes = []

    def visit(n, depth):
        if int(n) == 0:
            return
        visit(n["rb_left"], depth + 1)
        pc = int(n["__rb_parent_color"])
        rsv = utils.container_of(n, node_ptr, "rsv_node")
        nodes.append({
            "node": int(n), "parent": pc & ~3, "depth": depth,
            "colour": "B" if pc & 1 == RB_BLACK else "R",
            "left": int(n["rb_left"]), "right": int(n["rb_right"]),
            "window": "dummy" if int(rsv) == dummy else window(rsv, owner_of),
        })
        if len(nodes) > 1000000:
            raise gdb.GdbError("rsv-tree: more than a million nodes: a loop in the tree?")
        visit(n["rb_right"], depth + 1)

    visit(sbi["s_rsv_window_root"]["rb_node"], 0)
    # Positions for scripts (JSON numbers lose the low bits of addresses).
    index = {n["node"]: i for i, n in enumerate(nodes)}
    for i, n in enumerate(nodes):
        n["index"] = i
        n["parent_index"] = index.get(n["parent"], -1)
    return nodes


def rb_problems(nodes, root):
    """Where the tree breaks the red-black rules, or its own links, as strings."""
    by = {n["node"]: n for n in nodes}
    bad = []
    if root and by[root]["colour"] != "B":
        bad.append("the root is red")
    if root and by[root]["parent"] != 0:
        bad.append("the root has a parent")
    heights = set()
    for n in nodes:
        for side in ("left", "right"):
            c = n[side]
            if c and by[c]["parent"] != n["node"]:
                bad.append("node {:#x}'s {} child does not point back to it".format(n["node"], side))
            if c and n["colour"] == "R" and by[c]["colour"] == "R":
                bad.append("red node {:#x} has a red {} child".format(n["node"], side))
        if not n["left"] or not n["right"]:
            # a path to an empty subtree ends here: count its black nodes
            b, m = 0, n
            while m:
                b += m["colour"] == "B"
                m = by.get(m["parent"])
            heights.add(b)
    if len(heights) > 1:
        bad.append("paths from the root hold different numbers of black nodes: {}".format(
            sorted(heights)))
    return bad, (min(heights) if heights else 0)


def label(n):
    w = n["window"]
    if w == "dummy":
        return "{} dummy at block 0".format(n["colour"])
    return "{} {}..{}{}".format(n["colour"], w["start"], w["end"],
                                "" if w["ino"] is None else " ino {}".format(w["ino"]))


def draw(nodes, root):
    """The tree sideways: the right subtree above a node, the left below."""
    by = {n["node"]: n for n in nodes}
    lines = []

    def walk(addr, prefix, kind):
        n = by[addr]
        up = prefix + ("    " if kind in ("root", "right") else "|   ")
        down = prefix + ("    " if kind in ("root", "left") else "|   ")
        if n["right"]:
            walk(n["right"], up, "right")
        lines.append(prefix + {"root": "", "right": "/-- ", "left": "\\-- "}[kind] + label(n))
        if n["left"]:
            walk(n["left"], down, "left")

    if root:
        walk(root, "  ", "root")
    return lines


def changes(dev, nodes, root):
    """What changed since the last rsv-tree on DEV: (text, nodes that moved)."""
    now = {n["node"]: (n["parent"], n["colour"]) for n in nodes}
    last = _last_shape.get(dev)
    _last_shape[dev] = (now, root)
    if last is None:
        return None, 0
    then, old_root = last
    new = [a for a in now if a not in then]
    gone = [a for a in then if a not in now]
    moved = [a for a in now if a in then and now[a][0] != then[a][0]]
    recoloured = [a for a in now if a in then and now[a][1] != then[a][1]]
    parts = []
    if new:
        parts.append("{} node{} added".format(len(new), "" if len(new) == 1 else "s"))
    if gone:
        parts.append("{} removed".format(len(gone)))
    if moved:
        parts.append("{} node{} got a new parent (rotated)".format(
            len(moved), "" if len(moved) == 1 else "s"))
    if recoloured:
        parts.append("{} recoloured".format(len(recoloured)))
    if root != old_root:
        by = {n["node"]: n for n in nodes}
        parts.append("new root: {}".format(label(by[root]) if root else "none"))
    return ("; ".join(parts) or "nothing"), len(moved)


class RsvTree(gdb.Command):
    """Draw a red-black tree of ext2 reservation windows: rsv-tree [--json FILE] [--all] [DEV]"""

    def __init__(self):
        super(RsvTree, self).__init__("rsv-tree", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        out, full = None, False
        while argv[:1] in (["--json"], ["--all"]):
            if argv[0] == "--all":
                full, argv = True, argv[1:]
            elif len(argv) < 2:
                raise gdb.GdbError("usage: rsv-tree [--json FILE] [--all] [DEV]")
            else:
                out, argv = json_path(argv[1]), argv[2:]
        kind = design()
        if kind != "rbtree":
            gdb.write("rsv-tree: this kernel keeps {} (use rsv-list)\n".format(
                "no reservation windows" if kind is None else "its windows on a sorted list"))
            return
        dev = argv[0] if argv else None
        saved = []
        for sb, sbi in ext2_supers(dev):
            name = sb["s_id"].string()
            nodes = tree_shape(sb, sbi)
            root = int(sbi["s_rsv_window_root"]["rb_node"])
            bad, black = rb_problems(nodes, root)
            height = 1 + max([n["depth"] for n in nodes] or [-1])
            wins = sum(n["window"] != "dummy" for n in nodes)
            gdb.write("ext2 on {}: red-black tree of {} node{} ({} window{}{}), "
                      "height {}, black height {}\n".format(
                          name, len(nodes), "" if len(nodes) == 1 else "s",
                          wins, "" if wins == 1 else "s",
                          " and the dummy" if len(nodes) > wins else ", no dummy yet",
                          height, black))
            if full or len(nodes) <= 64:
                gdb.write("\n".join(draw(nodes, root)) + "\n")
            else:
                gdb.write("  (more than 64 nodes: not drawn; rsv-tree --all draws them)\n")
            what, moved = changes(name, nodes, root)
            if what is not None:
                gdb.write("  since the last rsv-tree: {}\n".format(what))
            gdb.set_convenience_variable("rsv_moved", moved)
            gdb.set_convenience_variable("rsv_height", height)
            for p in bad:
                gdb.write("  BAD: {}\n".format(p))
            if not bad:
                gdb.write("  OK: root black, no red node with a red child, "
                          "{} black nodes on every path\n".format(black))
            saved.append({"dev": name, "root": root, "height": height,
                          "black_height": black, "nodes": nodes, "problems": bad})
        if not saved:
            gdb.write("rsv-tree: no ext2 file system{} is mounted\n".format(
                " on " + dev if dev else ""))
        if out:
            with open(out, "w") as f:
                json.dump(saved, f, indent=1)
            gdb.write("rsv-tree: saved to {}\n".format(out))
        if any(fs["problems"] for fs in saved):
            raise gdb.GdbError("rsv-tree: the tree breaks the red-black rules")


RsvList()
RsvCheck()
RsvTree()
