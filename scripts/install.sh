#!/usr/bin/env bash
# Builds linklab in release mode and installs it with its shell completions.
#
#   scripts/install.sh [--prefix DIR] [--static] [--destdir DIR] [--no-build | --binary FILE] [--uninstall]
#
#   --prefix DIR   where to install (default: $PREFIX, else /usr/local as root, else ~/.local)
#   --static       Linux: link the Swift standard library and Foundation into the binary
#                  (--static-swift-stdlib), so it runs on machines without Swift
#   --destdir DIR  stage the files under DIR (packagers: DIR/PREFIX/bin/linklab)
#   --no-build     install what the last build made
#   --binary FILE  install FILE instead of building (a binary built elsewhere; used by the tests)
#   --uninstall    remove what an install with the same --prefix put there
#
# Installs PREFIX/bin/linklab and the completions ArgumentParser generates:
#   bash  PREFIX/share/bash-completion/completions/linklab
#   zsh   PREFIX/share/zsh/site-functions/_linklab
#   fish  PREFIX/share/fish/vendor_completions.d/linklab.fish
set -euo pipefail
here=$(pwd)
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ]; then prefix=${PREFIX:-/usr/local}; else prefix=${PREFIX:-$HOME/.local}; fi
static=0 build=1 uninstall=0 destdir=${DESTDIR:-} binary=
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --destdir) destdir=${2-}; shift 2 ;;
    --destdir=*) destdir=${1#--destdir=}; shift ;;
    --static) static=1; shift ;;
    --no-build) build=0; shift ;;
    --binary) binary=${2:?--binary needs a file}; build=0; shift 2 ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

absolute() { case "$1" in /*|'') printf '%s' "$1" ;; *) printf '%s/%s' "$here" "$1" ;; esac; }
prefix=$(absolute "$prefix") destdir=$(absolute "$destdir") binary=$(absolute "$binary")
root="$destdir$prefix"
bin="$root/bin/linklab"
bash_completion="$root/share/bash-completion/completions/linklab"
zsh_completion="$root/share/zsh/site-functions/_linklab"
fish_completion="$root/share/fish/vendor_completions.d/linklab.fish"

if [ "$uninstall" = 1 ]; then
  rm -f "$bin" "$bash_completion" "$zsh_completion" "$fish_completion"
  echo "removed linklab from $root"
  exit 0
fi

flags=(-c release --product linklab)
if [ "$static" = 1 ]; then
  if [ "$(uname -s)" = Darwin ]; then
    echo "install.sh: --static is for Linux (macOS has the Swift runtime built in)" >&2
    exit 2
  fi
  # A separate build folder, so a static and a dynamic build do not rebuild each other.
  flags+=(--static-swift-stdlib --scratch-path .build-static)
fi
if [ "$build" = 1 ]; then
  echo "building linklab (release$([ "$static" = 1 ] && echo ', static Swift standard library'))…" >&2
  swift build "${flags[@]}"
fi
if [ -n "$binary" ]; then
  built=$binary
else
  built="$(swift build "${flags[@]}" --show-bin-path)/linklab"
fi
[ -x "$built" ] || { echo "install.sh: $built is missing: build first (drop --no-build)" >&2; exit 3; }

install -d "$root/bin" "$(dirname "$bash_completion")" "$(dirname "$zsh_completion")" "$(dirname "$fish_completion")"
install -m 0755 "$built" "$bin"
"$built" --generate-completion-script bash > "$bash_completion"
"$built" --generate-completion-script zsh > "$zsh_completion"
"$built" --generate-completion-script fish > "$fish_completion"
chmod 0644 "$bash_completion" "$zsh_completion" "$fish_completion"

echo "installed $bin ($("$built" --version)) and bash, zsh and fish completions under $root/share"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) [ -z "$destdir" ] && echo "note: $prefix/bin is not on your PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
exit 0
