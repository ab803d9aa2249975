#!/usr/bin/env bash
# windows-vs-disk.sh WINDOWS.json LAYOUT N
# Check the windows rsv-list saved (from kernel memory) against the blocks
# each file got on disk (e2layout -l: ino name blocks extents first last).
# Each of the N open files owns exactly one window, and its last allocated
# block, the one the window was made for, lies inside that window.
set -euo pipefail
json=$1 layout=$2 want=$3
mapfile -t wins < <(jq -r '.filesystems[0].windows[] | "\(.ino) \(.start) \(.end)"' "$json")
[ "${#wins[@]}" = "$want" ] || { echo "want $want windows, rsv-list saw ${#wins[@]}"; exit 1; }
seen=" "
for w in "${wins[@]}"; do
	read -r ino start end <<<"$w"
	[ "$ino" != null ] || { echo "window $start-$end has no owner inode"; exit 1; }
	case $seen in *" $ino "*) echo "inode $ino owns two windows"; exit 1 ;; esac
	seen+="$ino "
	last=$(awk -v i="$ino" '$1 == i { print $6 }' "$layout")
	[ -n "$last" ] || { echo "inode $ino owns window $start-$end but is not a file on disk"; exit 1; }
	if [ "$last" -lt "$start" ] || [ "$last" -gt "$end" ]; then
		echo "inode $ino: last block $last on disk is outside its window $start-$end"; exit 1
	fi
	echo "inode $ino: window $start-$end holds its last block $last"
done
