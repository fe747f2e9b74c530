#!/usr/bin/env bash
# Builds the Android binary XML fuzzer: Fuzz/AndroidXML/build.sh OUTPUT (see Fuzz/README.md).
set -euo pipefail
exec bash Fuzz/AndroidXML/link-androidapp.sh AndroidXML Fuzz/AndroidXML/main.swift "${1:?usage: build.sh OUTPUT}"
