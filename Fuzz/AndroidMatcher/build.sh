#!/usr/bin/env bash
# Builds the Android matcher fuzzer: Fuzz/AndroidMatcher/build.sh OUTPUT (see Fuzz/README.md).
# The target decides generated filters and URLs (or the raw bytes as a URL) and, when AOSP's
# matcher is beside the checkout (../shared/oracles/android) and a JDK is installed, asks it the
# same question: a crash or a disagreement is a failure. The oracle's classes are compiled here,
# into .build-fuzz/android-oracle-classes, from ../shared (third-party code stays there).
set -euo pipefail
output=${1:?usage: build.sh OUTPUT}
sources=${ANDROID_ORACLE_SOURCES:-../shared/oracles/android}
classes=.build-fuzz/android-oracle-classes
rm -rf "$classes"
if [ -f "$sources/Oracle.java" ] && command -v javac >/dev/null 2>&1; then
  mkdir -p "$classes"
  find "$sources" -name '*.java' -print0 | xargs -0 javac -nowarn -encoding UTF-8 -d "$classes"
else
  echo "AndroidMatcher: no AOSP oracle (needs $sources and javac): the fuzzer checks crashes only" >&2
fi
EXTRA_SWIFT="Tests/AndroidOracle/OracleRun.swift Tests/AndroidOracle/OracleGenerator.swift -D ANDROID_ORACLE_FUZZ" \
  exec bash Fuzz/AndroidXML/link-androidapp.sh AndroidMatcher Fuzz/AndroidMatcher/main.swift "$output"
