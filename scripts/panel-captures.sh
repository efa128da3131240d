#!/bin/sh
# Captures the live window under Xvfb at 0.6×, 1× and 2× its size at 1×
# (660 × 540): the heaps panel's why view after one move of NIM
# (docs/why-SCALEx.png), and the LCD with SUM's CALC menu and the equation
# editor's ALPHA menu (docs/labels-sum-SCALEx.png, labels-alpha-SCALEx.png,
# the calculator's top 380 × 110 layout units). Each is a fresh window
# given a key script, then keys by xdotool, resized with xdotool and read
# with xwd. Needs make build, Xvfb, xdotool, xwd and ImageMagick's
# convert.
set -eu
bin=${BIN:-bin/hp17b-window}
dir=${1:-docs}
display=:$(( 80 + $$ % 9 ))
Xvfb "$display" -screen 0 1800x1500x24 >/dev/null 2>&1 &
xvfb=$!
app=
trap 'kill $app $xvfb 2>/dev/null' EXIT
sleep 1
# capture NAME CROP KEYS [XDOTOOL-KEYS...]: CROP is "panel" (the whole
# window) or "lcd" (the top of the calculator).
capture() {
  name=$1 crop=$2 keys=$3
  shift 3
  DISPLAY=$display "$bin" --fresh --keys "$keys" &
  app=$!
  win=$(DISPLAY=$display xdotool search --sync --pid "$app" | head -n 1)
  sleep 1
  DISPLAY=$display xdotool windowmove --sync "$win" 0 0
  for k in "$@"; do
    DISPLAY=$display xdotool key --window "$win" "$k"
    sleep 0.5
  done
  for scale in 0.6 1 2; do
    w=$(awk -v s="$scale" 'BEGIN { printf "%d", 660 * s + 0.5 }')
    h=$(awk -v s="$scale" 'BEGIN { printf "%d", 540 * s + 0.5 }')
    DISPLAY=$display xdotool windowsize "$win" "$w" "$h"
    sleep 1
    out="$dir/$name-${scale}x.png"
    if [ "$crop" = lcd ]; then
      cw=$(awk -v s="$scale" 'BEGIN { printf "%d", 380 * s + 0.5 }')
      ch=$(awk -v s="$scale" 'BEGIN { printf "%d", 110 * s + 0.5 }')
      DISPLAY=$display xwd -silent -id "$win" | convert xwd:- -crop "${cw}x${ch}+0+0" +repage "$out"
    else
      DISPLAY=$display xwd -silent -id "$win" | convert xwd:- "$out"
    fi
    echo "panel-captures: $out"
  done
  kill "$app"
  wait "$app" 2>/dev/null || true
}
capture why panel 'SOLVE [CALC] [INIT] 6 [D] [EVAL]' b
capture labels-sum lcd 'SUM [CALC]'
capture labels-alpha lcd 'SOLVE [NEW]'
