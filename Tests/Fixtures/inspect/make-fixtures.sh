#!/bin/sh
# Regenerates the inspect text fixtures (needs the Swift toolchain's clang/ld64.lld and PyPI ipasign):
#   macos-many-entitlements.bin  a macOS x86_64 executable, ad hoc signed with identifier
#                                com.example.signed and 12 entitlement keys (one 300 characters long)
set -e
T=${SWIFT_TOOLS:-/opt/swift/usr/bin}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
printf 'int main(void) { return 0; }\n' > "$D/m.c"
"$T/clang" -target x86_64-apple-macos12.0 -S "$D/m.c" -o "$D/m.s"
sed '/^\s*\.build_version/d' "$D/m.s" > "$D/n.s"
"$T/clang" -target x86_64-apple-macho -c "$D/n.s" -o "$D/m.o"
"$T/ld64.lld" -arch x86_64 -platform_version macos 12.0 13.0 -e _main -undefined dynamic_lookup -o "$D/App" "$D/m.o"
python3 - "$D" <<'PY'
import plistlib, sys, ipasign
d = sys.argv[1]
ent = {"application-identifier": "ABCDE12345.com.example.signed",
       "com.apple.developer.team-identifier": "ABCDE12345",
       "com.apple.developer.associated-domains": ["applinks:example.com"],
       "com.apple.security.app-sandbox": True, "com.apple.security.network.client": True,
       "com.apple.security.files.user-selected.read-only": True, "keychain-access-groups": ["ABCDE12345.*"],
       "com.apple.developer.applesignin": ["Default"], "aps-environment": "development",
       "com.apple.developer.icloud-services": ["CloudKit"], "get-task-allow": True,
       "com.example." + "x" * 288: True}
open(d + "/ent.plist", "wb").write(plistlib.dumps(ent))
ipasign.Key(adhoc=True, entitlements=d + "/ent.plist").sign(d + "/App", bundle_id="com.example.signed")
PY
cp "$D/App" macos-many-entitlements.bin
