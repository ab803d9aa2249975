# A red-black tree of windows (scripts/book/tree.sh makes the inputs):
#   edges:  "x y dx dy", parent to child
#   points: "x y colour label", x the place in block order, y minus the depth
set terminal pngcairo size 1600, 700 font "DejaVu Sans,22" linewidth 2 background "white"
set output out
unset border; unset tics; unset key
set xrange [-0.7:n - 0.3]
set yrange [-depth - 0.7:0.4]
set label 1 "each node: the first block of its window, coloured red or black as in the kernel" at graph 0.01, graph 0.03 font "DejaVu Sans,18" textcolor rgb "#555555"
plot edges using 1:2:3:4 with vectors nohead lc rgb "#888888" lw 3, \
     points using 1:2:3 with points pt 7 ps 5 lc rgb variable, \
     points using 1:($2 - 0.25):4 with labels textcolor rgb "#222222" font "DejaVu Sans,18"
