#!/usr/bin/env bash
# Builds the session-file libFuzzer binary: Fuzz/Session/build.sh OUTPUT (run from the repo root).
# The reader lives in Workbench, which depends on every module and on AsyncHTTPClient/NIO, so
# this target links the whole prebuilt debug build of Workbench and its dependencies (not
# instrumented: ASan's allocator and libFuzzer's crash detection still apply) and instruments
# only main.swift. FUZZ_DEPS_BUILD overrides the build folder (default .build/debug).
set -euo pipefail
output=${1:?usage: Fuzz/Session/build.sh OUTPUT}
deps=${FUZZ_DEPS_BUILD:-.build/debug}
if [ ! -d "$deps/Workbench.build" ]; then
  echo "building the dependencies once: swift build --target Workbench" >&2
  swift build --target Workbench >&2
fi
scratch=".build-fuzz/Session-scratch"
mkdir -p "$(dirname "$output")" "$scratch"
objects=()
maps=()
for dir in "$deps"/*.build; do
  module=$(basename "$dir" .build)
  case "$module" in
    linklab|*Tests|*Benchmark|TestServer|TestSupport|WebWorkbench|UniversalLinkLab*|Hummingbird*|_*Testing*) continue ;;
    ArgumentParser*|generate-manual|generate_*|*-tool|package-info) continue ;;
  esac
  # A Swift module's objects are the ones its output file map names (a source deleted since an
  # earlier build leaves a stale object behind), plus its module wrapper; a C module's, every one.
  if [ -f "$dir/output-file-map.json" ]; then
    while IFS= read -r object; do
      if [ -f "$object" ] && [ "$(basename "$object")" != main.swift.o ]; then objects+=("$object"); fi
    done < <(grep -o '"object" *: *"[^"]*"' "$dir/output-file-map.json" | sed 's/.*: *"\(.*\)"/\1/' | sort)
    while IFS= read -r object; do objects+=("$object"); done < <(find "$dir" -maxdepth 1 -name '*.swiftmodule.o')
  else
    while IFS= read -r object; do objects+=("$object"); done < <(find "$dir" -name '*.o' ! -name 'main.swift.o' | sort)
  fi
  while IFS= read -r map; do maps+=(-Xcc "-fmodule-map-file=$map"); done < <(find "$dir" -maxdepth 1 -name 'module.modulemap')
  # A C target with its own module map (swift-numerics' _NumericsShims) has none in its build folder.
  if [ ! -f "$dir/module.modulemap" ]; then
    for map in .build/checkouts/*/Sources/"$module"/include/module.modulemap; do
      if [ -f "$map" ]; then maps+=(-Xcc "-fmodule-map-file=$map"); fi
    done
  fi
done
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name SessionFuzz -module-cache-path "$scratch/module-cache" \
  -I "$deps/Modules" -Xcc -fmodule-map-file=Shared/CZlib/module.modulemap "${maps[@]}" \
  Fuzz/Session/main.swift "${objects[@]}" -lz -o "$output" \
  2> >(grep -v "Cannot export local symbol" >&2)
test -x "$output"
