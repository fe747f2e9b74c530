#!/usr/bin/env bash
# Fuzz/DER/seed.sh DIR — seeds: DER entitlements blobs, spec test vectors, XML and binary plists.
set -euo pipefail
dir=${1:?usage: seed.sh DIR}
mkdir -p "$dir"
cp Fuzz/DER/seeds/* "$dir"/
for f in Tests/Fixtures/macho/fuzz-der-*.bin Tests/Fixtures/macho/fuzz-plist-*.bin; do [ -f "$f" ] && cp "$f" "$dir/"; done
true
