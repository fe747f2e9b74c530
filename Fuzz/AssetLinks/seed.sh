#!/usr/bin/env bash
# Seeds the AssetLinks fuzzer with the committed assetlinks.json fixtures. Fuzz/AssetLinks/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/AssetLinks/seed.sh DIR}
mkdir -p "$dir"
cp Tests/Fixtures/android/assetlinks/*.json "$dir/"
