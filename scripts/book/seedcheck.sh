#!/usr/bin/env bash
# The seed's dbench and tiobench figures are typed twice in this repository:
# book/seed.csv (read by the bench's report) and the two tables at the top
# of chapters/07-measurements.md. Check that both say what the seed's cover
# letter says, or, where the cover letter is not on this machine, at least
# that they agree with each other (and say so).
#   scripts/book/seedcheck.sh
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
find_seeds
csv=$TOP/book/seed.csv ch=$TOP/chapters/07-measurements.md
# rows TABLE: "threads ext3 rsv8 [rsv128] rsvdw [ext2]" from each source,
# the columns the source has, in one order.
from_csv() {
	grep -v '^#' "$csv" | awk -F, -v t="$1" '$1 == t { r = $2 " " $4 " " $5; if ($6 != "-") r = r " " $6; r = r " " $7; if ($3 != "-") r = r " " $3; print r }'
}
# The chapter's tables: dbench is "threads | ext3 | rsv8 (x%) | rsvdw (y%)",
# tiobench "threads | ext2 | ext3 | rsv8 | rsv128 | rsvdw".
from_chapter() {
	awk -v t="$1" '/^: dbench/ { d = 0 } /^: tiobench/ { b = 0 }
		/^\| threads \| ext3 \|/ { d = 1; next }
		/^\| threads \| ext2 \| ext3 \|/ { b = 1; next }
		(d || b) && /^\| [0-9]/ {
			gsub(/\([^)]*\)/, ""); n = split($0, f, "|"); for (i = 2; i < n; i++) gsub(/ /, "", f[i])
			if (d && t == "dbench") print f[2], f[3], f[4], f[5]
			if (b && t == "tiobench") print f[2], f[4], f[5], f[6], f[7], f[3]
		}' "$ch"
}
# The cover letter: dbench rows after "Threads ext3", tiobench after "Threads ext2".
from_letter() {
	sed 's/([^)]*)//g' "$1" | awk -v t="$1" -v which="$2" '
		/^Threads +ext3/ { d = 1; b = 0; next } /^Threads +ext2/ { b = 1; d = 0; next }
		/^$/ { d = b = 0 }
		d && which == "dbench" && $1 ~ /^[0-9]+$/ { print $1, $2, $3, $4 }
		b && which == "tiobench" && $1 ~ /^[0-9]+$/ { print $1, $3, $4, $5, $6, $2 }'
}
bad=0
for t in dbench tiobench; do
	diff <(from_csv $t) <(from_chapter $t) >&2 || { echo "seedcheck: book/seed.csv and chapter 7 disagree on the $t table (above)" >&2; bad=1; }
	[ -n "$(from_csv $t)" ] || { echo "seedcheck: no $t rows in book/seed.csv" >&2; bad=1; }
done
letter=$(ls "$SEEDS"/*cover*.txt 2>/dev/null | head -1 || true)
if [ -n "$letter" ]; then
	for t in dbench tiobench; do
		diff <(from_csv $t) <(from_letter "$letter" $t) >&2 ||
			{ echo "seedcheck: book/seed.csv's $t table is not the cover letter's ($letter)" >&2; bad=1; }
	done
	[ $bad = 1 ] || note "seedcheck: book/seed.csv and chapter 7 carry the cover letter's two tables"
else
	[ $bad = 1 ] || note "seedcheck: book/seed.csv and chapter 7 agree; not checked against the cover letter (not in $SEEDS)"
fi
exit $bad
