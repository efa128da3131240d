#!/bin/sh
# Installs what building and testing hp17b needs on Debian/Ubuntu when it is
# missing: Ebitengine's X11/GL headers (cgo), and Xvfb with xauth for the
# window's tests (xdotool to type into it, x11-apps for xwd to capture it,
# openbox and wmctrl to close it as a user does). Uses sudo only when not root.
set -e
if ! command -v go >/dev/null 2>&1; then
  echo "deps: Go 1.26 is needed (https://go.dev/dl/); it is not on PATH" >&2
  exit 1
fi
pkgs="gcc libc6-dev libgl-dev libxcursor-dev libxi-dev libxinerama-dev libxrandr-dev libxxf86vm-dev xvfb xauth xdotool x11-apps openbox wmctrl"
missing=""
for p in $pkgs; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: please install:$missing" >&2
    exit 1
  fi
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "deps: installing$missing"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi
go mod download
