#!/usr/bin/env bash
# Builds a libFuzzer binary from one fuzz main.swift plus the MachOReader sources.
#   Fuzz/MachO/build-machoreader.sh MAIN_SWIFT OUTPUT     (run from the repository root)
#
# MachOReader imports SwiftASN1 and Crypto (swift-crypto). Those are not rebuilt here: their
# modules and object files are taken from a SwiftPM debug build (default `.build/debug`,
# override with FUZZ_DEPS_BUILD=/path/to/.build/debug); if it lacks them, `swift build
# --target MachOReader` makes them first. Only the MachOReader sources and the fuzz main are
# compiled with -sanitize=fuzzer,address, so coverage guidance focuses on our parsers: the
# MachOReader sources as the core both targets share (Fuzz/core.sh, MachOReaderFuzzCore, compiled
# once), the main in its own module that sees the core through `@_exported import`.
set -euo pipefail
main=${1:?usage: build-machoreader.sh MAIN_SWIFT OUTPUT}
out=${2:?usage: build-machoreader.sh MAIN_SWIFT OUTPUT}
deps=${FUZZ_DEPS_BUILD:-.build/debug}
swiftc=${SWIFTC:-swiftc}
dep_targets="SwiftASN1 Crypto CryptoBoringWrapper CCryptoBoringSSL CCryptoBoringSSLShims CXKCP CXKCPShims"

have_deps() {
  [ -e "$deps/Modules/SwiftASN1.swiftmodule" ] && [ -e "$deps/Modules/Crypto.swiftmodule" ] || return 1
  for t in $dep_targets; do [ -d "$deps/$t.build" ] || return 1; done
}
if ! have_deps; then
  echo "fuzz: building SwiftASN1/Crypto once with 'swift build --target MachOReader'" >&2
  swift build --target MachOReader >&2
  deps=.build/debug
fi
objects=()
for t in $dep_targets; do
  while IFS= read -r -d '' o; do objects+=("$o"); done < <(find "$deps/$t.build" -name '*.o' -print0)
done
SWIFTC=$swiftc bash Fuzz/core.sh MachOReader Shared/MachOReader/*.swift -- -swift-version 6 -I "$deps/Modules"
scratch=".build-fuzz/$(basename "$out")-scratch"
mkdir -p "$(dirname "$out")" "$scratch"
printf '@_exported import MachOReaderFuzzCore\n' > "$scratch/cores.swift"
"$swiftc" -sanitize=fuzzer,address -parse-as-library -swift-version 6 -module-name "$(basename "$out")Fuzz" \
  -g -O "$main" "$scratch/cores.swift" -I .build-fuzz/cores -I "$deps/Modules" \
  .build-fuzz/cores/MachOReaderFuzzCore.objs/*.o "${objects[@]}" -o "$out" 2>&1 \
  | { grep -v "Cannot export local symbol '__asan" || true; } >&2
test -x "$out"
