#!/bin/sh
# Installs what testing hp17b needs on Debian/Ubuntu when it is missing:
# gcc for the race detector (building needs no cgo and no X11 headers:
# Ebitengine v2.10 loads the system's libraries at run time), and Xvfb with
# xauth for the window's tests (xdotool to type into it, x11-apps for xwd to
# capture it, openbox and wmctrl to close it as a user does, xclip for the
# clipboard the window copies to and pastes from; brotli for make web's
# pre-compressed copies; libx11-dev for e2e/internal/xdnddrop, the live
# tests' drag-and-drop source, which go vet and staticcheck read too;
# Chromium for the browser build's test). Uses sudo
# only when not root.
set -e
if ! command -v go >/dev/null 2>&1; then
  echo "deps: Go 1.26 is needed (https://go.dev/dl/); it is not on PATH" >&2
  exit 1
fi
pkgs="gcc libc6-dev libx11-dev xvfb xauth xdotool x11-apps openbox wmctrl xclip zip brotli"
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
# Chromium runs the browser build's tests (e2e/browser_test.go, through the
# DevTools protocol with chromedp; skipped without it); installed where the
# distribution packages it (Debian's chromium).
if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 &&
  apt-cache show chromium >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "deps: installing chromium"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium
fi
go mod download
