#!/usr/bin/env bash
# Builds and runs one libFuzzer target briefly: Fuzz/run.sh NAME [SECONDS]
#   Fuzz/NAME/build.sh OUTPUT   builds the fuzzer binary at OUTPUT (run from the repo root)
#   Fuzz/NAME/seed.sh DIR       copies seed inputs into DIR (optional)
# Crashes land in Fuzz/artifacts/NAME/ and make the script fail.
set -euo pipefail
name=${1:?usage: Fuzz/run.sh NAME [SECONDS]}
seconds=${2:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work="$root/Fuzz/corpus-work/$name"
artifacts="$root/Fuzz/artifacts/$name"
binary="$root/.build-fuzz/$name"
mkdir -p "$work" "$artifacts" "$root/.build-fuzz"
bash "Fuzz/$name/build.sh" "$binary"
if [ -f "Fuzz/$name/seed.sh" ]; then bash "Fuzz/$name/seed.sh" "$work"; fi
# The committed, minimised corpus of the long campaigns (Fuzz/README.md), so short runs start deep.
if [ -d "Fuzz/$name/corpus" ]; then cp -n "Fuzz/$name/corpus/"* "$work/" 2>/dev/null || true; fi
echo "fuzz $name: ${seconds}s, $(ls "$work" | wc -l) seeds"
# FUZZ_ARGS adds libFuzzer flags (CI passes -seed=1 so a run it reports can be replayed).
# shellcheck disable=SC2086
"$binary" -max_total_time="$seconds" -detect_leaks=0 -rss_limit_mb=2048 -timeout=10 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 ${FUZZ_ARGS:-} "$work" 2>&1 | tail -n 12
