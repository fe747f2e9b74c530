#!/usr/bin/env bash
# Shared by the fuzzers over AndroidApp (Fuzz/README.md): link-androidapp.sh NAME MAIN OUTPUT
# Compiles MAIN with Shared/AndroidApp/*.swift and Shared/SiteAssociation/*.swift as one module
# (all instrumented; the `import SiteAssociation` lines are dropped from scratch copies for that, as
# Fuzz/DeviceTools does) and links the prebuilt AppInspection, MachOReader, SwiftASN1, X509 and
# Crypto modules of a debug build (not instrumented).
# EXTRA_SWIFT (optional): more sources and flags compiled into the same module (Fuzz/AndroidMatcher
# adds the oracle harness, Tests/AndroidOracle/*.swift, with -D ANDROID_ORACLE_FUZZ).
set -euo pipefail
name=$1 main=$2 output=$3
deps=${FUZZ_DEPS_BUILD:-.build/debug}
if [ ! -d "$deps/AppInspection.build" ] || [ ! -d "$deps/X509.build" ]; then
  echo "building the dependencies once: swift build --target AndroidApp" >&2
  swift build --target AndroidApp >&2
fi
scratch=".build-fuzz/$name-scratch"
mkdir -p "$(dirname "$output")" "$scratch/sources"
rm -f "$scratch"/sources/*.swift
for f in Shared/AndroidApp/*.swift; do
  sed '/^import SiteAssociation$/d' "$f" > "$scratch/sources/$(basename "$f")"
done
objects=()
for module in AppInspection MachOReader SwiftASN1 X509 _CertificateInternals Crypto CryptoBoringWrapper _CryptoExtras \
              CryptoExtras CCryptoBoringSSL CCryptoBoringSSLShims CXKCP CXKCPShims; do
  if [ -d "$deps/$module.build" ]; then
    while IFS= read -r object; do objects+=("$object"); done < <(find "$deps/$module.build" -name '*.o' | sort)
  fi
done
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name "${name}Fuzz" -module-cache-path "$scratch/module-cache" \
  -I "$deps/Modules" -Xcc -fmodule-map-file=Shared/CZlib/module.modulemap \
  "$main" "$scratch"/sources/*.swift Shared/SiteAssociation/*.swift ${EXTRA_SWIFT:-} "${objects[@]}" -lz \
  -o "$output" \
  2> >(grep -v "Cannot export local symbol" >&2)
