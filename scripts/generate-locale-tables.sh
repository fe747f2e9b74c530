#!/usr/bin/env bash
# Regenerates Shared/SiteAssociation/LocaleTables+Generated.swift (the `$(region)` and
# `$(lang)` substitution-variable tables) from Foundation's locale data. Re-runnable:
#   scripts/generate-locale-tables.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O "$root/scripts/generate-locale-tables.swift" -o "$work/generate" 2>/dev/null
"$work/generate" > "$work/out.swift"
mv "$work/out.swift" "$root/Shared/SiteAssociation/LocaleTables+Generated.swift"
echo "wrote Shared/SiteAssociation/LocaleTables+Generated.swift"
