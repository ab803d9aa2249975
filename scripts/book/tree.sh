#!/usr/bin/env bash
# Draw a red-black tree of reservation windows, as saved by gdb's
# 'rsv-tree --json FILE', as a PNG: each node at its place in block order
# (x) and its depth (y, the root on top), red or black, labelled with its
# window's first block.
#   scripts/book/tree.sh TREE.json OUT.png
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
json=${1:?usage: tree.sh TREE.json OUT.png} out=${2:?usage: tree.sh TREE.json OUT.png}
[ -s "$json" ] || die "$json is missing or empty: run the walkthrough that saves it (make walkthrough CH=5)"
command -v gnuplot >/dev/null || die "gnuplot is missing: run 'scripts/deps.sh bench'"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# index depth colour label parent_index
jq -r '.[0].nodes[] | [.index, .depth, .colour,
	(if .window == "dummy" then "0 (dummy)" else (.window.start | tostring) end),
	.parent_index] | @tsv' "$json" > "$tmp/nodes"
[ -s "$tmp/nodes" ] || die "$json holds no tree"
# One edge per node with a parent: from the parent down to the node.
awk -F'\t' 'NR == FNR { x[$1] = $1; y[$1] = -$2; next }
	$5 >= 0 { print x[$5], y[$5], x[$1] - x[$5], y[$1] - y[$5] }' "$tmp/nodes" "$tmp/nodes" > "$tmp/edges"
awk -F'\t' '{ print $1, -$2, ($3 == "R" ? "0xcc2222" : "0x111111"), "\"" $4 "\"" }' "$tmp/nodes" > "$tmp/points"
n=$(wc -l < "$tmp/nodes") depth=$(awk -F'\t' '$2 > d { d = $2 } END { print d }' "$tmp/nodes")
gnuplot -e "edges='$tmp/edges'; points='$tmp/points'; out='$out'; n=$n; depth=$depth" "$TOP/scripts/book/tree.gp"
note "$out: $n nodes, height $((depth + 1))"
