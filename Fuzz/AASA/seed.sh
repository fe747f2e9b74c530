#!/usr/bin/env bash
# Seeds the AASA fuzzer: the wild corpus (when ../shared is present), the committed fixtures
# and the sample file. Fuzz/AASA/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/AASA/seed.sh DIR}
mkdir -p "$dir"
if [ -d ../shared/corpus/aasa/wild ]; then cp ../shared/corpus/aasa/wild/*.json "$dir"/; fi
cp Tests/Fixtures/aasa/*.json Tests/Fixtures/aasa/*.p7 Samples/aasa/*.json "$dir"/
for f in Tests/Fixtures/aasa/fuzz-*.bin; do [ -e "$f" ] && cp "$f" "$dir"/; done
exit 0
