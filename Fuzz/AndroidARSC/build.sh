#!/usr/bin/env bash
# Builds the Android resources.arsc fuzzer: Fuzz/AndroidXML/build.sh OUTPUT (see Fuzz/README.md).
set -euo pipefail
exec bash Fuzz/AndroidXML/link-androidapp.sh AndroidARSC Fuzz/AndroidARSC/main.swift "${1:?usage: build.sh OUTPUT}"
