#!/usr/bin/env bash
# Render the book with pandoc: build/book/book.html (standalone, with a
# table of contents and highlighted code), build/book/book.pdf (the same
# HTML through WeasyPrint) and build/book/book.epub. The chapters are those
# listed in book.md's 'chapters:' metadata. Patch hunks, files, command
# outputs (book/examples/) and measured tables (results/) are quoted by
# scripts/book/quote.lua; the symbol map is made and checked by
# scripts/book/symbols.sh. A quote that no longer matches, a missing
# figure, a link to an anchor that does not exist, or any pandoc warning
# fails the build.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out=$BUILD/book
mkdir -p "$out"
mapfile -t chapters < <(sed -n '/^chapters:/,/^[^ ]/s/^  - //p' "$TOP/book.md")
[ ${#chapters[@]} -gt 0 ] || die "book.md lists no chapters"
for c in "${chapters[@]}"; do [ -f "$TOP/$c" ] || die "book.md lists $c, which does not exist"; done

# Every chapter that teaches (0 to 6) has at least one picture.
for c in "${chapters[@]}"; do
	case $c in chapters/0[0-6]-*) grep -q '^!\[' "$TOP/$c" || die "$c has no figure: each teaching chapter draws at least one" ;; esac
done
# The symbol map and the pictures drawn from saved real data.
"$TOP/scripts/book/figures.sh"
export COURSE_TOP=$TOP
edition="Edition of $(date +%Y-%m-%d), commit $(git -C "$TOP" describe --always --dirty 2>/dev/null || echo unknown)"
# quote.lua writes here the words that a tab separated in a code block.
export BOOK_TABS=$out/tab-pairs
: > "$BOOK_TABS"
common=(--from markdown --lua-filter "$TOP/scripts/book/quote.lua" --fail-if-warnings
        --standalone --toc --toc-depth=2 --highlight-style=tango
        --css "$TOP/scripts/book/book.css" --self-contained --metadata date="$edition")
cd "$TOP"
say "rendering the book: ${#chapters[@]} chapters"
run_shown pandoc "${common[@]}" -o "$out/book.html" book.md "${chapters[@]}"
# Every internal link must land on an anchor of the page.
ids=$(grep -o ' id="[^"]*"' "$out/book.html" | sed 's/ id="//; s/"$//' | sort -u)
broken=$(grep -o 'href="#[^"]*"' "$out/book.html" | sed 's/href="#//; s/"$//' | sort -u | comm -23 - <(echo "$ids"))
[ -z "$broken" ] || die "links to anchors that do not exist: $(echo $broken)"
# Links out of the book must name a file of the repository that exists.
for l in $(grep -o 'href="[^"#:]*"' "$out/book.html" | sed 's/href="//; s/"$//' | sort -u); do
	[ -e "$TOP/$l" ] || die "a link to $l, which does not exist"
done
epub=(pandoc --from markdown --lua-filter "$TOP/scripts/book/quote.lua" --fail-if-warnings
      --standalone --toc --toc-depth=2 --highlight-style=tango
      --css "$TOP/scripts/book/book.css" --metadata date="$edition" -o "$out/book.epub" book.md "${chapters[@]}")
run_shown "${epub[@]}"
pdf=(pandoc "${common[@]}" --pdf-engine=weasyprint -o "$out/book.pdf" book.md "${chapters[@]}")
printf '\033[36m$'; printf ' %q' "${pdf[@]}"; printf '\033[0m\n' >&2
"${pdf[@]}" 2>"$out/pdf.log" || { cat "$out/pdf.log" >&2; die "the PDF did not render"; }
# WeasyPrint ignores screen-only CSS (overflow, user-select) with a note; any
# other message is a real problem.
if grep -v -E '^\s*$|^WARNING: Ignored `[a-z-]+: [^`]*` at [0-9:]+, unknown property\.$' "$out/pdf.log" >&2; then
	die "pandoc or WeasyPrint warned while making the PDF (above)"
fi
# Where a tab fell on a tab stop WeasyPrint drew it with no width, running
# two words together ("struct list_headrsv_list;"): the filter expands tabs,
# and the PDF's text must show none of those words run together.
pdftotext -layout "$out/book.pdf" "$out/book.txt"
run_together=$(sort -u "$BOOK_TABS" | awk 'length($1) >= 3 && length($2) >= 3 { print $1 $2 }' |
	grep -owF -f - "$out/book.txt" | sort -u || true)
[ -z "$run_together" ] || die "the PDF runs together words a tab separated in the source: $(echo $run_together)"
# Diffs read as diffs: the highlighted classes the stylesheet colours.
grep -q '<code class="sourceCode diff">' "$out/book.html" && grep -q 'class="st">-' "$out/book.html" &&
	grep -q 'class="va">+' "$out/book.html" ||
	die "diff lines are no longer marked as pandoc's st (removed) and va (added) classes: fix book.css's diff colours"
# format-patch's signature line ("-- ") ends a patch; quoted, it would read
# as a removed line at the end of the last hunk.
! grep -q 'class="st">-- *</span>' "$out/book.html" ||
	die "a listing shows a patch's signature line ('-- ') as a removed line: scripts/book/quote.lua's parse() must end the hunk there"
# No table split across pages unless it is longer than a page: the filter
# anchors each table's caption ("table-N") and its last row ("table-N-end";
# "-long" for a table of more rows than a page holds), and WeasyPrint gives
# every anchor's page as a named destination.
dests=$(pdfinfo -dests "$out/book.pdf")
split=$(echo "$dests" | awk '{ id = $NF; gsub(/"/, "", id) }
	id ~ /^table-[0-9]+(-long)?$/ { start[id] = $1 }
	id ~ /^table-[0-9]+-end$/ { sub(/-end$/, "", id)
		if (!(id in start)) { print id " (no caption anchor)"; next }
		if (start[id] != $1) print id " (pages " start[id] "-" $1 ")" }')
grep -q '"table-1"' <<<"$dests" ||
	die "the PDF has no table anchors: scripts/book/quote.lua's number_table() must set them"
[ -z "$split" ] || die "tables split across pages though they fit on one: $(echo $split); see book.css's 'break-inside: avoid' and the page before each"
note "$out/book.html, $out/book.pdf, $out/book.epub"
