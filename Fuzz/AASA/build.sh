#!/usr/bin/env bash
# Builds the SiteAssociation libFuzzer binary: Fuzz/AASA/build.sh OUTPUT (run from the repo root).
# The module has no package dependencies: its sources are compiled (coverage-instrumented) into the
# core that Fuzz/DeviceTools and the targets over AndroidApp share (Fuzz/core.sh), and the target's
# main.swift, instrumented too, is linked with it.
set -euo pipefail
output=${1:?usage: Fuzz/AASA/build.sh OUTPUT}
scratch=.build-fuzz/AASA-scratch
mkdir -p "$(dirname "$output")" "$scratch"
bash Fuzz/core.sh SiteAssociation Shared/SiteAssociation/*.swift
printf '@_exported import SiteAssociationFuzzCore\n' > "$scratch/cores.swift"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name AASAFuzz -module-cache-path "$scratch/module-cache" -I .build-fuzz/cores \
  Fuzz/AASA/main.swift "$scratch/cores.swift" .build-fuzz/cores/SiteAssociationFuzzCore.objs/*.o -o "$output" 2>&1 \
  | { grep -v "Cannot export local symbol '__asan" || true; }
test -x "$output"
