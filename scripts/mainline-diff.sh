#!/usr/bin/env bash
# scripts/mainline-diff.sh [CH]: where chapter CH (default: the last) still
# differs from mainline (chapter 0) in fs/ext2, one top-level definition per
# line: "FILE<TAB>NAME<TAB>changed|added|removed".
#
# The comparison ignores comments, indentation and line breaks: the course
# writes its own comments, so a line-by-line diff would list every comment
# and hide the few definitions whose code differs. Each file is stripped of
# comments by the C preprocessor (gcc -fpreprocessed: no macro expansion,
# no includes), split into definitions by tools/cunits.awk and compared
# token by token. #if blocks are not tracked: code inside them is compared
# like any other, but a moved #ifdef line does not show.
#
# The closing chapter lists each line this prints, with its reason, and
# 'make test' checks that the two lists are the same (tests/run.sh, group
# patches).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ch=${1:-$NCH}
check_chapter "$ch"
git -C "$KSRC" rev-parse -q --verify "ch$ch^{commit}" >/dev/null ||
	die "no chapter $ch in $KSRC: run 'scripts/kernel.sh prepare' (make kernel)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# units TAG FILE: FILE's definitions in TAG, "NAME<TAB>TOKENS" sorted by name.
units() {
	git -C "$KSRC" show "$1:$2" 2>/dev/null |
		gcc -fpreprocessed -dD -E -P -x c - 2>/dev/null |
		awk -f "$TOP/tools/cunits.awk" | sort -t "$(printf '\t')" -k1,1
}

files=$( { git -C "$KSRC" ls-tree --name-only ch0 fs/ext2/
	   git -C "$KSRC" ls-tree --name-only "ch$ch" fs/ext2/; } | grep -E '\.[ch]$' | sort -u)
for f in $files; do
	units ch0 "$f" > "$tmp/a"
	units "ch$ch" "$f" > "$tmp/b"
	# join on NAME; -a1 -a2 keeps the ones only one side has.
	join -t "$(printf '\t')" -a1 -a2 -e '<none>' -o 0,1.2,2.2 "$tmp/a" "$tmp/b" |
		awk -F '\t' -v f="$f" '
			$2 == "<none>" { print f "\t" $1 "\tadded"; next }
			$3 == "<none>" { print f "\t" $1 "\tremoved"; next }
			$2 != $3 { print f "\t" $1 "\tchanged" }'
done
