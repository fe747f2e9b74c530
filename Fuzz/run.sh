#!/usr/bin/env bash
# Builds and runs one libFuzzer target briefly: Fuzz/run.sh NAME [SECONDS]
#   Fuzz/NAME/build.sh OUTPUT   builds the fuzzer binary at OUTPUT (run from the repo root)
#   Fuzz/NAME/seed.sh DIR       copies seed inputs into DIR (optional)
# Crashes land in Fuzz/artifacts/NAME/ and make the script fail. FUZZ_STEP=build only builds;
# FUZZ_STEP=fuzz only seeds and fuzzes the binary built before. Fuzz/run-all.sh (CI's fuzz step)
# runs every target through this script: all builds first, then the fuzzing, two at a time.
set -euo pipefail
name=${1:?usage: Fuzz/run.sh NAME [SECONDS]}
seconds=${2:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work="$root/Fuzz/corpus-work/$name"
artifacts="$root/Fuzz/artifacts/$name"
binary="$root/.build-fuzz/$name"
mkdir -p "$work" "$artifacts" "$root/.build-fuzz"
step=${FUZZ_STEP:-all}
if [ "$step" != fuzz ]; then
  built=$(date +%s)
  bash "Fuzz/$name/build.sh" "$binary"
  echo "fuzz $name: built in $(( $(date +%s) - built ))s"
  if [ "$step" = build ]; then exit 0; fi
fi
if [ -f "Fuzz/$name/seed.sh" ]; then bash "Fuzz/$name/seed.sh" "$work"; fi
# The committed, minimised corpus of the long campaigns (Fuzz/README.md), so short runs start deep.
if [ -d "Fuzz/$name/corpus" ]; then cp -n "Fuzz/$name/corpus/"* "$work/" 2>/dev/null || true; fi
echo "fuzz $name: ${seconds}s, $(ls "$work" | wc -l) seeds"
# FUZZ_ARGS adds libFuzzer flags (CI passes -seed=1 so a run it reports can be replayed).
# shellcheck disable=SC2086
# The whole log is kept in .build-fuzz/NAME.log; a failing run also prints what the target said
# before the signal (its own report: a crash site, or Fuzz/AndroidMatcher's difference with AOSP).
log="$root/.build-fuzz/$name.log"
status=0
"$binary" -max_total_time="$seconds" -detect_leaks=0 -rss_limit_mb=2048 -timeout=10 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 ${FUZZ_ARGS:-} "$work" > "$log" 2>&1 || status=$?
tail -n 12 "$log"
if [ "$status" -ne 0 ]; then
  echo "fuzz $name failed ($status); the target's report:"
  grep -v -E '^(#[0-9]+|INFO:|MS:|    #[0-9]+ )' "$log" | head -n 60
fi
exit "$status"
