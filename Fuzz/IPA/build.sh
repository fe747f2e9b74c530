#!/usr/bin/env bash
# Builds the IPA libFuzzer binary: Fuzz/IPA/build.sh OUTPUT (run from the repository root).
# AppInspection's sources are compiled into the target (coverage-instrumented); MachOReader,
# swift-asn1, swift-certificates and swift-crypto are linked from a debug build (see
# Fuzz/README.md, "Targets over AppInspection"). FUZZ_DEPS_BUILD overrides the build folder.
set -euo pipefail
output=${1:?usage: Fuzz/IPA/build.sh OUTPUT}
exec bash Fuzz/IPA/link-appinspection.sh IPA Fuzz/IPA/main.swift "$output"
