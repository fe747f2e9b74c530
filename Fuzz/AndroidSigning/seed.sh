#!/usr/bin/env bash
# Seeds the AndroidSigning fuzzer from the committed APK fixtures (extracted pieces). Fuzz/AndroidSigning/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/AndroidSigning/seed.sh DIR}
mkdir -p "$dir"
python3 Fuzz/AndroidXML/extract-seeds.py AndroidSigning "$dir"
