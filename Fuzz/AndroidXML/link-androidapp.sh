#!/usr/bin/env bash
# Shared by the fuzzers over AndroidApp (Fuzz/README.md): link-androidapp.sh NAME MAIN OUTPUT
# Shared/SiteAssociation/*.swift and Shared/AndroidApp/*.swift are the instrumented cores
# SiteAssociationFuzzCore and AndroidAppFuzzCore (Fuzz/core.sh: compiled once for all five
# targets, and for Fuzz/AASA and Fuzz/DeviceTools); MAIN is compiled in its own module (NAMEFuzz,
# instrumented too) that sees both cores through `@_exported import`, and linked with them and
# the prebuilt AppInspection, MachOReader, SwiftASN1, X509 and Crypto modules of a debug build
# (not instrumented).
# EXTRA_SWIFT (optional): more sources and flags compiled into MAIN's module (Fuzz/AndroidMatcher
# adds the oracle harness, Tests/AndroidOracle/*.swift, with -D ANDROID_ORACLE_FUZZ).
set -euo pipefail
name=$1 main=$2 output=$3
deps=${FUZZ_DEPS_BUILD:-.build/debug}
if [ ! -d "$deps/AppInspection.build" ] || [ ! -d "$deps/X509.build" ]; then
  echo "building the dependencies once: swift build --target AndroidApp" >&2
  swift build --target AndroidApp >&2
fi
flags=(-I "$deps/Modules" -Xcc -fmodule-map-file=Shared/CZlib/module.modulemap)
bash Fuzz/core.sh SiteAssociation Shared/SiteAssociation/*.swift
bash Fuzz/core.sh AndroidApp Shared/AndroidApp/*.swift -- "${flags[@]}"
scratch=".build-fuzz/$name-scratch"
mkdir -p "$(dirname "$output")" "$scratch"
printf '@_exported import %s\n' SiteAssociationFuzzCore AndroidAppFuzzCore > "$scratch/cores.swift"
objects=(.build-fuzz/cores/SiteAssociationFuzzCore.objs/*.o .build-fuzz/cores/AndroidAppFuzzCore.objs/*.o)
for module in AppInspection MachOReader SwiftASN1 X509 _CertificateInternals Crypto CryptoBoringWrapper _CryptoExtras \
              CryptoExtras CCryptoBoringSSL CCryptoBoringSSLShims CXKCP CXKCPShims; do
  if [ -d "$deps/$module.build" ]; then
    while IFS= read -r object; do objects+=("$object"); done < <(find "$deps/$module.build" -name '*.o' | sort)
  fi
done
# shellcheck disable=SC2086
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name "${name}Fuzz" -module-cache-path "$scratch/module-cache" -I .build-fuzz/cores "${flags[@]}" \
  "$main" "$scratch/cores.swift" ${EXTRA_SWIFT:-} "${objects[@]}" -lz -o "$output" \
  2> >(grep -v "Cannot export local symbol" >&2)
