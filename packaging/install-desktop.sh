#!/bin/sh
# Install Commitcast Studio's menu entry, icons and AppStream data under PREFIX
# (default ~/.local; PREFIX=/usr/local as root), and with --bundle DIR the PyInstaller bundle
# itself (DIR = dist/commitcast-studio) plus a `studio` command in PREFIX/bin.
# Without --bundle, `studio` must already be on PATH (pip install into a venv, say).
set -eu
APP_ID=io.github.commitcast.Studio
HERE=$(cd "$(dirname "$0")" && pwd)
PREFIX=${PREFIX:-$HOME/.local}
BUNDLE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) BUNDLE=$2; shift 2 ;;
    --prefix) PREFIX=$2; shift 2 ;;
    *) echo "usage: $0 [--bundle DIR] [--prefix DIR]" >&2; exit 2 ;;
  esac
done
share="$PREFIX/share"
install -d "$share/applications" "$share/metainfo" "$PREFIX/bin"
if [ -n "$BUNDLE" ]; then
  [ -x "$BUNDLE/studio" ] || { echo "no bundle at $BUNDLE (run make bundle)" >&2; exit 1; }
  rm -rf "$PREFIX/lib/commitcast-studio"
  install -d "$PREFIX/lib"
  cp -R "$BUNDLE" "$PREFIX/lib/commitcast-studio"
  ln -sf "$PREFIX/lib/commitcast-studio/studio" "$PREFIX/bin/studio"
fi
install -m 644 "$HERE/$APP_ID.desktop" "$share/applications/$APP_ID.desktop"
install -m 644 "$HERE/$APP_ID.metainfo.xml" "$share/metainfo/$APP_ID.metainfo.xml"
for dir in "$HERE"/icons/hicolor/*/apps; do
  size=$(basename "$(dirname "$dir")")
  install -d "$share/icons/hicolor/$size/apps"
  install -m 644 "$dir"/* "$share/icons/hicolor/$size/apps/"
done
command -v update-desktop-database >/dev/null 2>&1 && \
  update-desktop-database -q "$share/applications" || true
if [ -f "$share/icons/hicolor/index.theme" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
  gtk-update-icon-cache -q "$share/icons/hicolor" || true  # a theme's own cache, if it has one
fi
echo "installed $APP_ID under $PREFIX"
command -v studio >/dev/null 2>&1 || echo "note: put $PREFIX/bin on PATH so the menu entry finds studio"
