#!/usr/bin/env bash
# Seeds the AndroidARSC fuzzer from the committed APK fixtures (extracted pieces). Fuzz/AndroidARSC/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/AndroidARSC/seed.sh DIR}
mkdir -p "$dir"
python3 Fuzz/AndroidXML/extract-seeds.py AndroidARSC "$dir"
