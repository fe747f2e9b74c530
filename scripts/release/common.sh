#!/usr/bin/env bash
# Shared by the release scripts: where Sparkle's tools are.
set -euo pipefail
sparkle_bin() {
  if [ -n "${SPARKLE_BIN:-}" ]; then echo "$SPARKLE_BIN"; return; fi
  local found
  found=$(find "${DERIVED_DATA:-$HOME/Library/Developer/Xcode/DerivedData}" -path '*artifacts/sparkle/Sparkle/bin' \
    -type d 2>/dev/null | head -1)
  [ -n "$found" ] || { echo "Sparkle's tools not found: build the app once in Xcode, or set SPARKLE_BIN" >&2; exit 1; }
  echo "$found"
}
