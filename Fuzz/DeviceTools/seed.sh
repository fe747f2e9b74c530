#!/usr/bin/env bash
# Seeds the DeviceTools fuzzer with the recorded tool outputs. Fuzz/DeviceTools/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/DeviceTools/seed.sh DIR}
mkdir -p "$dir"
cp Tests/Fixtures/devicetools/* "$dir"/
exit 0
