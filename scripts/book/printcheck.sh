#!/usr/bin/env bash
# The printed book's typesetting, checked on the files scripts/book.sh made:
#   - every table has a caption with a title ("Table N. Something"), not
#     only its number;
#   - no identifier of the book's code spans is broken across two lines of
#     the PDF in the middle of a word (after '_' or '/' is a fair break:
#     "ext2_ / reserve_window"; "ext2_reserve_wind / ow" is not).
# Prints what it finds; exit status 1 when anything is wrong.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
out=${1:-$BUILD/book}
[ -s "$out/book.html" ] && [ -s "$out/book.pdf" ] || die "no rendered book in $out: run 'make book' first"
bad=0
python3 - "$out/book.html" <<'PY' || bad=1
import re, sys
h = open(sys.argv[1], encoding="utf-8").read()
tables = re.findall(r"<table\b.*?</table>", h, re.S)
untitled = []
for t in tables:
    m = re.search(r"<caption>(.*?)</caption>", t, re.S)
    text = re.sub(r"<[^>]+>", "", m.group(1)).strip() if m else ""
    if not re.sub(r"^Table \d+\.", "", text).strip():
        row = re.search(r"<t[hd][^>]*>(.*?)</t[hd]>", t, re.S)
        untitled.append(re.sub(r"<[^>]+>", "", row.group(1)).strip()[:40] if row else "?")
print("printcheck: {} tables, {} without a title".format(len(tables), len(untitled)))
for u in untitled:
    print("  untitled table whose first cell is '{}'".format(u))
sys.exit(1 if untitled else 0)
PY
pdftotext -raw "$out/book.pdf" "$out/book.raw.txt"
python3 - "$out/book.html" "$out/book.raw.txt" <<'PY' || bad=1
import html, re, sys
h = open(sys.argv[1], encoding="utf-8").read()
names = set()
for c in re.findall(r"<code[^>]*>(.*?)</code>", h, re.S):
    for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]{5,}", html.unescape(re.sub(r"<[^>]+>", "", c))):
        if "_" in w.strip("_"):   # an identifier, not a word of prose
            names.add(w)
# (zero-width spaces, where the book lets an identifier break, removed)
lines = open(sys.argv[2], encoding="utf-8").read().replace("\u200b", "").split("\n")
ident = re.compile(r"[A-Za-z0-9_]+")
# An identifier broken over lines ends one line and starts the next; one
# broken twice also fills a line of its own in between. Try each chain of
# up to four pieces that ends one line and starts the next.
broken = set()
for i in range(len(lines) - 1):
    m = re.search(r"[A-Za-z0-9_]+$", lines[i].rstrip())
    if not m:
        continue
    pieces = [m.group(0)]
    for j in range(i + 1, min(i + 4, len(lines))):
        first = re.match(r"[A-Za-z0-9_]+", lines[j].strip())
        if not first:
            break
        cand = pieces + [first.group(0)]
        word = "".join(cand)
        if word in names and all(p not in names for p in cand):
            cuts = [k for k in range(len(cand) - 1)
                    if not cand[k].endswith("_") and not cand[k + 1].startswith("_")]
            if cuts:
                broken.add(" / ".join(cand))
            break
        if ident.fullmatch(lines[j].strip()):   # a piece that fills its line
            pieces.append(lines[j].strip())
        else:
            break
print("printcheck: {} identifiers broken mid-word across lines".format(len(broken)))
for w in sorted(broken):
    print("  " + w)
sys.exit(1 if broken else 0)
PY
exit $bad
