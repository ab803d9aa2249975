# Geometry (boot with BS=1024|2048|4096 and a DISK_MB that gives one group or
# many): a sparse file across the direct, indirect, double- and
# triple-indirect ranges, cut down again; then a short torture run, whose
# files cross block-group boundaries when groups are small.
# ARGS: PROCS OPS MAXKIB [SEED]
. /tests/lib.sh
set -- $ARGS
p=${1:-8} n=${2:-150} m=${3:-1024} seed=${4:-}
bs=$(stat -f -c %S /mnt) blocks=$(stat -f -c %b /mnt)
info "$bs-byte blocks, $blocks blocks, $(( (blocks + bs * 8 - 1) / (bs * 8) )) block group(s)"
bres=$(bounds /mnt 2>&1); rc=$?
echo "$bres" | sed "s/^/# /"
check "bounds: a sparse file through the triple-indirect range reads back, and st_blocks is exact at every cut" \
	sh -c "[ $rc = 0 ] && ! echo \"\$1\" | grep -q FAIL" - "$bres"
mkdir -p /mnt/t
res=$(torture ${seed:+-s "$seed"} -p "$p" -n "$n" -m "$m" /mnt/t 2>&1); rc=$?
echo "$res" | grep -v '^torture: process [0-9]*:' | sed 's/^/# /'
check "torture on $bs-byte blocks: $p processes x $n operations, every byte back" test "$rc" = 0
rmdir /mnt/t
sync
echo "# ops=$(echo "$res" | sed -n "s/^ops=//p")"
echo "# free_blocks=$(stat -f -c %f /mnt)"
