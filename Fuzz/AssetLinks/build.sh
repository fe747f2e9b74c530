#!/usr/bin/env bash
# Builds the assetlinks.json fuzzer: Fuzz/AssetLinks/build.sh OUTPUT (see Fuzz/README.md).
set -euo pipefail
exec bash Fuzz/AndroidXML/link-androidapp.sh AssetLinks Fuzz/AssetLinks/main.swift "${1:?usage: build.sh OUTPUT}"
