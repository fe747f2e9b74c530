#!/usr/bin/env bash
# Seeds the session fuzzer with real saved sessions (Fuzz/Session/seeds/*.linklab: the
# sample saved by `linklab scan --save`, an edited/triaged one, an association-file-only one).
# Fuzz/Session/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/Session/seed.sh DIR}
mkdir -p "$dir"
for f in Fuzz/Session/seeds/*.linklab Tests/Fixtures/session/fuzz-*.bin; do
  [ -e "$f" ] && cp "$f" "$dir/"
done
exit 0
