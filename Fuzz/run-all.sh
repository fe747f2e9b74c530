#!/usr/bin/env bash
# Builds and runs every libFuzzer target briefly, FUZZ_JOBS (default 2: CI has 2 cores) at a time:
#   Fuzz/run-all.sh [SECONDS [NAME...]]     (every target when no NAME is given)
# Each target is `Fuzz/run.sh NAME SECONDS` (the same build, seeds, corpus and FUZZ_ARGS as a run
# of that target alone) in two steps: every build first (FUZZ_STEP=build), then the fuzzing
# (FUZZ_STEP=fuzz), so a fuzzer never shares the cores with a compiler. A build keeps two cores
# busy only part of the time (swiftc compiles files in parallel; emitting the module and linking
# use one) and libFuzzer is single-threaded, so two jobs use CI's two cores better than one. Each
# job's output goes to .build-fuzz/NAME.build.log or NAME.run.log and is printed in one piece when
# it ends, so two targets never interleave. A target whose build failed is not fuzzed; every
# other target runs even when one fails; the script then names the failures and fails. A crash's
# input is in Fuzz/artifacts/NAME/ and the failing target's report is in its printed output.
set -uo pipefail
seconds=${1:-30}
jobs=${FUZZ_JOBS:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p .build-fuzz

# The longest builds start first, so the last job to end is a short one. AndroidMatcher compiles
# the SiteAssociation and AndroidApp cores (Fuzz/core.sh) while the other job compiles the
# MachOReader core with MachO, then IPA and Profile (each compiles AppInspection into its own
# module: their main.swift uses its internal types); the targets after them reuse the cores and
# only compile their main.swift. Any target not named here follows in name order.
first=(AndroidMatcher MachO IPA Profile DeviceTools AASA DER AndroidXML AndroidARSC AndroidSigning AssetLinks Session)
shift $(( $# > 0 ? 1 : 0 ))
names=()
for name in "$@"; do
  if [ ! -f "Fuzz/$name/build.sh" ]; then echo "fuzz: no target $name (Fuzz/$name/build.sh)" >&2; exit 2; fi
done
if [ $# -gt 0 ]; then first=("$@"); fi
for name in "${first[@]}"; do
  if [ -f "Fuzz/$name/build.sh" ]; then names+=("$name"); fi
done
for dir in Fuzz/*/; do
  name=$(basename "$dir")
  if [ $# -eq 0 ] && [ -f "$dir/build.sh" ] && [[ " ${names[*]} " != *" $name "* ]]; then names+=("$name"); fi
done

declare -A running=() started=()
failed=()
summary=()
finish() {  # finish PID STATUS STEP: prints the job's log and records a failure
  local name=${running[$1]} status=$2 step=$3
  unset "running[$1]"
  local took=$(( $(date +%s) - started[$name] ))
  printf '\n--- %s %s (%ss, exit %s) ---\n' "$step" "$name" "$took" "$status"
  cat ".build-fuzz/$name.$step.log"
  if [ "$status" -ne 0 ]; then
    failed+=("$name")
    summary+=("$(printf '%-16s %s FAILED (%s)' "$name" "$step" "$status")")
  elif [ "$step" = run ]; then
    summary+=("$(printf '%-16s ok' "$name")")
  fi
}
pool() {  # pool STEP NAME...: runs `FUZZ_STEP=STEP Fuzz/run.sh NAME SECONDS`, $jobs at a time
  local step=$1 name pid
  shift
  for name in "$@"; do
    while [ "${#running[@]}" -ge "$jobs" ]; do
      wait -n -p pid "${!running[@]}"
      finish "$pid" $? "$step"
    done
    started[$name]=$(date +%s)
    FUZZ_STEP=$([ "$step" = run ] && echo fuzz || echo build) \
      bash Fuzz/run.sh "$name" "$seconds" > ".build-fuzz/$name.$step.log" 2>&1 &
    running[$!]=$name
  done
  while [ "${#running[@]}" -gt 0 ]; do
    wait -n -p pid "${!running[@]}"
    finish "$pid" $? "$step"
  done
}

began=$(date +%s)
echo "fuzz: building ${#names[@]} targets, $jobs at a time"
pool build "${names[@]}"
built=()
for name in "${names[@]}"; do
  if [[ " ${failed[*]} " != *" $name "* ]]; then built+=("$name"); fi
done
echo "fuzz: built in $(( $(date +%s) - began ))s; fuzzing ${#built[@]} targets for ${seconds}s each, $jobs at a time"
if [ "${#built[@]}" -gt 0 ]; then pool run "${built[@]}"; fi

printf '\n'
printf '%s\n' "${summary[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: ${#failed[@]} of ${#names[@]} target(s) failed: ${failed[*]} (a crash's input is in Fuzz/artifacts/NAME/)"
  exit 1
fi
echo "fuzz: all ${#names[@]} targets passed ($(( $(date +%s) - began ))s)"
