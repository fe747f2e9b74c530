#!/usr/bin/env bash
# Builds the DeviceTools libFuzzer binary: Fuzz/DeviceTools/build.sh OUTPUT (run from the repo root).
# DeviceTools depends only on SiteAssociation (no package dependencies), so both modules'
# sources are compiled together with the target as one module (all coverage-instrumented);
# the `import SiteAssociation` lines are dropped from scratch copies for that.
set -euo pipefail
output=${1:?usage: Fuzz/DeviceTools/build.sh OUTPUT}
scratch=.build-fuzz/DeviceTools-scratch
mkdir -p "$(dirname "$output")" "$scratch/sources"
rm -f "$scratch"/sources/*.swift
for f in Shared/DeviceTools/*.swift; do
  sed '/^import SiteAssociation$/d' "$f" > "$scratch/sources/$(basename "$f")"
done
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name DeviceToolsFuzz -module-cache-path "$scratch/module-cache" \
  Fuzz/DeviceTools/main.swift "$scratch"/sources/*.swift Shared/SiteAssociation/*.swift -o "$output" 2>&1 \
  | { grep -v "Cannot export local symbol '__asan" || true; }
test -x "$output"
