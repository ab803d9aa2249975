#!/usr/bin/env bash
# The map from the seed's 2004 ext3 symbols to this course's ext2 and to
# mainline 6.1, checked so that it cannot drift from the code:
#   scripts/book/symbols.sh [--strict] OUT.md
# Every row of book/symbols.tsv names a symbol in three places, and each must
# be there (a seed name of '-': the seed had none, as for chapter 5's tree):
# the seed patch (in $SEEDS, or ../shared/seeds beside the
# checkout), the course's patch in patches/, and
# chapter 0's fs/ext2 in build/linux. A place that is not on this machine is
# reported as not checked; with --strict (make test), a missing kernel tree
# is a failure, and the seed's names, when the seed patches are nowhere to
# be found, are reported as not checked (they are not part of this
# repository).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
strict=0
[ "${1:-}" = --strict ] && { strict=1; shift; }
out=${1:?usage: symbols.sh [--strict] OUT.md}
find_seeds
tsv=$TOP/book/symbols.tsv
bad=0 unchecked=()
[ -d "$SEEDS" ] || unchecked+=("the seed's names (no seed patches in $SEEDS)")
[ -d "$KSRC/.git" ] || unchecked+=("mainline's names (no kernel tree in $KSRC: make kernel)")

word() { sed 's/^struct //' <<<"$1"; }
has() {  # has FILE-GLOB SYMBOL
	local f; f=$(ls $1 2>/dev/null | head -1)
	[ -n "$f" ] && grep -qw -- "$(word "$2")" "$f"
}
{
	echo "| 2004 ext3 (seed patch) | this course's ext2 (patch) | mainline 6.1 ext2 | what it is |"
	echo "|-----|-----|----|------|"   # relative widths: the last column is prose
	while IFS=$'\t' read -r seed sp ours op main what; do
		case $seed in '#'*|'') continue ;; esac
		if [ "$seed" != - ] && [ -d "$SEEDS" ] && ! has "$SEEDS/$sp-*.patch" "$seed"; then
			note "symbols: '$seed' is not in seed patch $sp"; bad=1
		fi
		if ! has "$TOP/patches/$op-*.patch" "$ours"; then
			note "symbols: '$ours' is not in patches/$op-*.patch"; bad=1
		fi
		if [ -d "$KSRC/.git" ] && ! git -C "$KSRC" grep -qw "$(word "$main")" ch0 -- fs/ext2; then
			note "symbols: '$main' is not in chapter 0's fs/ext2"; bad=1
		fi
		first="\`$seed\` ($sp)"
		[ "$seed" = - ] && first="(not in the seed)"
		printf '| %s | `%s` (%s) | `%s` | %s |\n' "$first" "$ours" "$op" "$main" "$what"
	done < "$tsv"
} > "$out"
[ $bad = 0 ] || die "book/symbols.tsv does not match the code (above)"
for u in "${unchecked[@]}"; do note "symbols: not checked: $u"; done
[ $strict = 1 ] && [ ! -d "$KSRC/.git" ] && die "symbols: --strict, and mainline's names could not be checked"
note "symbols: $(grep -c '^| [`(]' "$out") rows checked against$([ -d "$SEEDS" ] && echo " the seed,") patches/$([ -d "$KSRC/.git" ] && echo " and chapter 0")"
