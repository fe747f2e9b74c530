#!/usr/bin/env bash
# Creates (or shows) the Sparkle EdDSA key pair in the login keychain and prints the public
# key for Info.plist's SUPublicEDKey. scripts/release/sparkle-keys.sh
source "$(dirname "$0")/common.sh"
"$(sparkle_bin)/generate_keys"
echo "Put the public key above into UniversalLinkLab/Supporting/Info.plist (SUPublicEDKey)."
