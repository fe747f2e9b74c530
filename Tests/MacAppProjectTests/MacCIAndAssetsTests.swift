import Foundation
import Testing

/// The macOS workflow's Xcode pin, the Linux-only gate of the type check, the types the plists
/// name, and the drawn icons.
@Suite struct MacCIAndAssetsTests {
    static let workflow = ProjectFiles.root.appendingPathComponent(".github/workflows/macos.yml")
    static let catalog = ProjectFiles.root.appendingPathComponent("UniversalLinkLab/Resources/Assets.xcassets")

    // MARK: Workflow and scripts

    /// Every job runs on macos-15 with Xcode 16.4 (16.3+ reads swift-tools-version 6.1), never a
    /// moving `latest-stable`, and checks that the pinned Xcode is the one in use.
    @Test func everyMacJobPinsXcode164() throws {
        let text = try ProjectFiles.text(Self.workflow)
        #expect(!text.contains("xcode-version: latest"), "a moving Xcode version")
        #expect(text.contains("XCODE_VERSION: '16.4'"))
        let setups = text.components(separatedBy: "maxim-lobanov/setup-xcode@").count - 1
        let pinned = text.components(separatedBy: "xcode-version: ${{ env.XCODE_VERSION }}").count - 1
        let jobs = text.components(separatedBy: "runs-on: ").count - 1
        #expect(setups == jobs && pinned == setups, "\(jobs) jobs, \(setups) setup-xcode steps, \(pinned) pinned")
        #expect(text.components(separatedBy: "runs-on: macos-15\n").count - 1 == jobs)
        #expect(text.contains("grep -x \"Xcode $XCODE_VERSION\""))
        let manifest = try ProjectFiles.text(ProjectFiles.root.appendingPathComponent("Package.swift"))
        #expect(manifest.hasPrefix("// swift-tools-version:6.1"), "change the pinned Xcode with the tools version")
    }

    /// scripts/typecheck-app stops with its reason before anything Linux-specific when it is not
    /// on Linux, and uses no GNU-only `mv -T`; its test suite is skipped off Linux with a reason.
    @Test func theTypeCheckIsGatedToLinuxAndItsScriptIsPortableUntilTheGate() throws {
        let script = try ProjectFiles.text(ProjectFiles.root.appendingPathComponent("scripts/typecheck-app"))
        let body =
            script.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("#") }.joined(separator: "\n")
        let gate = try #require(body.range(of: "if [ \"$(uname -s)\" != Linux ]; then"))
        for linuxOnly in ["sha256sum", "mapfile", "swift build", "\"$swiftc\""] {
            let use = try #require(body.range(of: linuxOnly), "\(linuxOnly) not found")
            #expect(gate.lowerBound < use.lowerBound, "\(linuxOnly) runs before the Linux gate")
        }
        #expect(!body.contains("mv -T"))
        let suite =
            try ProjectFiles.text(
                ProjectFiles.root.appendingPathComponent("Tests/MacAppProjectTests/AppTypeCheckTests.swift"))
        // Whitespace aside, as the formatter lays the trait out.
        #expect(suite.filter { !$0.isWhitespace }.contains(".enabled(if:AppTypeCheck.runsHere,"))
    }

    /// Run where `uname -s` says Darwin (a stand-in `uname` first on PATH), the script stops with
    /// exit status 2 and its reason before building or compiling anything.
    @Test func theTypeCheckScriptRefusesToRunOffLinux() throws {
        let shim = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-uname-\(UUID())")
        try FileManager.default.createDirectory(at: shim, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: shim) }
        let uname = shim.appendingPathComponent("uname")
        try Data("#!/bin/sh\necho Darwin\n".utf8).write(to: uname)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: uname.path)
        let env = try #require(ProjectFiles.tool("env"))
        let bash = try #require(ProjectFiles.tool("bash"))
        let path = shim.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try ProjectFiles.run(
            env,
            [
                "PATH=\(path)", bash.path, "scripts/typecheck-app", "--no-build",
                "--scratch-path", "/nonexistent",
            ])
        #expect(result.status == 2, "\(result.output)")
        #expect(result.output.contains("Linux only"))
    }

    // MARK: Types

    /// Every type the app's and the extension's plists name is a system type (`public.*`) or one
    /// the app declares (UTImportedTypeDeclarations / UTExportedTypeDeclarations).
    @Test func everyTypeThePlistsNameIsDeclared() throws {
        let app = try ProjectFiles.plist(ProjectFiles.infoPlist)
        let declarations =
            (app["UTImportedTypeDeclarations"] as? [[String: Any]] ?? [])
            + (app["UTExportedTypeDeclarations"] as? [[String: Any]] ?? [])
        let declared = Set(declarations.compactMap { $0["UTTypeIdentifier"] as? String })
        var named = declarations.flatMap { $0["UTTypeConformsTo"] as? [String] ?? [] }
        named += (app["CFBundleDocumentTypes"] as? [[String: Any]] ?? []).flatMap {
            $0["LSItemContentTypes"] as? [String] ?? []
        }
        let preview = try ProjectFiles.plist(ProjectFiles.extensionFolder.appendingPathComponent("Info.plist"))
        let attributes = (preview["NSExtension"] as? [String: Any])?["NSExtensionAttributes"] as? [String: Any]
        named += attributes?["QLSupportedContentTypes"] as? [String] ?? []
        #expect(named.count > 5)
        for type in named where !type.hasPrefix("public.") {
            #expect(declared.contains(type), "\(type) is named in a plist but not declared")
        }
        // The provisioning profiles by the identifiers macOS gives them.
        #expect(
            declared.isSuperset(of: [
                "com.apple.itunes.ipa", "com.apple.iphone.mobileprovision",
                "com.apple.provisionprofile", "org.universallinklab.session",
            ]))
        #expect(!declared.contains("com.apple.mobileprovision"), "not the identifier macOS uses")
    }

    // MARK: Icons

    /// The pixel size of a PNG file (its IHDR chunk).
    static func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
        let data = [UInt8](try Data(contentsOf: url).prefix(24))
        guard data.count == 24, data[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            data[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else {
            throw CheckError("\(url.lastPathComponent) is not a PNG")
        }
        let be = { (i: Int) in data[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    /// Each icon set: ten macOS images (16–512 pt at 1x and 2x), each file present at its size.
    @Test(arguments: ["AppIcon.appiconset", "DocumentIPA.iconset", "DocumentSession.iconset"])
    func theIconSetIsCompleteAndEveryImageHasItsSize(folder: String) throws {
        let set = Self.catalog.appendingPathComponent(folder)
        let contents = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as? [String: Any])
        let images = contents["images"] as? [[String: String]] ?? []
        var slots: Set<String> = []
        for image in images {
            #expect(image["idiom"] == "mac")
            let size = try #require(image["size"])
            let scale = try #require(image["scale"])
            slots.insert("\(size)@\(scale)")
            let points = try #require(Int(size.split(separator: "x").first ?? ""))
            let factor = try #require(Int(scale.dropLast()))
            let file = try #require(image["filename"], "\(folder) \(size)@\(scale) has no image")
            let pixels = try Self.pngSize(set.appendingPathComponent(file))
            #expect(pixels.width == points * factor && pixels.height == points * factor, "\(file) is \(pixels)")
        }
        #expect(slots == Set([16, 32, 128, 256, 512].flatMap { ["\($0)x\($0)@1x", "\($0)x\($0)@2x"] }))
    }

    @Test func theAppIconIsTheBuildsIconAndDocumentTypesNameTheirIcons() throws {
        let graph = try XcodeProjectTests.Graph()
        for configuration in ["Debug", "Release"] {
            let settings = try graph.settings(of: try graph.target("UniversalLinkLab"), configuration)
            #expect(settings["ASSETCATALOG_COMPILER_APPICON_NAME"] as? String == "AppIcon")
        }
        let info = try ProjectFiles.plist(ProjectFiles.infoPlist)
        let documents = info["CFBundleDocumentTypes"] as? [[String: Any]] ?? []
        func icon(_ type: String) -> String? {
            documents.first {
                ($0["LSItemContentTypes"] as? [String])?
                    .contains(type) == true
            }?["CFBundleTypeIconFile"] as? String
        }
        #expect(icon("com.apple.itunes.ipa") == "DocumentIPA")
        #expect(icon("org.universallinklab.session") == "DocumentSession")
        for name in documents.compactMap({ $0["CFBundleTypeIconFile"] as? String }) {
            var isDirectory: ObjCBool = false
            let path = Self.catalog.appendingPathComponent("\(name).iconset").path
            #expect(
                FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue,
                "\(name) is not an icon set of the asset catalog")
        }
    }

    static var pillowAvailable: Bool {
        guard let python = ProjectFiles.tool("python3") else { return false }
        return (try? ProjectFiles.run(python, ["-c", "import PIL"]).status) == 0
    }

    /// The committed PNGs are what scripts/icons/generate.py draws (pixels compared).
    @Test(.enabled(if: pillowAvailable, "scripts/icons/generate.py needs Pillow (pip install pillow)"))
    func theIconsAreTheGeneratorsOutput() throws {
        let python = try #require(ProjectFiles.tool("python3"))
        let result = try ProjectFiles.run(python, ["scripts/icons/generate.py", "--check"])
        #expect(result.status == 0, "\(result.output)")
    }
}
