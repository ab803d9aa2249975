# Block maps, one above the other:
#   gnuplot -e "maps='A.txt B.txt'; names='1 4'; first=N; width=W; out='map.png'" blockmap.gp
# names: the chapter of each map, for its title.
# Each map file is a matrix from 'e2layout -m FIRST:COUNT:WIDTH': one
# number per block (0: not a writer's data, 1..N: the file that owns it).
n = words(maps)
set terminal pngcairo size 2100, 560 * n font "DejaVu Sans,22" background "white"
set output out
set multiplot layout n, 1
unset colorbox
set palette defined (0 "#f4f4f4", 1 "#1b9e77", 2 "#d95f02", 3 "#7570b3", 4 "#e7298a", 5 "#66a61e", 6 "#e6ab02", 7 "#a6761d", 8 "#666666")
set cbrange [0:8]
rows = 128
set xrange [-0.5:width - 0.5]
set yrange [rows - 0.5:-0.5]
set xlabel sprintf("block within a row of %d (4 KiB blocks)", width)
set ylabel "row"
set tics out nomirror
set lmargin 10
# The legend, beside every map (so that all have the same width): the
# palette's colours, file by file in directory order (what e2layout -m numbers).
colours = "#f4f4f4 #1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666"
set key outside right top vertical Left reverse samplen 1.5 spacing 1.2 maxrows 9 title "owner, files\nin directory order" box
do for [i = 1:n] {
	set title sprintf("chapter %s: blocks %d to %d", word(names, i), first, first + rows * width - 1)
	plot word(maps, i) matrix with image notitle, \
		for [k = 1:8] keyentry with boxes fill solid border lc rgb "#333333" fc rgb word(colours, k + 1) title sprintf("file %d", k), \
		keyentry with boxes fill solid border lc rgb "#333333" fc rgb word(colours, 1) title "none"
}
unset multiplot
