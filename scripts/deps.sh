#!/bin/sh
# Installs what building and testing hp17b needs on Debian/Ubuntu when it is
# missing. Uses sudo only when not root.
set -e
if ! command -v go >/dev/null 2>&1; then
  echo "deps: Go 1.26 is needed (https://go.dev/dl/); it is not on PATH" >&2
  exit 1
fi
go mod download
