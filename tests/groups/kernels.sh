# shellcheck shell=bash
# tests/groups/kernels.sh: the suite's 'kernels' group (tests/run.sh kernels). Sourced by
# tests/run.sh, which has sourced tests/lib.sh; defines group_kernels.

# --- kernels: every chapter builds (without new fs/ext2 warnings), and so
# does every step inside a chapter of several patches
group_kernels() {
	section "kernels"
	local c step p
	for c in $CHAPTERS; do
		t_live "chapter $c's kernel builds without fs/ext2 warnings" "$TOP/scripts/kernel.sh" build "$c"
	done
	for c in $CHAPTERS; do
		while read -r step p; do
			t_live "step $step ($p) builds without fs/ext2 warnings" "$TOP/scripts/kernel.sh" build "$step" </dev/null
		done < <(steps_of "$c")
	done
	t "the guest initramfs builds" "$TOP/scripts/initramfs.sh"
}
