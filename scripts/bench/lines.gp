# One line per kernel against the number of writers:
#   gnuplot -e "data='F.dat'; names='ch0 ch1'; ylab='...'; out='x.png'; logy=1" lines.gp
# (xlab='...' names the x axis: "concurrent writers" by default)
# PNG (cairo), drawn at twice the size it is shown: WeasyPrint cannot read
# gnuplot's SVG (its currentColor strokes), and a PNG reads everywhere.
# data: lines "kernel writers median min max runs" (scripts/bench/report.sh).
set terminal pngcairo size 1600, 960 font "DejaVu Sans,22" linewidth 2 background "white"
set output out
if (!exists("xlab")) xlab = "concurrent writers"
set xlabel xlab
set ylabel ylab
set logscale x 2
if (logy) { set logscale y 10 } else { set yrange [0:*] }
set key outside right top
set grid
set tics out nomirror
plot for [k in names] data using (strcol(1) eq k ? $2 : NaN):3:4:5 with yerrorlines lw 2 title k
