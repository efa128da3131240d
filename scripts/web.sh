#!/bin/sh
# Builds the calculator's window for js/wasm into DIR (dist/web by
# default): the page, hp17b.wasm (lean: no kong, -trimpath, stripped) and
# its gzipped copy, the Go distribution's wasm_exec.js, the manifest, the
# icons and the service worker (scripts/webfiles). Serve the folder with
# hp17b serve DIR (the .gz sent gzipped), or any static server. Prints the
# wasm's size, plain and gzipped.
set -e
dir=${1:-dist/web}
mkdir -p "$dir"
GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$dir/hp17b.wasm" ./cmd/hp17b-window
root=$(go env GOROOT)
exec_js="$root/lib/wasm/wasm_exec.js"
[ -f "$exec_js" ] || exec_js="$root/misc/wasm/wasm_exec.js"
cp "$exec_js" "$dir/wasm_exec.js"
go run ./scripts/webfiles "$dir"
