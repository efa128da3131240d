#!/bin/sh
# Builds the calculator's window for js/wasm into DIR (dist/web by
# default): index.html, hp17b.wasm and the Go distribution's wasm_exec.js.
# Any static file server can serve the folder. Prints the wasm's size,
# plain and gzipped.
set -e
dir=${1:-dist/web}
mkdir -p "$dir"
GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$dir/hp17b.wasm" ./cmd/hp17b-window
root=$(go env GOROOT)
exec_js="$root/lib/wasm/wasm_exec.js"
[ -f "$exec_js" ] || exec_js="$root/misc/wasm/wasm_exec.js"
cp "$exec_js" "$dir/wasm_exec.js"
cp web/index.html "$dir/index.html"
plain=$(wc -c < "$dir/hp17b.wasm")
gz=$(gzip -9 -c "$dir/hp17b.wasm" | wc -c)
echo "web: $dir (hp17b.wasm $plain bytes, $gz gzipped)"
