#!/usr/bin/env bash
# Archives, exports with Developer ID, notarises and staples the app.
# scripts/release/notarize.sh OUTDIR   (env: TEAM_ID, NOTARY_PROFILE = a notarytool keychain profile)
source "$(dirname "$0")/common.sh"
out=${1:?usage: notarize.sh OUTDIR}
: "${TEAM_ID:?set TEAM_ID}" "${NOTARY_PROFILE:?set NOTARY_PROFILE (xcrun notarytool store-credentials)}"
mkdir -p "$out"
xcodebuild archive -project UniversalLinkLab.xcodeproj -scheme UniversalLinkLab -configuration Release \
  -destination 'generic/platform=macOS' -archivePath "$out/UniversalLinkLab.xcarchive" \
  DEVELOPMENT_TEAM="$TEAM_ID" CODE_SIGN_STYLE=Manual CODE_SIGN_IDENTITY="Developer ID Application"
cat > "$out/ExportOptions.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>method</key><string>developer-id</string>
  <key>teamID</key><string>$TEAM_ID</string>
  <key>signingStyle</key><string>manual</string>
</dict></plist>
PLIST
xcodebuild -exportArchive -archivePath "$out/UniversalLinkLab.xcarchive" \
  -exportOptionsPlist "$out/ExportOptions.plist" -exportPath "$out/export"
app="$out/export/UniversalLinkLab.app"
codesign --verify --deep --strict --verbose=2 "$app"
ditto -c -k --keepParent "$app" "$out/UniversalLinkLab-notarize.zip"
xcrun notarytool submit "$out/UniversalLinkLab-notarize.zip" --keychain-profile "$NOTARY_PROFILE" --wait
xcrun stapler staple "$app"
spctl --assess --type execute --verbose "$app"
version=$(/usr/libexec/PlistBuddy -c 'Print CFBundleShortVersionString' "$app/Contents/Info.plist")
ditto -c -k --keepParent "$app" "$out/UniversalLinkLab-$version.zip"
echo "$out/UniversalLinkLab-$version.zip"
