#!/bin/sh
# Measures the window's figures under Xvfb: the time from start to the first
# frame, and the CPU an idle window uses (percent of one core over 10 s,
# from /proc), before and after a click, and its resident memory. Needs
# make build, Xvfb, xdotool.
set -eu
bin=${1:-bin/hp17b-window}
display=:$(( 90 + $$ % 9 ))
Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $app $xvfb 2>/dev/null' EXIT
sleep 1
DISPLAY=$display "$bin" --fresh --report-startup 2>/tmp/hp17b-startup.$$ &
app=$!
sleep 4
grep "first frame" /tmp/hp17b-startup.$$ || echo "no first frame reported"
rm -f /tmp/hp17b-startup.$$
ticks() { awk '{print $14 + $15}' /proc/$app/stat; }
hz=$(getconf CLK_TCK)
idle() {
  t0=$(ticks); sleep 10; t1=$(ticks)
  awk -v d=$((t1 - t0)) -v hz="$hz" 'BEGIN { printf "%.1f %% of one core\n", d * 100 / (hz * 10) }'
}
printf 'idle CPU: '; idle
DISPLAY=$display xdotool mousemove 100 300 mousedown 1 sleep 0.05 mouseup 1
sleep 2
printf 'idle CPU after a click: '; idle
printf 'resident memory: '; awk '/^VmRSS/ { printf "%.1f MB\n", $2 / 1024 }' /proc/$app/status
