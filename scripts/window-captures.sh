#!/bin/sh
# Captures the live window under Xvfb at 0.6×, 1×, 1.5×, 2× and 2.5× its
# size at 1× (660 × 540): the window is started fresh, a key script shows a
# menu with M, N, V, W and % (a Solver equation's variable menu), the window
# is resized with xdotool and read with xwd, and each capture is written
# to DIR/window-SCALEx.png (docs by default). Needs make build, Xvfb,
# xdotool, xwd and ImageMagick's convert.
set -eu
bin=${BIN:-bin/hp17b-window}
dir=${1:-docs}
display=:$(( 70 + $$ % 9 ))
Xvfb "$display" -screen 0 1800x1500x24 >/dev/null 2>&1 &
xvfb=$!
app=
trap 'kill $app $xvfb 2>/dev/null' EXIT
sleep 1
DISPLAY=$display "$bin" --fresh --keys 'SOLVE NEW "NOM%×V=W×M+MU%C" INPUT CALC 12.5 NOM%' &
app=$!
win=$(DISPLAY=$display xdotool search --sync --pid "$app" | head -n 1)
sleep 1
# At the screen's corner, so that xwd reads the whole of a large window.
DISPLAY=$display xdotool windowmove --sync "$win" 0 0
for scale in 0.6 1 1.5 2 2.5; do
  w=$(awk -v s="$scale" 'BEGIN { printf "%d", 660 * s + 0.5 }')
  h=$(awk -v s="$scale" 'BEGIN { printf "%d", 540 * s + 0.5 }')
  DISPLAY=$display xdotool windowsize "$win" "$w" "$h"
  DISPLAY=$display xdotool mousemove --window "$win" 1 1
  sleep 1
  DISPLAY=$display xwd -silent -id "$win" | convert xwd:- "$dir/window-${scale}x.png"
  echo "window-captures: $dir/window-${scale}x.png ($w × $h)"
done
