#!/usr/bin/env bash
# make slides: one deck per chapter of the book, for the instructor, made
# from the same sources as the book (scripts/book/quote.lua puts the real
# hunks, tables and figures in; scripts/slides/slides.lua keeps, per
# section, its listings, figures, tables and lists on the slide and its
# paragraphs as speaker notes). Each deck is written twice:
#   build/slides/NAME.html   self-contained, one slide per screen, the
#                            speaker notes under it
#   build/slides/NAME.pdf    16:9 pages through WeasyPrint, one slide each,
#                            to project (no notes)
# As for the book, a quote that no longer matches, or any pandoc or
# WeasyPrint warning, fails the build; so does a slide that runs onto a
# second page (the PDF has more pages than the deck has slides).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out=$BUILD/slides
mkdir -p "$out"
mapfile -t chapters < <(sed -n '/^chapters:/,/^[^ ]/s/^  - //p' "$TOP/book.md" | grep -E 'chapters/0[0-8]-')
[ ${#chapters[@]} -gt 0 ] || die "book.md lists no chapters"
# What the book's chapters refer to: the symbol map and the pictures (kept
# when make test's book check has just drawn them).
"$TOP/scripts/book/figures.sh"
export COURSE_TOP=$TOP
cd "$TOP"
say "slides: ${#chapters[@]} decks"
overfull=()
for c in "${chapters[@]}"; do
	name=$(basename "$c" .md)
	common=(--from markdown --lua-filter scripts/book/quote.lua --lua-filter scripts/slides/slides.lua
	        --fail-if-warnings --standalone --section-divs --highlight-style=tango
	        --css scripts/slides/slides.css --self-contained --metadata title="$(sed -n '1{s/^# //; s/ {#.*//; p}' "$c")")
	pandoc "${common[@]}" -o "$out/$name.html" "$c" || die "$c: the HTML deck did not render"
	pandoc "${common[@]}" --pdf-engine=weasyprint -o "$out/$name.pdf" "$c" 2>"$out/$name.log" ||
		{ cat "$out/$name.log" >&2; die "$c: the PDF deck did not render"; }
	if grep -v -E '^\s*$|^WARNING: Ignored `[a-z-]+: [^`]*` at [0-9:]+, unknown property\.$' "$out/$name.log" >&2; then
		die "$c: pandoc or WeasyPrint warned while making the PDF deck (above)"
	fi
	# One page per slide: a slide that runs onto a second page is too full
	# to project.
	pages=$(pdfinfo "$out/$name.pdf" | awk '/^Pages:/ { print $2 }')
	slides=$(grep -cE '<section[^>]*class="level[12]' "$out/$name.html" || true)
	printf '    %-28s %3s slides, %3s pages, %s notes\n' "$name" "$slides" "$pages" \
		"$(grep -c 'class="notes"' "$out/$name.html")" >&2
	[ "$pages" = "$slides" ] || overfull+=("$name ($slides slides on $pages pages)")
done
note "decks in $out: $(ls "$out"/*.pdf | wc -l) PDF, $(ls "$out"/*.html | wc -l) HTML"
[ ${#overfull[@]} = 0 ] || die "slides that run off their page: ${overfull[*]}"
