#!/bin/sh
# Writes the release archives to dist/: for Linux, Windows and macOS on
# amd64 and arm64, the three programs built without cgo, with the version
# stamped (git describe, or "dev"), the README, LICENSE and CHANGELOG;
# .tar.gz (.zip for Windows) and SHA256SUMS.
set -eu
version=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
rm -rf dist
mkdir -p dist
for t in linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64; do
  os=${t%/*}
  arch=${t#*/}
  name=hp17b-$version-$os-$arch
  dir=dist/$name
  mkdir -p "$dir"
  ext=""
  [ "$os" = windows ] && ext=.exe
  for cmd in hp17b hp17b-window hp17b-serve; do
    GOOS=$os GOARCH=$arch CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X main.releaseVersion=$version" -o "$dir/$cmd$ext" "./cmd/$cmd"
  done
  cp README.md LICENSE CHANGELOG.md "$dir/"
  if [ "$os" = windows ]; then
    (cd dist && zip -qr "$name.zip" "$name")
  else
    tar -C dist -czf "dist/$name.tar.gz" "$name"
  fi
  rm -rf "$dir"
done
(cd dist && sha256sum hp17b-* > SHA256SUMS)
ls -l dist
