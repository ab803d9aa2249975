# A red-black tree of windows (scripts/book/tree.sh makes the inputs):
#   edges:  "x y dx dy", parent to child
#   points: "x y colour label", x the place in block order, y minus the depth
# Below the tree, the same windows as chapter 4's sorted list: one box per
# node in block order, each linked to the next, a dotted line up to its node.
set terminal pngcairo size 1600, 860 font "DejaVu Sans,22" linewidth 2 background "white"
set output out
unset border; unset tics; unset key
set xrange [-0.7:n - 0.3]
ly = -depth - 1.2
set yrange [ly - 0.9:0.4]
set label 1 "each node: the first block of its window, red or black as in the kernel; below, the same windows as chapter 4's list" at graph 0.01, graph 0.02 font "DejaVu Sans,18" textcolor rgb "#555555"
set style fill solid 1.0 border rgb "#333333"
do for [i = 0:n - 2] { set arrow from i + 0.33, ly to i + 0.67, ly head size 0.08, 20 lc rgb "#333333" lw 2 }
plot points using 1:($2 - 0.4):(0):(ly - $2 + 0.65) with vectors nohead dt 3 lc rgb "#bbbbbb" lw 2, \
     edges using 1:2:3:4 with vectors nohead lc rgb "#888888" lw 3, \
     points using 1:2:3 with points pt 7 ps 5 lc rgb variable, \
     points using 1:($2 - 0.25):4 with labels textcolor rgb "#222222" font "DejaVu Sans,18", \
     points using 1:(ly):(0.32):(0.22) with boxxyerror fc rgb "#dceaf6", \
     points using 1:(ly):(word(strcol(4), 1)) with labels textcolor rgb "#222222" font "DejaVu Sans,16"
