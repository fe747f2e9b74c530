#!/usr/bin/env bash
# Builds, on Linux, the package's modules with the dependency versions the Xcode project's graph
# uses: the root package plus MachOKit's requirement on swift-crypto ("1.0.0" ..< "4.0.0" in
# MachOKit 0.52.1's Package.swift), which holds swift-crypto to 3.x where the package alone
# resolves 4.x. MachOKit itself is not part of the scratch manifest: two of its dependencies
# (p-x9/swift-fileio-extra, and p-x9/swift-binary-parse-support >= 0.2.1) are not in the local
# package mirror of the offline Linux machines this repository is developed on; Sparkle is a
# binary target with no dependencies.
#
# usage: scripts/xcodeproj/build-xcode-graph.sh [WORK_DIR]
#   WORK_DIR  scratch folder (default: a new folder under ${TMPDIR:-/tmp}); the repository is
#             copied into it (without .build), so a concurrent edit does not change the build.
# Then: every version the scratch manifest resolves equals the committed Xcode resolved file's
# (UniversalLinkLab.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved) for each
# package both name, swift-crypto is 3.x, and the app's package products build.
# Takes about 8 minutes on 2 cores (a clean build of the package's dependencies).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/xcode-graph.XXXXXX")}
mkdir -p "$work/root" "$work/app/Sources/XcodeGraph"
(cd "$repo" && tar --exclude=./.build --exclude='./.build-*' --exclude=./.git -cf - .) | tar -xf - -C "$work/root"
rm -f "$work/root/Package.resolved"
cat >"$work/app/Package.swift" <<'EOF'
// swift-tools-version:6.1
// Scratch: the Xcode project's package graph as the package side sees it.
import PackageDescription
let package = Package(
    name: "XcodeGraph",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../root"),
        // MachOKit 0.52.1's requirement on swift-crypto.
        .package(url: "https://github.com/apple/swift-crypto.git", "1.0.0"..<"4.0.0"),
    ],
    targets: [
        .target(name: "XcodeGraph", dependencies: [
            .product(name: "Workbench", package: "root"),
            .product(name: "Reports", package: "root"),
            .product(name: "DeviceTools", package: "root"),
            .product(name: "Findings", package: "root"),
            .product(name: "SiteAssociation", package: "root"),
            .product(name: "AssociationFetch", package: "root"),
            .product(name: "MachOReader", package: "root"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
    ]
)
EOF
echo 'import Workbench; import MachOReader; import Crypto' >"$work/app/Sources/XcodeGraph/XcodeGraph.swift"
cd "$work/app"
swift package resolve
python3 - "$repo/UniversalLinkLab.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved" \
  Package.resolved <<'PY'
import json, sys
xcode = {p["identity"]: p["state"].get("version") for p in json.load(open(sys.argv[1]))["pins"]}
here = {p["identity"]: p["state"].get("version") for p in json.load(open(sys.argv[2]))["pins"]}
bad = [f"{name}: Xcode's resolved file pins {xcode[name]}, this graph resolved {here[name]}"
       for name in sorted(set(xcode) & set(here)) if xcode[name] != here[name]]
if not here.get("swift-crypto", "").startswith("3."):
    bad.append(f"swift-crypto resolved {here.get('swift-crypto')}, not 3.x")
for line in bad:
    print("build-xcode-graph:", line, file=sys.stderr)
print("build-xcode-graph: resolved " + ", ".join(f"{k} {v}" for k, v in sorted(here.items())))
sys.exit(1 if bad else 0)
PY
swift build --target XcodeGraph
echo "build-xcode-graph: OK, the package's modules build with swift-crypto $(python3 -c 'import json; print([p["state"]["version"] for p in json.load(open("Package.resolved"))["pins"] if p["identity"] == "swift-crypto"][0])')"
