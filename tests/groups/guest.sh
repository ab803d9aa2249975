# shellcheck shell=bash
# tests/groups/guest.sh: the suite's 'guest' group (tests/run.sh guest). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_guest.

# mainline_wbrace: the writeback-only race (xattrs against writeback, no
# size flips: initramfs/tests/race.sh with ':writeback') on chapter 0,
# the race of the upstream report that led to 6.6's fix. What 6.1 does
# with it is reported, as the closing chapter reports it; the check is
# that it does nothing else: it survives with every byte right, or dies
# the known way (the BUG in ext2_rsv_window_add() or in the window dump,
# or the soft lockup in alloc_new_reservation()).
# known_end OUTCOME LOG: mainline_wbrace's outcome is one it knows.
known_end() {
	case $1 in survived*|crashed*|hung*) return 0 ;; esac
	tail -20 "$2"
	return 1
}
mainline_wbrace() {
	local log=$T/ch0-wbrace-mainline.log outcome
	CH=0 RUN=race ARGS=30:writeback TIMEOUT=300 DISK="$T/ch0-wbrace-mainline.img" LOG="$log" \
		"$TOP/scripts/qemu.sh" test >"$T/ch0-wbrace-mainline.qemu" 2>&1
	if grep -aq '^ok - uid 1000, 30 s: xattr set/remove against writeback' "$log" && grep -aq '^course: finished' "$log"; then
		outcome="survived 30 s, every byte read back"
	elif grep -aq 'kernel BUG at fs/ext2/balloc.c' "$log"; then
		outcome="crashed: kernel BUG at $(grep -ao 'kernel BUG at fs/ext2/balloc.c:[0-9]*' "$log" | head -1 | sed 's/.*at //') ($(grep -aoE 'RIP: 0010:[a-z_0-9]+' "$log" | head -1 | sed 's/.*://'))"
	elif grep -aq 'watchdog: BUG: soft lockup' "$log" && grep -aq 'alloc_new_reservation' "$log"; then
		outcome="hung: soft lockup in alloc_new_reservation"
	else
		outcome="something else (see $log)"
	fi
	echo "# ch0 (mainline 6.1), xattrs against writeback alone, 30 s: $outcome"
	t "ch0 (mainline 6.1): the writeback-only race ends one of the known ways ($outcome)" \
		known_end "$outcome" "$log"
	case $outcome in survived*)
		t "ch0 writeback-only race: guest log clean, e2fsck clean" \
			bash -c "$(declare -f log_clean); BAD='$BAD'; log_clean '$log' && e2fsck -fn '$T/ch0-wbrace-mainline.img'" ;;
	esac
}

# --- guest: each chapter boots and passes its own guest tests
group_guest() {
	section "guest tests: options, ioctls, workloads"
	local c
	for c in $CHAPTERS; do
		scenario options "$c" RUN=options
	done
	guest "ch0-workloads" 0 RUN=workloads WORK=1
	# Requests of several blocks (direct writes): chapter 6 sizes and
	# extends windows for them as mainline does; chapters 3-5 do not.
	for c in $CHAPTERS; do
		[ "$c" = 0 ] || [ "$c" -ge 3 ] || continue
		guest "ch$c-multiblock" "$c" RUN=multiblock "$(rsv "$c")"
	done
	# Each step inside a chapter boots and keeps 8 writers' data.
	local step
	for c in $CHAPTERS; do
		while read -r step _; do
			guest "ch$step-writers" "$step" RUN=writers ARGS=8:4 "$(rsv "$c")" </dev/null
		done < <(steps_of "$c")
	done
	mainline_wbrace
	# Chapter 4: windows double while they are well used.
	[ "$NCH" -ge 4 ] && guest "ch4-grow" 4 RUN=grow MNT=reservation
}
