#!/usr/bin/env bash
# Fuzz/MachO/seed.sh DIR — seeds: committed signature/Mach-O seeds, the generated Mach-O
# fixtures, regression inputs, and the real fastlane binary when ../shared is present.
set -euo pipefail
dir=${1:?usage: seed.sh DIR}
mkdir -p "$dir"
cp Fuzz/MachO/seeds/* "$dir"/ 2>/dev/null || true
for f in Tests/Fixtures/macho/*.bin; do [ -f "$f" ] && cp "$f" "$dir/"; done
f=../shared/fixtures/fastlane/very-capable-app.app/very-capable-app
[ -f "$f" ] && cp "$f" "$dir/very-capable-app" || true
