#!/usr/bin/env bash
# Fuzz/MachO/build.sh OUTPUT — the Mach-O + code signature + link scan fuzzer (see Fuzz/README.md).
set -euo pipefail
bash Fuzz/MachO/build-machoreader.sh Fuzz/MachO/main.swift "${1:?usage: build.sh OUTPUT}"
