#!/usr/bin/env bash
# Builds the Android APK Signing Block fuzzer: Fuzz/AndroidXML/build.sh OUTPUT (see Fuzz/README.md).
set -euo pipefail
exec bash Fuzz/AndroidXML/link-androidapp.sh AndroidSigning Fuzz/AndroidSigning/main.swift "${1:?usage: build.sh OUTPUT}"
