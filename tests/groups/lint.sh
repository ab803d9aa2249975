# shellcheck shell=bash
# tests/groups/lint.sh: the suite's 'lint' group (tests/run.sh lint).
# Sourced by tests/run.sh; defines group_lint: shellcheck at warning level
# over every shell script of the repository, none may have a finding.
# The host's scripts are bash; the guest's (initramfs/) run under busybox
# sh, which shellcheck does not know: dash is its nearest (POSIX, with
# 'local').

# lint_files DIR...: the shell scripts under DIR (by name, or a shebang
# naming a shell).
lint_files() {
	find "$@" -type f \( -name '*.sh' -o -name init \) -not -path '*/build/*' | sort
}
group_lint() {
	section "lint: shellcheck"
	local host guest
	mapfile -t host < <(cd "$TOP" && lint_files scripts bench tests)
	mapfile -t guest < <(cd "$TOP" && lint_files initramfs)
	t "shellcheck -S warning finds nothing in the host's ${#host[@]} scripts (bash)" \
		bash -c 'cd "$0" && shellcheck -S warning -s bash -x -f gcc "$@"' "$TOP" "${host[@]}"
	t "shellcheck -S warning finds nothing in the guest's ${#guest[@]} scripts (busybox sh, checked as dash)" \
		bash -c 'cd "$0" && shellcheck -S warning -s dash -f gcc "$@"' "$TOP" "${guest[@]}"
}
