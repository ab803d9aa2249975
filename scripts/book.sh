#!/usr/bin/env bash
# Render the book with pandoc: build/book/book.html (standalone, with a
# table of contents and highlighted code), build/book/book.pdf (the same
# HTML through WeasyPrint) and build/book/book.epub. The chapters are those
# listed in book.md's 'chapters:' metadata. Beside the book, the bench's own
# document, bench/findings.md (the disk model's investigation, which
# chapter 7 sums up), goes to build/book/findings.html and findings.pdf,
# through the same filter and the same checks. Patch hunks, files, command
# outputs (book/examples/) and measured tables (results/) are quoted by
# scripts/book/quote.lua; the symbol map is made and checked by
# scripts/book/symbols.sh. A quote that no longer matches, a missing
# figure, a link to an anchor that does not exist, or any pandoc warning
# fails the build.
#
# A link from one document into the other names the other's source file
# and an anchor, as a link to any file of the repository names the file:
# bench/findings.md#clock in a chapter, chapters/07-measurements.md#disk-model
# in the findings. The build checks that the file exists and that the
# anchor is one of the other document's, and in the two HTML pages, which
# it writes side by side, points such links at findings.html and book.html
# (the PDF and EPUB keep the file names).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out=$BUILD/book
mkdir -p "$out"
mapfile -t chapters < <(sed -n '/^chapters:/,/^[^ ]/s/^  - //p' "$TOP/book.md")
[ ${#chapters[@]} -gt 0 ] || die "book.md lists no chapters"
for c in "${chapters[@]}"; do [ -f "$TOP/$c" ] || die "book.md lists $c, which does not exist"; done
findings=bench/findings.md
[ -f "$TOP/$findings" ] || die "$findings, the bench's findings the book links to, does not exist"

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
# ids HTML: the anchors of a rendered page, one a line.
ids() { grep -o ' id="[^"]*"' "$1" | sed 's/ id="//; s/"$//' | sort -u; }
# check_links HTML WHAT: every link within the page lands on one of its
# anchors, and every link out of it without an anchor names a file of the
# repository that exists.
check_links() {
	local broken l
	broken=$(grep -o 'href="#[^"]*"' "$1" | sed 's/href="#//; s/"$//' | sort -u | comm -23 - <(ids "$1"))
	[ -z "$broken" ] || die "$2: links to anchors that do not exist: $(echo "$broken" | tr '\n' ' ')"
	for l in $(grep -o 'href="[^"#:]*"' "$1" | sed 's/href="//; s/"$//' | sort -u); do
		[ -e "$TOP/$l" ] || die "$2: a link to $l, which does not exist"
	done
}
say "rendering the bench's findings: $findings"
run_shown pandoc "${common[@]}" -o "$out/findings.html" "$findings"
check_links "$out/findings.html" "$findings"
say "rendering the book: ${#chapters[@]} chapters"
run_shown pandoc "${common[@]}" -o "$out/book.html" book.md "${chapters[@]}"
check_links "$out/book.html" "the book"
# check_across HTML WHAT: the links of the page to FILE#ID (a file of the
# repository and an anchor) go to the other document: FILE is
# bench/findings.md, or book.md or one of its chapters, and ID is an anchor
# of findings.html or of book.html.
check_across() {
	local l file id
	[ -n "${book_ids:-}" ] || book_ids=$(ids "$out/book.html") findings_ids=$(ids "$out/findings.html")
	for l in $(grep -o 'href="[^"#:][^"#:]*#[^"]*"' "$1" | sed 's/href="//; s/"$//' | sort -u); do
		file=${l%%#*} id=${l#*#}
		[ -e "$TOP/$file" ] || die "$2: a link to $l, whose file does not exist"
		if [ "$file" = "$findings" ]; then
			grep -qxF -- "$id" <<<"$findings_ids" ||
				die "$2: a link to $l, an anchor that $findings does not have (build/book/findings.html)"
		elif [ "$file" = book.md ] || printf '%s\n' "${chapters[@]}" | grep -qxF -- "$file"; then
			grep -qxF -- "$id" <<<"$book_ids" ||
				die "$2: a link to $l, an anchor that the book does not have (build/book/book.html)"
		else
			die "$2: a link to $l: an anchor can be linked to only in $findings or in the book"
		fi
	done
}
check_across "$out/book.html" "the book"
check_across "$out/findings.html" "$findings"
# Side by side in $out, each page links to the other's.
sed -i -E 's@href="bench/findings\.md([#"])@href="findings.html\1@g' "$out/book.html" "$out/findings.html"
sed -i -E 's@href="(book|chapters/[^"#]*)\.md#@href="book.html#@g' "$out/book.html" "$out/findings.html"
epub=(pandoc --from markdown --lua-filter "$TOP/scripts/book/quote.lua" --fail-if-warnings
      --standalone --toc --toc-depth=2 --highlight-style=tango
      --css "$TOP/scripts/book/book.css" --metadata date="$edition" -o "$out/book.epub" book.md "${chapters[@]}")
run_shown "${epub[@]}"
# pdf NAME SOURCES...: $out/NAME.pdf from SOURCES, the HTML through
# WeasyPrint, and the checks of a PDF.
pdf() {
	local name=$1 log=$out/$1.pdf.log run_together dests split
	shift
	local cmd=(pandoc "${common[@]}" --wrap=none --pdf-engine=weasyprint -o "$out/$name.pdf" "$@")
	printf '\033[36m$'; printf ' %q' "${cmd[@]}"; printf '\033[0m\n' >&2
	BOOK_PRINT=1 "${cmd[@]}" 2>"$log" || { cat "$log" >&2; die "$name.pdf did not render"; }
	# WeasyPrint ignores screen-only CSS (overflow, user-select) with a note; any
	# other message is a real problem.
	if grep -v -E '^\s*$|^WARNING: Ignored `[a-z-]+: [^`]*` at [0-9:]+, unknown property\.$' "$log" >&2; then
		die "pandoc or WeasyPrint warned while making $name.pdf (above)"
	fi
	# Where a tab fell on a tab stop WeasyPrint drew it with no width, running
	# two words together ("struct list_headrsv_list;"): the filter expands tabs,
	# and the PDF's text must show none of those words run together.
	pdftotext -layout "$out/$name.pdf" "$out/$name.txt"
	run_together=$(sort -u "$BOOK_TABS" | awk 'length($1) >= 3 && length($2) >= 3 { print $1 $2 }' |
		grep -owF -f - "$out/$name.txt" | sort -u || true)
	[ -z "$run_together" ] ||
		die "$name.pdf runs together words a tab separated in the source: $(echo "$run_together" | tr '\n' ' ')"
	# No table split across pages unless it is longer than a page: the filter
	# anchors each table's caption ("table-N") and its last row ("table-N-end";
	# "-long" for a table of more rows than a page holds), and WeasyPrint gives
	# every anchor's page as a named destination.
	dests=$(pdfinfo -dests "$out/$name.pdf")
	split=$(echo "$dests" | awk '{ id = $NF; gsub(/"/, "", id) }
		id ~ /^table-[0-9]+(-long)?$/ { start[id] = $1 }
		id ~ /^table-[0-9]+-end$/ { sub(/-end$/, "", id)
			if (!(id in start)) { print id " (no caption anchor)"; next }
			if (start[id] != $1) print id " (pages " start[id] "-" $1 ")" }')
	grep -q '"table-1"' <<<"$dests" ||
		die "$name.pdf has no table anchors: scripts/book/quote.lua's number_table() must set them"
	[ -z "$split" ] ||
		die "$name.pdf splits tables across pages though they fit on one: $(echo "$split" | tr '\n' ' '); see book.css's 'break-inside: avoid' and the page before each"
}
pdf book book.md "${chapters[@]}"
pdf findings "$findings"
# Diffs read as diffs: the highlighted classes the stylesheet colours.
grep -q '<code class="sourceCode diff">' "$out/book.html" && grep -q 'class="st">-' "$out/book.html" &&
	grep -q 'class="va">+' "$out/book.html" ||
	die "diff lines are no longer marked as pandoc's st (removed) and va (added) classes: fix book.css's diff colours"
# format-patch's signature line ("-- ") ends a patch; quoted, it would read
# as a removed line at the end of the last hunk.
! grep -q 'class="st">-- *</span>' "$out/book.html" ||
	die "a listing shows a patch's signature line ('-- ') as a removed line: scripts/book/quote.lua's parse() must end the hunk there"
note "$out/book.html, $out/book.pdf, $out/book.epub; $out/findings.html, $out/findings.pdf"
