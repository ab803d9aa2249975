# For gdb: N writers write MIB MiB each and keep their files open while the
# parent calls statfs(/mnt) (break ext2_statfs), then all close. ARGS: N MIB.
. /tests/lib.sh
set -- $ARGS
n=${1:-4} mib=${2:-4}
check "$n writers write $mib MiB each, holding their files open" writers hold /mnt "$n" "$mib"
check "$n files read back byte-exact" writers verify /mnt "$n" "$mib"
