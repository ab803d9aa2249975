#!/usr/bin/env bash
# Render the book with pandoc: build/book/book.html (standalone, with a
# table of contents and highlighted code) and build/book/book.pdf (the same
# HTML through WeasyPrint). The chapters are those listed in book.md's
# 'chapters:' metadata. Patch hunks and files are quoted by
# scripts/book/quote.lua; a quote that no longer matches, or any pandoc
# warning, fails the build.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out=$BUILD/book
mkdir -p "$out"
mapfile -t chapters < <(sed -n '/^chapters:/,/^[^ ]/s/^  - //p' "$TOP/book.md")
[ ${#chapters[@]} -gt 0 ] || die "book.md lists no chapters"
for c in "${chapters[@]}"; do [ -f "$TOP/$c" ] || die "book.md lists $c, which does not exist"; done

export COURSE_TOP=$TOP
common=(--from markdown --lua-filter "$TOP/scripts/book/quote.lua" --fail-if-warnings
        --standalone --toc --toc-depth=2 --number-sections --highlight-style=tango
        --css "$TOP/scripts/book/book.css" --self-contained --metadata date="$(date +%Y-%m-%d)")
cd "$TOP"
say "rendering the book: ${#chapters[@]} chapters"
run_shown pandoc "${common[@]}" -o "$out/book.html" book.md "${chapters[@]}"
pdf=(pandoc "${common[@]}" --pdf-engine=weasyprint -o "$out/book.pdf" book.md "${chapters[@]}")
printf '\033[36m$'; printf ' %q' "${pdf[@]}"; printf '\033[0m\n' >&2
"${pdf[@]}" 2>"$out/pdf.log" || { cat "$out/pdf.log" >&2; die "the PDF did not render"; }
# WeasyPrint ignores screen-only CSS (overflow, user-select) with a note; any
# other message is a real problem.
if grep -v -E '^\s*$|^WARNING: Ignored `[a-z-]+: [^`]*` at [0-9:]+, unknown property\.$' "$out/pdf.log" >&2; then
	die "pandoc or WeasyPrint warned while making the PDF (above)"
fi
note "$out/book.html, $out/book.pdf"
