# shellcheck shell=bash
# tests/groups/book.sh: the suite's 'book' group (tests/run.sh book). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_book.

group_book() {
	section "book"
	t "the symbol map matches patches/ and chapter 0 (and the seed, when its patches are here)" \
		bash -o pipefail -c '"$0" --strict "$1" 2>&1 | tee "$1.out"' "$TOP/scripts/book/symbols.sh" "$T/symbols.md"
	grep -q 'not checked' "$T/symbols.md.out" &&
		echo "# NOT CHECKED: the seed's symbol names (no seed patches on this machine; set SEEDS=DIR)"
	find_seeds
	if ls "$SEEDS"/*cover*.txt >/dev/null 2>&1; then
		t "the seed's dbench and tiobench figures (book/seed.csv, chapter 7) are its cover letter's" "$TOP/scripts/book/seedcheck.sh"
	else
		t "the seed's dbench and tiobench figures in book/seed.csv and chapter 7 agree" "$TOP/scripts/book/seedcheck.sh"
		echo "# NOT CHECKED: the seed's figures against its cover letter (not on this machine; set SEEDS=DIR)"
	fi
	t "the tools print what book/examples/ shows (run again in a guest, numbers aside)" \
		"$TOP/scripts/book/examples.sh" --check
	t "the book renders (HTML, PDF, EPUB) without warnings or broken links" "$TOP/scripts/book.sh"
	t "the printed book: every table has a title, no identifier broken mid-word across lines (scripts/book/printcheck.sh)" \
		"$TOP/scripts/book/printcheck.sh"
	t "the slides render, one deck per chapter (HTML and PDF), without warnings" \
		bash -c "'$TOP/scripts/slides.sh' && [ \$(ls '$BUILD'/slides/*.pdf | wc -l) -ge 9 ]"
}
