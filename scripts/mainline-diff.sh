#!/usr/bin/env bash
# scripts/mainline-diff.sh [--today|--upstream] [CH]: where chapter CH
# (default: the last) still differs from mainline in fs/ext2, one top-level
# definition per line: "FILE<TAB>NAME<TAB>changed|added|removed".
#   (default)   against Linux 6.1 as Debian ships it (chapter 0), the
#               tree the course is built on;
#   --today     against Linux 6.12, Debian 12's newest kernel source (its
#               fs/ext2, unpacked by 'scripts/kernel.sh today'; never built);
#   --upstream  6.1 against 6.12, no chapter: what mainline itself changed.
#
# The comparison ignores comments, indentation and line breaks: the course
# writes its own comments, so a line-by-line diff would list every comment
# and hide the few definitions whose code differs. Each file is stripped of
# comments by the C preprocessor (gcc -fpreprocessed: no macro expansion,
# no includes), split into definitions by tools/cunits.awk and compared
# token by token. #if blocks are not tracked: code inside them is compared
# like any other, but a moved #ifdef line does not show.
#
# The closing chapter lists each line this prints, with its reason, in one
# table for 6.1 and one for 6.12, and 'make test' checks that the lists are
# the same (tests/groups/patches.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

today=0 upstream=0
case ${1:-} in
--today) today=1; shift ;;
--upstream) today=1 upstream=1; shift ;;
-*) die "usage: scripts/mainline-diff.sh [--today|--upstream] [CH]" ;;
esac
ch=${1:-$NCH}
check_chapter "$ch"
git -C "$KSRC" rev-parse -q --verify "ch$ch^{commit}" >/dev/null ||
	die "no chapter $ch in $KSRC: run 'scripts/kernel.sh prepare' (make kernel)"
[ "$today" = 0 ] || [ -f "$TODAY/version" ] ||
	die "no $TODAY_PKG in $TODAY: run 'scripts/kernel.sh today' (make test does)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# source TAG FILE: FILE as chapter TAG has it; TAG "today": as 6.12 has it.
source_of() {
	if [ "$1" = today ]; then cat "$TODAY/$2" 2>/dev/null || true
	else git -C "$KSRC" show "$1:$2" 2>/dev/null || true; fi
}
# units TAG FILE: FILE's definitions in TAG, "NAME<TAB>TOKENS" sorted by name.
units() {
	source_of "$1" "$2" |
		gcc -fpreprocessed -dD -E -P -x c - 2>/dev/null |
		awk -f "$TOP/tools/cunits.awk" | sort -t "$(printf '\t')" -k1,1
}

# base: the tree compared with; new: the tree whose definitions are
# 'added' when base lacks them.
base=ch0 new=ch$ch
[ "$today" = 0 ] || base=today
[ "$upstream" = 0 ] || { base=ch0 new=today; }
# ls_tree TAG: the files of fs/ext2 in TAG (or in today's tree).
ls_tree() {
	if [ "$1" = today ]; then (cd "$TODAY" && ls fs/ext2/*)
	else git -C "$KSRC" ls-tree --name-only "$1" fs/ext2/; fi
}
files=$( { ls_tree "$base"; ls_tree "$new"; } | grep -E '\.[ch]$' | sort -u)
for f in $files; do
	units "$base" "$f" > "$tmp/a"
	units "$new" "$f" > "$tmp/b"
	# join on NAME; -a1 -a2 keeps the ones only one side has.
	join -t "$(printf '\t')" -a1 -a2 -e '<none>' -o 0,1.2,2.2 "$tmp/a" "$tmp/b" |
		awk -F '\t' -v f="$f" '
			$2 == "<none>" { print f "\t" $1 "\tadded"; next }
			$3 == "<none>" { print f "\t" $1 "\tremoved"; next }
			$2 != $3 { print f "\t" $1 "\tchanged" }'
done
