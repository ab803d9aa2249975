#!/usr/bin/env bash
# results/README.md, the index of results/: every file, what made it and
# what uses it, written from the files themselves (a report's 'Measured by'
# line, the merge lists, the references in the repository's other files).
#   bench/index.sh          print the index
#   bench/index.sh --write  write it to results/README.md
# Exits 1, saying which, when a file in results/ is used by nothing: a
# result nobody reads does not belong in the library (git keeps it).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$TOP"

# made_by FILE: how FILE came to be, in a few words.
made_by() {
	local f=$1 dir base line md
	dir=$(dirname "$f") base=$(basename "$f")
	case $base in
	*.md)
		line=$(grep -m1 '^Measured by ' "$f" || true)
		case $line in
		"Measured by "[0-9]*" runs of"*)
			echo "bench/merge.sh, from the runs listed in $(basename "${f%.md}").runs" ;;
		"Measured by \`"*)
			sed -E 's/^Measured by (`[^`]*`)( on ([0-9-]+))?.*/\1, \3/; s/, $//' <<<"$line" ;;
		*) echo "written by hand" ;;
		esac ;;
	*.csv)
		md=$dir/${base%.csv}.md
		[ -f "$md" ] || case $base in quick-*) md=$dir/quick.md ;; *) md=$dir/bench.md ;; esac
		echo "the data of $(basename "$md") (its tables are made from it by bench/report.sh)" ;;
	*.png) echo "drawn by bench/report.sh from the run's data" ;;
	*.runs) echo "by hand: the runs bench/merge.sh puts together into $(basename "${f%.runs}").csv and .md" ;;
	raw.txt) echo "the guest's own lines of the same run" ;;
	*warmups.txt) echo "the warm-up runs' lines, from the guest logs of the runs it names" ;;
	*) echo "unknown" ;;
	esac
}

# used_by FILE: the repository's files that name FILE (results/README.md
# aside), one a line, and the users a file has by its place: a run's report
# beside the data merge.sh reads, a data file and the report made from it.
used_by() {
	local f=$1 md
	git grep -l -F "$f" -- ':!results/README.md' ":!$f" 2>/dev/null | sed 's/.*/`&`/' || true
	case $f in
	results/runs/*/model.md)
		[ -z "$(git grep -l -F "${f%.md}.csv" -- 'results/*.runs' 'results/runs/*/*.runs' 2>/dev/null)" ] ||
			echo "bench/merge.sh (the report beside each run it merges)" ;;
	*.csv)
		md=$(made_by "$f" | sed -n 's/^the data of \([^ ]*\) .*/\1/p')
		echo "\`$(dirname "$f")/$md\`" ;;
	*.png) echo "\`$(dirname "$f")/bench.md\` (its run)" ;;
	esac
}

files() { git ls-files results; git ls-files --others --exclude-standard results; }

index() {
	cat <<-'EOF'
	# results/: the measurements the book quotes

	Written by `bench/index.sh --write` from the files themselves; `make test` checks that it is
	current and that every file here is used by something. How to measure again:
	[bench/README.md](../bench/README.md). What the disk model taught us:
	[bench/findings.md](../bench/findings.md).

	- At the top: what the book, the README or a test quotes, with the data it was made from.
	- `runs/NAME/`: one run's own files, in the names `make bench` gave them (`model.md`,
	  `model.csv`): the runs merged into a published result, and the experiments the bench's
	  findings quote.
	- `make bench PUBLISH=1` writes a new folder `runs/DATE-MODE-PARTS/` and overwrites nothing:
	  a result is published when a chapter (or a merge list) names it.

	EOF
	local section f
	for section in top runs; do
		if [ $section = top ]; then printf '## Published\n\n'; else printf '\n## runs/\n\n'; fi
		printf '| file | made by | used by |\n|---|---|---|\n'
		while read -r f; do
			[ "$f" = results/README.md ] && continue
			case $f in results/runs/*) [ $section = runs ] || continue ;; *) [ $section = top ] || continue ;; esac
			printf '| `%s` | %s | %s |\n' "${f#results/}" "$(made_by "$f")" "$(used_by "$f" | paste -sd, | sed 's/,/, /g')"
		done < <(files | sort -u)
	done
}

out=$(index)
unused=$(awk -F' [|] ' '/^[|] `/ && $3 ~ /^ *[|]? *$/ { print $1 }' <<<"$out" | sed 's/^| //')
if [ "${1:-}" = --write ]; then
	echo "$out" > "$TOP/results/README.md"
	note "wrote results/README.md"
else
	echo "$out"
fi
[ -z "$unused" ] || die "used by nothing (remove them, or say in the book what they show): $(echo "$unused" | paste -sd' ')"
