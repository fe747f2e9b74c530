#!/usr/bin/env bash
# Builds the SiteAssociation libFuzzer binary: Fuzz/AASA/build.sh OUTPUT (run from the repo root).
# The module has no package dependencies, so its sources are compiled together with the target
# (all coverage-instrumented).
set -euo pipefail
output=${1:?usage: Fuzz/AASA/build.sh OUTPUT}
mkdir -p "$(dirname "$output")" .build-fuzz/AASA-scratch
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name AASAFuzz -module-cache-path .build-fuzz/AASA-scratch/module-cache \
  Fuzz/AASA/main.swift Shared/SiteAssociation/*.swift -o "$output" 2>&1 \
  | { grep -v "Cannot export local symbol '__asan" || true; }
test -x "$output"
