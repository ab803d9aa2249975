# Guest test helpers: one line per check, TAP style, read by the host.
# check DESCRIPTION COMMAND...   passes when COMMAND exits 0
# Both keep their d and out to themselves: a script's own $d or $out
# (dbench's output, fio's) survives a check.
check() {
	local d=$1 out; shift
	if out=$("$@" 2>&1); then
		echo "ok - $d"
	else
		echo "not ok - $d"
		echo "$out" | sed 's/^/#   /' | head -20
	fi
}
# check_fails DESCRIPTION COMMAND...   passes when COMMAND fails
check_fails() {
	local d=$1 out; shift
	if out=$("$@" 2>&1); then
		echo "not ok - $d (it succeeded)"
		echo "$out" | sed 's/^/#   /' | head -20
	else
		echo "ok - $d"
		echo "$out" | sed 's/^/#   /' | head -3
	fi
}
info() { echo "# $*"; }
# nof N NOUN: "1 writer", "2 writers".
nof() { if [ "$1" = 1 ]; then echo "1 $2"; else echo "$1 ${2}s"; fi; }
