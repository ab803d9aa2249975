#!/usr/bin/env bash
# map-vs-list.sh MAP.json WINDOWS.json
# Check the windows row of a picture rsv-map drew against the windows
# rsv-list saved at the same stop: a cell that meets one window carries
# the letter of that window's file, a cell that meets more shows '+', and
# a cell that meets none shows '-'.
set -euo pipefail
map=$1 list=$2
lo=$(jq -r .lo "$map") hi=$(jq -r .hi "$map") per=$(jq -r .per "$map") row=$(jq -r .rows.windows "$map")
mapfile -t wins < <(jq -r '.filesystems[0].windows[] | "\(.ino) \(.start) \(.end)"' "$list")
cells=${#row} inside=0
for ((c = 0; c < cells; c++)); do
	a=$((lo + c * per)) b=$((lo + (c + 1) * per - 1))
	[ "$b" -le "$hi" ] || b=$hi
	meet=0 who=""
	for w in "${wins[@]}"; do
		read -r ino start end <<<"$w"
		[ "$start" -le "$b" ] && [ "$end" -ge "$a" ] || continue
		meet=$((meet + 1)) who=$ino
	done
	got=${row:$c:1}
	case $meet in
	0) want=- ;;
	1) want=$(jq -r --arg i "$who" '.letters[$i] // "none"' "$map"); inside=$((inside + 1)) ;;
	*) want=+ inside=$((inside + 1)) ;;
	esac
	[ "$got" = "$want" ] || { echo "cell $c (blocks $a..$b) meets $meet window(s): the map shows '$got', not '$want'"; exit 1; }
done
[ "$inside" -gt 0 ] || { echo "no cell meets a window"; exit 1; }
echo "${#wins[@]} windows in $inside cells (one file's letter where one window, '+' where more); $cells cells in all ($row)"
