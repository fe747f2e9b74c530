#!/usr/bin/env bash
# Builds the provisioning-profile libFuzzer binary: Fuzz/Profile/build.sh OUTPUT (from the
# repository root). Same linking as Fuzz/IPA (see Fuzz/README.md).
set -euo pipefail
output=${1:?usage: Fuzz/Profile/build.sh OUTPUT}
exec bash Fuzz/IPA/link-appinspection.sh Profile Fuzz/Profile/main.swift "$output"
