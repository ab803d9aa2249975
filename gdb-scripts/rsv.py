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
#
# The command finds out from the kernel's types which design it is looking at:
#   chapter 0 (mainline): struct ext2_sb_info.s_rsv_window_root, an rb-tree
#   chapters 2-4 (the seed's design): s_rsv_window_head, a sorted list
#   the tree chapter (patches/wip/0005 for now): s_rsv_window_root again,
#   over chapter 4's struct ext2_reserve_window
#   chapter 1: neither; the kernel has no windows and the command says so.

import json

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


def windows_rbtree(sb, sbi):
    # Mainline: struct ext2_reserve_window_node, embedded in the inode's
    # allocation info as rsv_window_node. The course's tree chapter keeps
    # chapter 4's struct ext2_reserve_window (with an rb_node), embedded
    # as rsv_window.
    try:
        node_ptr = gdb.lookup_type("struct ext2_reserve_window_node").pointer()
        member = "rsv_window_node"
    except gdb.error:
        node_ptr = gdb.lookup_type("struct ext2_reserve_window").pointer()
        member = "rsv_window"
    info_ptr = gdb.lookup_type("struct ext2_block_alloc_info").pointer()
    dummy = int(sbi["s_rsv_window_head"].address)
    own = owners(sb)

    def owner_of(rsv):
        info = utils.container_of(rsv, info_ptr, member)
        return own.get(int(info))

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
            out, argv = argv[1], argv[2:]
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


RsvList()
RsvCheck()
