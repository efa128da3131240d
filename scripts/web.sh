#!/bin/sh
# Builds the calculator's window for js/wasm into DIR (dist/web by
# default): the page and its script, the wasm (lean: no kong, -trimpath,
# stripped) under its versioned name hp17b-HASH.wasm, the Go
# distribution's wasm_exec.js, the manifest, the icons and the service
# worker (scripts/webfiles), and beside the wasm and the text files their
# pre-compressed copies: NAME.gz (scripts/webfiles) and NAME.br (the
# brotli command, Debian's brotli package, which scripts/deps.sh
# installs; without it a notice, and hosts send gzip). Serve the folder
# with hp17b serve DIR (each copy sent to a browser that accepts it), or
# any static server. HP17B_BROTLI_QUALITY is brotli's quality, 0 to 11
# (default 11, the smallest: about three minutes for the wasm on a
# loaded machine; 5 takes seconds and is about a fifth larger). Prints
# the wasm's size, plain, gzipped and brotli.
set -e
dir=${1:-dist/web}
quality=${HP17B_BROTLI_QUALITY:-11}
mkdir -p "$dir"
# The packages that run once, at the start or at a shader's first use
# (Ebitengine's shader compiler and the go/... packages it reads Kage
# with, text/template, encoding/gob, log/slog), or seldom and never
# while a key is pressed or a frame drawn (the state file's and the
# page's JSON and reflect, the PNG of a capture and compress, the paste's
# regexp, the equation's parser (participle), the font's reader (sfnt),
# the games and the library, apd's big coefficients (math/big)), are
# built without inlining: 0.55 MB less wasm, the keys, the display and
# the heaps panel's drawing as fast as ever (docs/browser.md, "Where the
# wasm's bytes go").
cold="-gcflags=github.com/hajimehoshi/ebiten/v2/internal/shader=-l -gcflags=github.com/hajimehoshi/ebiten/v2/internal/shaderir/...=-l"
cold="$cold -gcflags=go/...=-l -gcflags=text/template/...=-l -gcflags=encoding/gob=-l -gcflags=log/slog/...=-l"
cold="$cold -gcflags=encoding/...=-l -gcflags=reflect=-l -gcflags=image/png=-l -gcflags=compress/...=-l -gcflags=archive/...=-l -gcflags=regexp/...=-l"
cold="$cold -gcflags=github.com/alecthomas/participle/v2/...=-l -gcflags=golang.org/x/image/font/sfnt=-l -gcflags=math/big=-l"
cold="$cold -gcflags=github.com/hp17b/hp17b/programs=-l -gcflags=github.com/hp17b/hp17b/library=-l"
# shellcheck disable=SC2086 # $cold is a list of flags
GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath $cold -ldflags="-s -w" -o "$dir/hp17b.wasm" ./cmd/hp17b-window
root=$(go env GOROOT)
exec_js="$root/lib/wasm/wasm_exec.js"
[ -f "$exec_js" ] || exec_js="$root/misc/wasm/wasm_exec.js"
cp "$exec_js" "$dir/wasm_exec.js"
go run ./scripts/webfiles "$dir"
if command -v brotli >/dev/null 2>&1; then
  for f in "$dir"/hp17b-*.wasm "$dir"/index.html "$dir"/hp17b.js "$dir"/wasm_exec.js "$dir"/sw.js "$dir"/hp17b.webmanifest; do
    # Written aside, then put in place: a build cut short leaves no
    # truncated copy to be served.
    brotli -f -q "$quality" -w 24 -o "$f.br.part" "$f"
    mv -f "$f.br.part" "$f.br"
  done
  set -- "$dir"/hp17b-*.wasm.br
  echo "web: $(basename "$1") $(wc -c <"$1") bytes (brotli quality $quality)"
else
  echo "web: no brotli command (apt-get install brotli): no .br copies, hosts send gzip" >&2
fi
