#!/usr/bin/env bash
# Seeds the profile fuzzer with DER and BER profiles. Fuzz/Profile/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/Profile/seed.sh DIR}
mkdir -p "$dir"
cp Tests/Fixtures/app/*.mobileprovision "$dir/"
for f in Tests/Fixtures/app/fuzz-*.bin; do [ -e "$f" ] && cp "$f" "$dir/"; done
if [ -f ../shared/fixtures/fastlane/very-capable-app.app/embedded.mobileprovision ]; then
  cp ../shared/fixtures/fastlane/very-capable-app.app/embedded.mobileprovision "$dir/fastlane-ber.mobileprovision"
fi
exit 0
