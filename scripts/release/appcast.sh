#!/usr/bin/env bash
# Writes appcast.xml for the folder of released zips (signs them with the keychain key).
# scripts/release/appcast.sh DIR [extra generate_appcast flags, e.g. --channel beta]
source "$(dirname "$0")/common.sh"
dir=${1:?usage: appcast.sh DIR [flags]}; shift
"$(sparkle_bin)/generate_appcast" --maximum-deltas 0 "$@" "$dir"
echo "Upload $dir/*.zip and $dir/appcast.xml to the SUFeedURL host."
