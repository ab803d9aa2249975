#!/usr/bin/env bash
# Install what the course needs from Debian, once. Quiet when all is there.
#   scripts/deps.sh [group...]   groups: base (default), bench (plots), book,
#                                lint (make test's shellcheck), today (6.12's
#                                source, to compare: scripts/kernel.sh today)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

base=(build-essential flex bison bc cpio xz-utils kmod libelf-dev libssl-dev
      python3 git rsync "$KPKG" qemu-system-x86 busybox-static
      e2fsprogs libext2fs-dev gdb dbench fio jq iproute2)
bench=(gnuplot-nox)
lint=(shellcheck)
today=(linux-source-6.12)
book=(pandoc weasyprint fonts-dejavu-core poppler-utils gnuplot-nox jq)

want=()
for g in "${@:-base}"; do
	case $g in
	base) want+=("${base[@]}") ;;
	bench) want+=("${bench[@]}") ;;
	book) want+=("${book[@]}") ;;
	lint) want+=("${lint[@]}") ;;
	today) want+=("${today[@]}") ;;
	*) die "unknown package group '$g' (base, bench, book, lint, today)" ;;
	esac
done

missing=()
for p in "${want[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

[ "$(id -u)" -eq 0 ] || die "missing packages: ${missing[*]}; run as root, or: sudo apt-get install ${missing[*]}"
say "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || die "apt-get update failed: check the network or the apt sources"
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
	die "apt-get install failed for: ${missing[*]}"
