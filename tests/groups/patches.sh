# shellcheck shell=bash
# tests/groups/patches.sh: the suite's 'patches' group (tests/run.sh patches). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_patches.

# --- patches: the series applies in order to a pristine tree, checkpatch is clean
group_patches() {
	section "patches/ against a pristine $KPKG"
	"$TOP/scripts/kernel.sh" prepare >/dev/null 2>&1 || { notok "the kernel tree can be prepared"; return; }
	local idx=$T/patches.index n=0 p prev=ch0
	rm -f "$idx"
	GIT_INDEX_FILE=$idx git -C "$KSRC" read-tree ch0
	for p in $(series); do
		n=$((n + 1))
		[ $n = 1 ] || prev=$(patch_label $((n - 1)))
		t "patch $n ($p) applies onto $prev" \
			env GIT_INDEX_FILE="$idx" git -C "$KSRC" apply --cached "$TOP/patches/$p"
		t "patch $n is clean under checkpatch.pl" \
			bash -c "'$KSRC/scripts/checkpatch.pl' --no-tree '$TOP/patches/$p' | tee /dev/stderr | grep -q '^total: 0 errors, 0 warnings'"
		t "patch $n has a Signed-off-by and a commit message" \
			bash -c "grep -q '^Signed-off-by: ' '$TOP/patches/$p' && [ \$(sed -n '/^Subject:/,/^---\$/p' '$TOP/patches/$p' | wc -l) -gt 10 ]"
	done
	local c
	for c in $(seq 1 "$NCH"); do
		t "chapter $c: scripts/kernel-doc warns of nothing in fs/ext2 that chapter $(( c > 1 )) has not" kdoc_new "$c"
	done
	t "the patched index is the tree tagged ch$NCH" \
		bash -c "[ \$(GIT_INDEX_FILE='$idx' git -C '$KSRC' write-tree) = \$(git -C '$KSRC' rev-parse 'ch$NCH^{tree}') ]"
	t "chapter $NCH differs from mainline (chapter 0) in exactly the definitions the closing chapter lists, each with its reason" \
		mainline_list_matches
	t "fs/ext2 of mainline today ($TODAY_PKG) unpacks for the comparison" "$TOP/scripts/kernel.sh" today
	t "the closing chapter names every change mainline made to the allocator from 6.1 to 6.12 (balloc.c, and the course's own definitions), and lists nothing 6.12 did not change" \
		today_list_matches
}

# table_rows CELLS: the "FILE<TAB>NAME" of the closing chapter's table rows
# of CELLS cells that start "| `fs/ext2/FILE` | `NAME` |": four cells for
# the table against 6.1 (file, definition, how, why), five for the one of
# what changed from 6.1 to 6.12 (file, definition, change, version, why).
table_rows() {
	awk -F' [|] ' -v n="$1" '/^[|] `fs\/ext2\/[^`]*` [|] `/ && NF == n {
			f = $1; sub(/^[|] `/, "", f); sub(/`$/, "", f)
			d = $2; gsub(/`/, "", d); print f "\t" d }' "$TOP"/chapters/*-mainline-today.md | sort
}
# mainline_list_matches: scripts/mainline-diff.sh's definitions against the
# table in chapters/*-mainline-today.md (rows "| `FILE` | `NAME` | how | why |").
mainline_list_matches() {
	local have=$T/mainline-diff.txt listed=$T/mainline-listed.txt
	"$TOP/scripts/mainline-diff.sh" "$NCH" | cut -f1,2 | sort > "$have" || return 1
	table_rows 4 > "$listed"
	[ -s "$have" ] || { echo "mainline-diff.sh printed nothing"; return 1; }
	if ! cmp -s "$have" "$listed"; then
		echo "in the diff but not in the book's list (<), or listed but not in the diff (>):"
		diff "$have" "$listed" | grep '^[<>]'
		return 1
	fi
}

# today_list_matches: the closing chapter's table of what mainline changed
# from 6.1 to 6.12 (rows of five cells) names every such change in
# balloc.c and in the definitions the course itself changes (the table
# against 6.1), and every row it has is such a change, in some file.
today_list_matches() {
	local up=$T/upstream-diff.txt need=$T/upstream-needed.txt listed=$T/upstream-listed.txt
	"$TOP/scripts/mainline-diff.sh" --upstream | cut -f1,2 | sort > "$up" || return 1
	[ -s "$up" ] || { echo "mainline-diff.sh --upstream printed nothing"; return 1; }
	table_rows 4 | awk -F'\t' 'NR == FNR { mine[$0] = 1; next } $1 == "fs/ext2/balloc.c" || ($0 in mine)' - "$up" > "$need"
	table_rows 5 > "$listed"
	local missing extra
	missing=$(comm -23 "$need" "$listed") extra=$(comm -13 "$up" "$listed")
	[ -z "$missing" ] || { echo "changed from 6.1 to 6.12 but not in the chapter's table:"; echo "$missing"; }
	[ -z "$extra" ] || { echo "in the chapter's table but not changed from 6.1 to 6.12:"; echo "$extra"; }
	# The count the chapter gives of all of them, VFS changes included.
	local said; said=$(tr '\n' ' ' < "$TOP/chapters/08-mainline-today.md" | sed -n 's/.*--upstream` finds \([0-9]*\) definitions.*/\1/p')
	[ "$said" = "$(wc -l < "$up")" ] || { echo "the chapter says mainline-diff.sh --upstream finds '${said}' definitions; it finds $(wc -l < "$up")"; missing=1; }
	[ -z "$missing$extra" ]
}

# kdoc_warnings CH: scripts/kernel-doc's warnings on chapter CH's fs/ext2
# C files, without line numbers, sorted (a warning may appear twice).
kdoc_warnings() {
	local d=$T/kdoc/ch$1 f
	rm -rf "$d" && mkdir -p "$d"
	for f in $(git -C "$KSRC" ls-tree --name-only "ch$1" fs/ext2/ | grep '\.c$'); do
		git -C "$KSRC" show "ch$1:$f" > "$d/${f##*/}"
		"$KSRC/scripts/kernel-doc" -none -v "$d/${f##*/}" 2>&1 | grep 'warning:' |
			sed "s|^$d/||; s/:[0-9]*: /: /"
	done | sort
}
# kdoc_new CH: the kernel-doc warnings chapter CH has and its base has not:
# chapter 0 for chapter 1, else chapter 1, where none of the series'
# functions exist yet (mainline has functions of the same names).
kdoc_new() {
	local new
	new=$(comm -13 <(kdoc_warnings $(( $1 > 1 ))) <(kdoc_warnings "$1"))
	[ -z "$new" ] || { echo "$new"; return 1; }
}
