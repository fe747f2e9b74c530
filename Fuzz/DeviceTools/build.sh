#!/usr/bin/env bash
# Builds the DeviceTools libFuzzer binary: Fuzz/DeviceTools/build.sh OUTPUT (run from the repo root).
# DeviceTools depends only on SiteAssociation (no package dependencies): SiteAssociation is the
# instrumented core the AASA and Android targets share (Fuzz/core.sh), and DeviceTools' sources
# are compiled with the target's main.swift as one module (all coverage-instrumented); their
# `import SiteAssociation` lines name that core in scratch copies.
set -euo pipefail
output=${1:?usage: Fuzz/DeviceTools/build.sh OUTPUT}
scratch=.build-fuzz/DeviceTools-scratch
mkdir -p "$(dirname "$output")" "$scratch/sources"
bash Fuzz/core.sh SiteAssociation Shared/SiteAssociation/*.swift
rm -f "$scratch"/sources/*.swift
for f in Shared/DeviceTools/*.swift; do
  sed 's/^import SiteAssociation$/import SiteAssociationFuzzCore/' "$f" > "$scratch/sources/$(basename "$f")"
done
printf '@_exported import SiteAssociationFuzzCore\n' > "$scratch/cores.swift"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name DeviceToolsFuzz -module-cache-path "$scratch/module-cache" -I .build-fuzz/cores \
  Fuzz/DeviceTools/main.swift "$scratch/cores.swift" "$scratch"/sources/*.swift \
  .build-fuzz/cores/SiteAssociationFuzzCore.objs/*.o -o "$output" 2>&1 \
  | { grep -v "Cannot export local symbol '__asan" || true; }
test -x "$output"
