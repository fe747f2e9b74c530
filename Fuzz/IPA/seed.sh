#!/usr/bin/env bash
# Seeds the IPA fuzzer with the small committed archives and the fastlane IPAs. Fuzz/IPA/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/IPA/seed.sh DIR}
mkdir -p "$dir"
for f in Tests/Fixtures/zip/*.ipa Tests/Fixtures/app/*.ipa Tests/Fixtures/zip/fuzz-*.bin; do
  if [ -e "$f" ] && [ "$(wc -c < "$f")" -le 65536 ]; then cp "$f" "$dir/"; fi
done
if [ -d ../shared/fixtures/fastlane ]; then cp ../shared/fixtures/fastlane/*.ipa "$dir/"; fi
exit 0
