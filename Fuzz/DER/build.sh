#!/usr/bin/env bash
# Fuzz/DER/build.sh OUTPUT — the DER entitlements + property list fuzzer (see Fuzz/README.md).
set -euo pipefail
bash Fuzz/MachO/build-machoreader.sh Fuzz/DER/main.swift "${1:?usage: build.sh OUTPUT}"
