#!/usr/bin/env bash
# Seeds the AndroidXML fuzzer from the committed APK fixtures (extracted pieces). Fuzz/AndroidXML/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/AndroidXML/seed.sh DIR}
mkdir -p "$dir"
python3 Fuzz/AndroidXML/extract-seeds.py AndroidXML "$dir"
