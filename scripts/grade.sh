#!/usr/bin/env bash
# make grade [CH=n] [PICK=seed]: the labs' grader against its catalogue of
# plausible wrong solutions (labs/mistakes/chN/*.patch). Each mistake is a
# small patch against the chapter's own code, with three header lines:
#   Mistake:   what a student got wrong, in a sentence
#   Caught by: the stage of 'make check' that must catch it (kunit, guest
#              or walk: scripts/lab.sh's LAB_STAGES), or 'nothing' for a
#              mistake the grader is known to miss, or to catch only in
#              some runs (the Hint line then says why); it is still run,
#              and what happened is reported
#   Hint:      text that must be in what 'make check' prints: a hint's
#              case or part, or the name of the guest check that fails
# For each, on a branch of its own in build/linux (the student's lab
# branches are left alone): the chapter's code, the mistake applied, then
# 'make check' at that stage; the mistake is caught when the check fails
# and prints the hint. One row per mistake and a score per lab, also in
# build/results/grade.md (PUBLISH=1: results/grade.md, which appendix D
# quotes).
#   scripts/grade.sh [CHAPTER...]           every mistake of those labs
#                                            (MISTAKE=name: that one)
#   scripts/grade.sh --pick SEED [CHAPTER...] one mistake per lab, chosen
#                                            by SEED (make test's share)
#   scripts/grade.sh --pick SEED --name LAB  the name of the one it picks
# Exit status 0 when every mistake graded was caught.
set -euo pipefail
. "$(dirname "$0")/guest.sh"
pick=
if [ "${1:-}" = --pick ]; then
	pick=${2:-}
	[[ $pick =~ ^[0-9]+$ ]] || die "--pick takes a number (a seed), not '${pick}'"
	shift 2
fi
# mistakes LAB: the catalogue's files for LAB that this run grades: with
# --pick, one of those the grader must catch (not 'Caught by: nothing');
# with MISTAKE=name, that one.
mistakes() {
	local files=("$TOP/labs/mistakes/ch$1/"*.patch)
	[ -z "$pick" ] || mapfile -t files < <(grep -L '^Caught by: nothing' "${files[@]}")
	[ -z "${MISTAKE:-}" ] || mapfile -t files < <(printf '%s\n' "${files[@]}" | grep "/$MISTAKE.patch$" || true)
	[ ${#files[@]} -gt 0 ] || return 0
	if [ -n "$pick" ]; then echo "${files[$(( (pick + $1) % ${#files[@]} ))]}"
	else printf '%s\n' "${files[@]}"; fi
}
if [ "${1:-}" = --name ]; then
	[ -n "$pick" ] && [ -d "$TOP/labs/mistakes/ch${2:-}" ] || die "usage: scripts/grade.sh --pick SEED --name LAB"
	basename "$(mistakes "$2")" .patch
	exit 0
fi
chs=("$@")
[ ${#chs[@]} -gt 0 ] || mapfile -t chs < <(ls "$TOP/labs/mistakes" | sed -n 's/^ch\([0-9]*\)$/\1/p' | sort -n)
for c in "${chs[@]}"; do
	check_chapter "$c"
	[ -d "$TOP/labs/mistakes/ch$c" ] || die "lab $c has no catalogue of mistakes (labs/mistakes/ch$c/): the catalogues are for labs $(ls "$TOP/labs/mistakes" | sed 's/ch//' | paste -sd' ')"
done
"$TOP/scripts/kernel.sh" prepare >/dev/null
G=(git -C "$KSRC" -c user.name=grader -c user.email=grader@localhost)
[ -z "$("${G[@]}" status --porcelain --untracked-files=no)" ] ||
	die "build/linux has changes that are not committed; save them (git -C build/linux stash) first"
was=$("${G[@]}" symbolic-ref -q --short HEAD || "${G[@]}" rev-parse HEAD)
branch=grade-mistake
restore() {
	"${G[@]}" checkout -q -f "$was" 2>/dev/null || true
	"${G[@]}" branch -q -D "$branch" 2>/dev/null || true
}
trap restore EXIT

# field FILE NAME: a header line's value.
field() { sed -n "s/^$2: *//p" "$1" | head -1; }

out=$RESULTS/grade.md work=$BUILD/grade
mkdir -p "$RESULTS" "$work"
{
	echo "Measured by \`make grade\` on $(date +%F) ($(git -C "$TOP" rev-parse --short HEAD)): each mistake applied to the chapter's code, then \`make check\` at its stage."
	echo
	echo "| lab | mistake | caught by | hint it must get | result |"
	echo "|---|---|---|---|---|"
} > "$out.tmp"
total=0 caught=0 known=0
for c in "${chs[@]}"; do
	mapfile -t files < <(mistakes "$c")
	[ ${#files[@]} -gt 0 ] || continue
	n=0 k=0
	for f in "${files[@]}"; do
		name=$(basename "$f" .patch) what=$(field "$f" Mistake) stage=$(field "$f" 'Caught by') hint=$(field "$f" Hint)
		case $stage in kunit|guest|walk|nothing) ;; *) die "$f: 'Caught by: $stage' is not a stage (kunit, guest, walk) or 'nothing'" ;; esac
		say "lab $c, mistake '$name': $what"
		"${G[@]}" checkout -q -f -B "$branch" "ch$c"
		"${G[@]}" apply "$f" || die "$f does not apply to ch$c: the chapter's code changed; make the mistake again on it"
		"${G[@]}" commit -q -a -m "grade: $name"
		rc=0
		stages=$stage; [ "$stage" = nothing ] && stages="kunit guest walk"
		LAB_BRANCH=$branch LAB_STAGES=$stages LAB_TIMEOUT=${GRADE_TIMEOUT:-90} \
			"$TOP/scripts/lab.sh" check "$c" > "$work/ch$c-$name.out" 2>&1 || rc=$?
		# What the student reads: the failed checks and the hints.
		said=$(grep -aE 'hint|not ok|FAIL|hung|crashed|died|walkthrough:|BAD' "$work/ch$c-$name.out" || true)
		if [ "$stage" = nothing ]; then
			if [ $rc = 0 ]; then result="gets through, as known"; known=$((known + 1))
			else result="caught in this run (listed as not caught every time)"; known=$((known + 1)); fi
			hint=
		elif [ $rc = 0 ]; then
			result="**got through**"
		elif ! grep -q 'not there yet' "$work/ch$c-$name.out"; then
			result="**check broke** (see build/grade/ch$c-$name.out)"
		elif [ -n "$hint" ] && ! grep -qF -- "$hint" <<<"$said"; then
			result="**caught, wrong hint**"
		else
			result=caught; k=$((k + 1))
		fi
		n=$((n + 1))
		note "$result ($(grep -aE 'hint' "$work/ch$c-$name.out" | head -1 | sed 's/\x1b\[[0-9;]*m//g; s/^ *//' | cut -c1-110))"
		if [ "$stage" = nothing ]; then shown="($(field "$f" Hint))"; else shown=${hint:+\`$hint\`}; fi
		printf '| %s | %s | %s | %s | %s |\n' "$c" "$what" "$stage" "$shown" "$result" >> "$out.tmp"
	done
	say "lab $c: $k of $n mistakes caught with their hint"
	total=$((total + n)) caught=$((caught + k))
done
mv "$out.tmp" "$out"
say "the grader caught $caught of $total mistakes$([ "$known" = 0 ] || echo ", $known known to get through") ($out)"
# PUBLISH=1: results/grade.md gets this run's rows; a run of some labs
# or of one mistake replaces those rows (same lab, same mistake) and
# keeps the others.
if [ "${PUBLISH:-0}" = 1 ] && [ -z "$pick" ]; then
	pub=$TOP/results/grade.md
	if [ -f "$pub" ]; then
		awk -F' [|] ' 'NR == FNR { if (/^[|] [0-9]/) new[$1 FS $2] = $0; else if (/^Measured by/) m = $0; next }
			/^Measured by/ { print m; next }
			/^[|] [0-9]/ && ($1 FS $2) in new { print new[$1 FS $2]; delete new[$1 FS $2]; next }
			{ print }
			END { for (k in new) print new[k] }' "$out" "$pub" > "$pub.tmp"
		mv "$pub.tmp" "$pub"
	else
		cp "$out" "$pub"
	fi
	note "published: results/grade.md"
fi
[ $((caught + known)) = "$total" ]
