#!/usr/bin/env python3
"""Writes UniversalLinkLab.xcodeproj (project.pbxproj and the shared scheme) from this file.

    python3 scripts/xcodeproj/generate.py [--check]

The project is small and fixed, so it is generated rather than edited in Xcode: every object ID
is the first 24 hex digits of SHA-1("UniversalLinkLab/" + a stable name), so the output is
byte-for-byte reproducible and diffs stay readable. Sources are folder-synchronised
(PBXFileSystemSynchronizedRootGroup, objectVersion 77, Xcode 16+): adding a Swift file under
UniversalLinkLab/, Tests/AppTests/ or UITests/macOS/ needs no regeneration. --check exits 1
when the committed files differ from what this script writes (the Linux test runs the same
comparison). Edit this script, not the generated files.

Targets: the app, its unit tests (which link MachOKit, the second Mach-O reader:
docs/machokit.md, and depend on Workbench and MachOReader without linking them: the host app
already contains both, and BUNDLE_LOADER resolves the tests' references against it), its UI
tests, and the Quick Look preview extension embedded in the app's PlugIns folder
(docs/quicklook.md).

The local package is the repository itself: XCLocalSwiftPackageReference with relativePath `.`
(the folder that holds the .xcodeproj). Evidence for that form, not `""`: a public project whose
object IDs are in Xcode's own format shows its package at the project's folder as
`XCLocalSwiftPackageReference "."` (the object's comment is its relativePath), and no public file
in the search index used has `relativePath = "";` (docs/verification.md, The Mac app).

The resolved file Xcode reads (project.xcworkspace/xcshareddata/swiftpm/Package.resolved) is
written by hand from public facts and checked by MacAppProjectTests; see docs/verification.md.
"""
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "UniversalLinkLab.xcodeproj"

APP = "UniversalLinkLab"
BUNDLE_ID = "org.universallinklab.UniversalLinkLab"
SPARKLE_URL = "https://github.com/sparkle-project/Sparkle"
# A published release: Sparkle 2.9.4 is pinned at b6496a74a087257ef5e6da1c5b29a447a60f5bd7 in the
# Xcode resolved files of public projects (docs/verification.md).
SPARKLE_MIN = "2.9.4"
# MachOKit: unit tests only (a second reader to cross-check ours); 0.x, so minor versions may break.
MACHOKIT_URL = "https://github.com/p-x9/MachOKit"
MACHOKIT_MIN = "0.52.1"
EXTENSION = "QuickLookPreview"
# Library products of the repository's own Package.swift the app imports.
APP_PACKAGE_PRODUCTS = ["Workbench", "Reports", "DeviceTools", "Findings", "SiteAssociation", "AssociationFetch"]
# Package products each other target links (remote ones: MachOKit).
TARGET_PACKAGE_PRODUCTS = {"AppTests": ["MachOKit"], EXTENSION: ["Workbench"]}
# Package products a target depends on without linking: the unit tests run inside the app, which
# already contains these (linking them again would put a second copy of each in the test bundle).
TARGET_UNLINKED_PRODUCTS = {"AppTests": ["MachOReader", "Workbench"]}
TARGETS = {
    # name: (product type, product file, synced folder, explicitFileType)
    APP: ("com.apple.product-type.application", f"{APP}.app", "UniversalLinkLab", "wrapper.application"),
    "AppTests": ("com.apple.product-type.bundle.unit-test", "AppTests.xctest", "Tests/AppTests",
                 "wrapper.cfbundle"),
    "UITests": ("com.apple.product-type.bundle.ui-testing", "UITests.xctest", "UITests/macOS",
                "wrapper.cfbundle"),
    EXTENSION: ("com.apple.product-type.app-extension", f"{EXTENSION}.appex", EXTENSION,
                "wrapper.app-extension"),
}


def oid(name: str) -> str:
    return hashlib.sha1(f"UniversalLinkLab/{name}".encode()).hexdigest()[:24].upper()


def quote(value: str) -> str:
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./")
    if value and all(c in safe for c in value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(value, indent: int) -> str:
    pad = "\t" * indent
    if isinstance(value, dict):
        lines = ["{"]
        for key, item in value.items():
            lines.append(f"{pad}\t{quote(key)} = {render(item, indent + 1)};")
        lines.append(pad + "}")
        return "\n".join(lines)
    if isinstance(value, list):
        if not value:
            return "(\n" + pad + ")"
        return "(\n" + "".join(f"{pad}\t{render(item, indent + 1)},\n" for item in value) + pad + ")"
    return quote(str(value))


def build_settings(target: str, config: str) -> dict:
    if target == "project":
        settings = {
            "ALWAYS_SEARCH_USER_PATHS": "NO",
            "CLANG_ENABLE_MODULES": "YES",
            "CODE_SIGN_STYLE": "Automatic",
            "COPY_PHASE_STRIP": "NO",
            "DEAD_CODE_STRIPPING": "YES",
            "ENABLE_STRICT_OBJC_MSGSEND": "YES",
            "ENABLE_USER_SCRIPT_SANDBOXING": "YES",
            "GCC_NO_COMMON_BLOCKS": "YES",
            "MACOSX_DEPLOYMENT_TARGET": "14.0",
            "SDKROOT": "macosx",
            "SWIFT_VERSION": "6.0",
            "SWIFT_STRICT_CONCURRENCY": "complete",
            "SWIFT_EMIT_LOC_STRINGS": "YES",
        }
        if config == "Debug":
            settings.update({
                "DEBUG_INFORMATION_FORMAT": "dwarf",
                "ENABLE_TESTABILITY": "YES",
                "GCC_OPTIMIZATION_LEVEL": "0",
                "ONLY_ACTIVE_ARCH": "YES",
                "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG $(inherited)",
                "SWIFT_OPTIMIZATION_LEVEL": "-Onone",
            })
        else:
            settings.update({
                "DEBUG_INFORMATION_FORMAT": "dwarf-with-dsym",
                "ENABLE_NS_ASSERTIONS": "NO",
                "SWIFT_COMPILATION_MODE": "wholemodule",
            })
        return settings
    common = {
        "MACOSX_DEPLOYMENT_TARGET": "14.0",
        "MARKETING_VERSION": "1.0",
        "CURRENT_PROJECT_VERSION": "1",
        "SWIFT_VERSION": "6.0",
        "GENERATE_INFOPLIST_FILE": "YES",
    }
    if target == APP:
        common.update({
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_BUNDLE_IDENTIFIER": BUNDLE_ID,
            "INFOPLIST_FILE": "UniversalLinkLab/Supporting/Info.plist",
            "INFOPLIST_KEY_CFBundleDisplayName": "UniversalLinkLab",
            "INFOPLIST_KEY_LSApplicationCategoryType": "public.app-category.developer-tools",
            "INFOPLIST_KEY_NSHumanReadableCopyright": "",
            "CODE_SIGN_ENTITLEMENTS": "UniversalLinkLab/Supporting/UniversalLinkLab.entitlements",
            "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
            "ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME": "AccentColor",
            "COMBINE_HIDPI_IMAGES": "YES",
            "LD_RUNPATH_SEARCH_PATHS": ["$(inherited)", "@executable_path/../Frameworks"],
            "ENABLE_APP_SANDBOX": "NO",
            # Hardened Runtime only for Developer ID (Release): ad-hoc Debug builds with it
            # cannot load Sparkle.framework ("different Team IDs").
            "ENABLE_HARDENED_RUNTIME": "YES" if config == "Release" else "NO",
        })
    elif target == EXTENSION:
        common.update({
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_BUNDLE_IDENTIFIER": f"{BUNDLE_ID}.{EXTENSION}",
            "INFOPLIST_FILE": f"{EXTENSION}/Info.plist",
            "INFOPLIST_KEY_CFBundleDisplayName": "UniversalLinkLab Preview",
            "INFOPLIST_KEY_NSHumanReadableCopyright": "",
            "CODE_SIGN_ENTITLEMENTS": f"{EXTENSION}/{EXTENSION}.entitlements",
            "ENABLE_APP_SANDBOX": "YES",
            "ENABLE_USER_SELECTED_FILES": "readonly",
            "ENABLE_HARDENED_RUNTIME": "YES" if config == "Release" else "NO",
            "LD_RUNPATH_SEARCH_PATHS": ["$(inherited)", "@executable_path/../Frameworks",
                                        "@executable_path/../../../../Frameworks"],
            "SKIP_INSTALL": "YES",
        })
    elif target == "AppTests":
        common.update({
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_BUNDLE_IDENTIFIER": f"{BUNDLE_ID}.AppTests",
            "TEST_HOST": f"$(BUILT_PRODUCTS_DIR)/{APP}.app/Contents/MacOS/{APP}",
            "BUNDLE_LOADER": "$(TEST_HOST)",
        })
    else:
        common.update({
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_BUNDLE_IDENTIFIER": f"{BUNDLE_ID}.UITests",
            "TEST_TARGET_NAME": APP,
        })
    return common


def pbxproj() -> str:
    objects: dict[str, dict] = {}

    def add(key: str, obj: dict) -> str:
        ident = oid(key)
        assert ident not in objects, key
        objects[ident] = obj
        return ident

    local = add("package/local", {"isa": "XCLocalSwiftPackageReference", "relativePath": "."})
    sparkle = add("package/sparkle", {
        "isa": "XCRemoteSwiftPackageReference",
        "repositoryURL": SPARKLE_URL,
        "requirement": {"kind": "upToNextMajorVersion", "minimumVersion": SPARKLE_MIN},
    })
    machokit = add("package/machokit", {
        "isa": "XCRemoteSwiftPackageReference",
        "repositoryURL": MACHOKIT_URL,
        "requirement": {"kind": "upToNextMinorVersion", "minimumVersion": MACHOKIT_MIN},
    })
    remote_packages = {"Sparkle": sparkle, "MachOKit": machokit}
    products = []
    for name in TARGETS:
        ptype, pfile, _, ftype = TARGETS[name]
        products.append(add(f"product/{name}", {
            "isa": "PBXFileReference", "explicitFileType": ftype, "includeInIndex": "0",
            "path": pfile, "sourceTree": "BUILT_PRODUCTS_DIR",
        }))
    product_group = add("group/Products", {"isa": "PBXGroup", "children": products, "name": "Products",
                                           "sourceTree": "<group>"})
    app_target = oid(f"target/{APP}")
    exception = add("exceptions/app", {
        "isa": "PBXFileSystemSynchronizedBuildFileExceptionSet",
        "membershipExceptions": ["Supporting/Info.plist", "Supporting/UniversalLinkLab.entitlements"],
        "target": app_target,
    })
    extension_exception = add("exceptions/extension", {
        "isa": "PBXFileSystemSynchronizedBuildFileExceptionSet",
        "membershipExceptions": ["Info.plist", f"{EXTENSION}.entitlements"],
        "target": oid(f"target/{EXTENSION}"),
    })
    synced = {}
    for name, (_, _, folder, _) in TARGETS.items():
        group = {"isa": "PBXFileSystemSynchronizedRootGroup"}
        if name == APP:
            group["exceptions"] = [exception]
        if name == EXTENSION:
            group["exceptions"] = [extension_exception]
        group.update({"path": folder, "sourceTree": "<group>"})
        if "/" in folder:
            group = {"isa": group["isa"], "name": name, "path": folder, "sourceTree": "<group>"}
        synced[name] = add(f"synced/{name}", group)
    main_group = add("group/main", {"isa": "PBXGroup", "children": list(synced.values()) + [product_group],
                                    "sourceTree": "<group>"})

    def config_list(owner: str) -> str:
        configs = [add(f"config/{owner}/{c}", {"isa": "XCBuildConfiguration",
                                                "buildSettings": build_settings(owner, c), "name": c})
                   for c in ("Debug", "Release")]
        return add(f"configlist/{owner}", {"isa": "XCConfigurationList", "buildConfigurations": configs,
                                           "defaultConfigurationIsVisible": "0",
                                           "defaultConfigurationName": "Release"})

    target_ids = []
    for name, (ptype, _, _, _) in TARGETS.items():
        deps, product_deps, frameworks, embeds = [], [], [], []
        products_linked = APP_PACKAGE_PRODUCTS + ["Sparkle"] if name == APP else TARGET_PACKAGE_PRODUCTS.get(name, [])
        for product in products_linked:
            package = remote_packages.get(product, local)
            dep = add(f"productdep/{name}/{product}", {"isa": "XCSwiftPackageProductDependency",
                                                        "package": package, "productName": product})
            product_deps.append(dep)
            frameworks.append(add(f"buildfile/{name}/{product}", {"isa": "PBXBuildFile", "productRef": dep}))
        for product in TARGET_UNLINKED_PRODUCTS.get(name, []):
            product_deps.append(add(f"productdep/{name}/{product}", {
                "isa": "XCSwiftPackageProductDependency", "package": local, "productName": product}))
        if name == APP:
            # The app builds the preview extension and copies it into Contents/PlugIns.
            proxy = add(f"proxy/{name}/{EXTENSION}", {
                "isa": "PBXContainerItemProxy", "containerPortal": oid("project"), "proxyType": "1",
                "remoteGlobalIDString": oid(f"target/{EXTENSION}"), "remoteInfo": EXTENSION})
            deps.append(add(f"targetdep/{name}/{EXTENSION}", {"isa": "PBXTargetDependency",
                                                              "target": oid(f"target/{EXTENSION}"),
                                                              "targetProxy": proxy}))
            embeds.append(add(f"phase/{name}/embed-extensions", {
                "isa": "PBXCopyFilesBuildPhase", "buildActionMask": "2147483647", "dstPath": "",
                "dstSubfolderSpec": "13",
                "files": [add(f"buildfile/{name}/embed/{EXTENSION}", {
                    "isa": "PBXBuildFile", "fileRef": oid(f"product/{EXTENSION}"),
                    "settings": {"ATTRIBUTES": ["RemoveHeadersOnCopy"]}})],
                "name": "Embed Foundation Extensions", "runOnlyForDeploymentPostprocessing": "0"}))
        elif name != EXTENSION:
            proxy = add(f"proxy/{name}", {"isa": "PBXContainerItemProxy", "containerPortal": oid("project"),
                                          "proxyType": "1", "remoteGlobalIDString": app_target, "remoteInfo": APP})
            deps.append(add(f"targetdep/{name}", {"isa": "PBXTargetDependency", "target": app_target,
                                                  "targetProxy": proxy}))
        phases = [
            add(f"phase/{name}/sources", {"isa": "PBXSourcesBuildPhase", "buildActionMask": "2147483647",
                                          "files": [], "runOnlyForDeploymentPostprocessing": "0"}),
            add(f"phase/{name}/frameworks", {"isa": "PBXFrameworksBuildPhase", "buildActionMask": "2147483647",
                                             "files": frameworks, "runOnlyForDeploymentPostprocessing": "0"}),
            # An empty resources phase is still needed: synchronised assets are copied through it.
            add(f"phase/{name}/resources", {"isa": "PBXResourcesBuildPhase", "buildActionMask": "2147483647",
                                            "files": [], "runOnlyForDeploymentPostprocessing": "0"}),
        ] + embeds
        target = {
            "isa": "PBXNativeTarget",
            "buildConfigurationList": config_list(name),
            "buildPhases": phases,
            "buildRules": [],
            "dependencies": deps,
            "fileSystemSynchronizedGroups": [synced[name]],
            "name": name,
            "packageProductDependencies": product_deps,
            "productName": name,
            "productReference": oid(f"product/{name}"),
            "productType": ptype,
        }
        target_ids.append(add(f"target/{name}", target))

    add("project", {
        "isa": "PBXProject",
        "attributes": {
            "BuildIndependentTargetsInParallel": "1",
            "LastSwiftUpdateCheck": "1630",
            "LastUpgradeCheck": "1630",
            "TargetAttributes": {
                oid(f"target/{name}"): ({"CreatedOnToolsVersion": "16.3"} if name in (APP, EXTENSION)
                                        else {"CreatedOnToolsVersion": "16.3", "TestTargetID": app_target})
                for name in TARGETS
            },
        },
        "buildConfigurationList": config_list("project"),
        "developmentRegion": "en",
        "hasScannedForEncodings": "0",
        "knownRegions": ["en", "Base"],
        "mainGroup": main_group,
        "minimizedProjectReferenceProxies": "1",
        "packageReferences": [local, sparkle, machokit],
        "preferredProjectObjectVersion": "77",
        "productRefGroup": product_group,
        "projectDirPath": "",
        "projectRoot": "",
        "targets": target_ids,
    })

    by_isa: dict[str, list[str]] = {}
    for ident, obj in objects.items():
        by_isa.setdefault(obj["isa"], []).append(ident)
    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 77;",
           "\tobjects = {"]
    for isa in sorted(by_isa):
        out.append("")
        out.append(f"/* Begin {isa} section */")
        for ident in sorted(by_isa[isa]):
            out.append(f"\t\t{ident} = {render(objects[ident], 2)};")
        out.append(f"/* End {isa} section */")
    out += ["\t};", f"\trootObject = {oid('project')};", "}", ""]
    return "\n".join(out)


def buildable(name: str) -> str:
    _, pfile, _, _ = TARGETS[name]
    return (f'            <BuildableReference\n'
            f'               BuildableIdentifier = "primary"\n'
            f'               BlueprintIdentifier = "{oid("target/" + name)}"\n'
            f'               BuildableName = "{pfile}"\n'
            f'               BlueprintName = "{name}"\n'
            f'               ReferencedContainer = "container:UniversalLinkLab.xcodeproj">\n'
            f'            </BuildableReference>\n')


def scheme() -> str:
    testables = "".join(
        f'         <TestableReference\n            skipped = "NO"\n            parallelizable = "NO">\n'
        f'{buildable(name)}'
        f'         </TestableReference>\n' for name in ("AppTests", "UITests"))
    runnable = ('      <BuildableProductRunnable\n         runnableDebuggingMode = "0">\n'
                + buildable(APP) + '      </BuildableProductRunnable>\n')
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Scheme\n   LastUpgradeVersion = "1630"\n   version = "1.7">\n'
        '   <BuildAction\n      parallelizeBuildables = "YES"\n      buildImplicitDependencies = "YES">\n'
        '      <BuildActionEntries>\n'
        '         <BuildActionEntry\n            buildForTesting = "YES"\n            buildForRunning = "YES"\n'
        '            buildForProfiling = "YES"\n            buildForArchiving = "YES"\n'
        '            buildForAnalyzing = "YES">\n'
        + buildable(APP) +
        '         </BuildActionEntry>\n      </BuildActionEntries>\n   </BuildAction>\n'
        '   <TestAction\n      buildConfiguration = "Debug"\n'
        '      selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"\n'
        '      selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"\n'
        '      shouldUseLaunchSchemeArgsEnv = "YES">\n'
        '      <Testables>\n' + testables + '      </Testables>\n   </TestAction>\n'
        '   <LaunchAction\n      buildConfiguration = "Debug"\n'
        '      selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"\n'
        '      selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"\n'
        '      launchStyle = "0"\n      useCustomWorkingDirectory = "NO"\n      ignoresPersistentStateOnLaunch = "NO"\n'
        '      debugDocumentVersioning = "YES"\n      debugServiceExtension = "internal"\n'
        '      allowLocationSimulation = "YES">\n' + runnable + '   </LaunchAction>\n'
        '   <ProfileAction\n      buildConfiguration = "Release"\n      shouldUseLaunchSchemeArgsEnv = "YES"\n'
        '      savedToolIdentifier = ""\n      useCustomWorkingDirectory = "NO"\n'
        '      debugDocumentVersioning = "YES">\n' + runnable + '   </ProfileAction>\n'
        '   <AnalyzeAction\n      buildConfiguration = "Debug">\n   </AnalyzeAction>\n'
        '   <ArchiveAction\n      buildConfiguration = "Release"\n      revealArchiveInOrganizer = "YES">\n'
        '   </ArchiveAction>\n</Scheme>\n')


def main() -> int:
    files = {
        PROJECT / "project.pbxproj": pbxproj(),
        PROJECT / "xcshareddata/xcschemes/UniversalLinkLab.xcscheme": scheme(),
    }
    if "--check" in sys.argv:
        stale = [str(p.relative_to(ROOT)) for p, text in files.items()
                 if not p.exists() or p.read_text() != text]
        for path in stale:
            print(f"{path} differs from scripts/xcodeproj/generate.py's output; run the script", file=sys.stderr)
        return 1 if stale else 0
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
