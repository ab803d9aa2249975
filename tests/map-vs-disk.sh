#!/usr/bin/env bash
# map-vs-disk.sh MAP.json IMAGE E2LAYOUT
# Check a picture rsv-map drew from kernel memory (one block a cell) against
# the disk the same guest left: every block that e2layout (libext2fs, read
# from the image) gives to a file must carry that file's letter in the
# map's blocks row. The files must not have changed since the stop (the
# walkthroughs stop when every file is written and held open).
set -euo pipefail
json=$1 img=$2 e2layout=$3
[ "$(jq -r .per "$json")" = 1 ] || { echo "the map is not one block a cell"; exit 1; }
lo=$(jq -r .lo "$json") hi=$(jq -r .hi "$json") row=$(jq -r .rows.blocks "$json")
# e2layout -m numbers files in directory order; -l lists them in that order.
mapfile -t inos < <("$e2layout" -l "$img" | awk '{ print $1 }')
mapfile -t owners < <("$e2layout" -m "$lo:$((hi - lo + 1)):1" "$img")
checked=0
for i in "${!owners[@]}"; do
	n=${owners[$i]}
	[ "$n" != 0 ] || continue
	ino=${inos[$((n - 1))]}
	want=$(jq -r --arg i "$ino" '.letters[$i] // "none"' "$json")
	got=${row:$i:1}
	[ "$got" = "$want" ] || { echo "block $((lo + i)): the disk gives it to inode $ino ('$want'), the map shows '$got'"; exit 1; }
	checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || { echo "no file block in $lo..$hi on disk"; exit 1; }
echo "blocks $lo..$hi: $checked file blocks, each with its file's letter ($row)"
