# One line per kernel against the number of writers:
#   gnuplot -e "data='F.dat'; names='ch0 ch1'; ylab='...'; out='x.png'; logy=1" lines.gp
# (xlab='...' names the x axis: "concurrent writers" by default)
# PNG (cairo), drawn at twice the size it is shown: WeasyPrint cannot read
# gnuplot's SVG (its currentColor strokes), and a PNG reads everywhere.
# data: lines "kernel writers median min max runs" (bench/report.sh).
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
# Colours that print and read apart (no yellow), and a marker and a dash
# pattern of its own per kernel, so that a line drawn over another one
# (chapter 0's and chapter 4's often coincide) still shows.
array C[8] = ["#1b63b5", "#d62728", "#2ca02c", "#7b3294", "#e66101", "#444444", "#0f8b8d", "#8c564b"]
do for [i=1:8] { set linetype i linecolor rgb C[i] pointtype (i + 3) pointsize 1.8 dashtype i }
plot for [i=1:words(names)] data using (strcol(1) eq word(names, i) ? $2 : NaN):3:4:5 \
	with yerrorlines linetype i linewidth 2 title word(names, i)
