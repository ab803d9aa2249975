# guest: RUN=hold ARGS=4:2
# (tests/run.sh adds MNT=reservation from chapter 3 on, where windows need it)
# The kernels students debug build balloc.c with -Og (scripts/kernel.sh):
# break alloc_new_reservation must stop in balloc.c, and inside the search
# loop the locals must print values, not <optimized out>.
break alloc_new_reservation
continue
frame
delete
break find_next_reservable_window
continue
delete
# Only this thread runs while we step; the other CPU's writers wait.
set scheduler-locking step
python
import gdb
for _ in range(12):
    sal = gdb.selected_frame().find_sal()
    with open(sal.symtab.fullname()) as f:
        text = f.read().splitlines()[sal.line - 1]
    if 'cur <= rsv->rsv_end' in text:
        break
    gdb.execute('next')
print('search loop at line %d:%s' % (sal.line, text))
end
info locals
print cur
print *rsv
set scheduler-locking off
continue
