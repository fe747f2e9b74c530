import Foundation
import Testing

/// The Quick Look preview extension target (embedded in the app, sandboxed, its content types)
/// and MachOKit on the unit-test target only (docs/quicklook.md, docs/machokit.md).
@Suite struct QuickLookAndMachOKitProjectTests {
    typealias Graph = XcodeProjectTests.Graph

    private func id(_ graph: Graph, _ name: String) throws -> String {
        try #require(graph.all("PBXNativeTarget").first { $0.object["name"] as? String == name }?.id)
    }

    private func products(_ graph: Graph, _ target: String) throws -> [String: [String: Any]] {
        let ids = try graph.target(target)["packageProductDependencies"] as? [String] ?? []
        return try Dictionary(
            uniqueKeysWithValues: ids.map { id in
                let object = try graph.object(id)
                return (object["productName"] as? String ?? "", object)
            })
    }

    @Test func theAppBuildsTheExtensionAndEmbedsItInPlugIns() throws {
        let graph = try Graph()
        let app = try graph.target("UniversalLinkLab")
        let extensionID = try id(graph, "QuickLookPreview")
        let dependencies = try (app["dependencies"] as? [String] ?? []).map(graph.object)
        #expect(dependencies.contains { $0["target"] as? String == extensionID }, "the app depends on the extension")
        let phases = try (app["buildPhases"] as? [String] ?? []).map(graph.object)
        let copies = phases.filter { $0["isa"] as? String == "PBXCopyFilesBuildPhase" }
        #expect(copies.count == 1)
        let embed = try #require(copies.first)
        #expect(embed["dstSubfolderSpec"] as? String == "13", "13 is the PlugIns folder")
        #expect(embed["name"] as? String == "Embed Foundation Extensions")
        let files = try (embed["files"] as? [String] ?? []).map(graph.object)
        let product = try graph.object(try graph.target("QuickLookPreview")["productReference"])
        #expect(product["path"] as? String == "QuickLookPreview.appex")
        let productReference = try graph.target("QuickLookPreview")["productReference"] as? String
        #expect(files.map { $0["fileRef"] as? String } == [productReference])
        #expect((files.first?["settings"] as? [String: Any])?["ATTRIBUTES"] as? [String] == ["RemoveHeadersOnCopy"])
    }

    @Test func theExtensionIsSandboxedReadOnlyAndLinksOnlyWorkbench() throws {
        let graph = try Graph()
        let target = try graph.target("QuickLookPreview")
        #expect(Set(try products(graph, "QuickLookPreview").keys) == ["Workbench"])
        for configuration in ["Debug", "Release"] {
            let settings = try graph.settings(of: target, configuration)
            #expect(settings["ENABLE_APP_SANDBOX"] as? String == "YES")
            #expect(settings["SKIP_INSTALL"] as? String == "YES")
            #expect(
                settings["PRODUCT_BUNDLE_IDENTIFIER"] as? String
                    == "org.universallinklab.UniversalLinkLab.QuickLookPreview", "prefixed by the app's identifier")
            for key in ["INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"] {
                let path = try #require(settings[key] as? String)
                #expect(FileManager.default.fileExists(atPath: ProjectFiles.root.appendingPathComponent(path).path))
            }
        }
        let entitlements = try ProjectFiles.plist(
            ProjectFiles.extensionFolder.appendingPathComponent("QuickLookPreview.entitlements"))
        #expect(entitlements["com.apple.security.app-sandbox"] as? Bool == true)
        #expect(entitlements["com.apple.security.files.user-selected.read-only"] as? Bool == true)
        #expect(entitlements.keys.allSatisfy { !$0.contains("network") && !$0.contains("read-write") })
        // Info.plist and entitlements are not copied into the bundle as resources.
        let groups = try (target["fileSystemSynchronizedGroups"] as? [String] ?? []).map(graph.object)
        let exceptions = try (groups.first?["exceptions"] as? [String] ?? []).map(graph.object)
        #expect(
            Set(exceptions.first?["membershipExceptions"] as? [String] ?? [])
                == ["Info.plist", "QuickLookPreview.entitlements"])
    }

    @Test func infoPlistIsAQuickLookPreviewForTheTypesItPreviewsOnly() throws {
        let info = try ProjectFiles.plist(ProjectFiles.extensionFolder.appendingPathComponent("Info.plist"))
        let ext = try #require(info["NSExtension"] as? [String: Any])
        #expect(ext["NSExtensionPointIdentifier"] as? String == "com.apple.quicklook.preview")
        #expect(ext["NSExtensionPrincipalClass"] as? String == "$(PRODUCT_MODULE_NAME).PreviewProvider")
        let attributes = try #require(ext["NSExtensionAttributes"] as? [String: Any])
        #expect(attributes["QLIsDataBasedPreview"] as? Bool == true)
        let types = try #require(attributes["QLSupportedContentTypes"] as? [String])
        // Not public.zip-archive: that would make the extension the preview of every ZIP in Finder.
        #expect(
            Set(types) == [
                "com.apple.itunes.ipa", "com.apple.iphone.mobileprovision",
                "com.apple.provisionprofile", "org.universallinklab.session",
                "com.android.package-archive", "org.universallinklab.android.xapk",
                "org.universallinklab.android.apks",
            ])
        #expect(!types.contains { $0.hasPrefix("public.") }, "a public type is every file of that kind")
        // Each type it claims is declared by the app (imported or exported).
        let app = try ProjectFiles.plist(ProjectFiles.infoPlist)
        let declarations =
            (app["UTImportedTypeDeclarations"] as? [[String: Any]] ?? [])
            + (app["UTExportedTypeDeclarations"] as? [[String: Any]] ?? [])
        let declared = Set(declarations.compactMap { $0["UTTypeIdentifier"] as? String })
        for type in types {
            #expect(declared.contains(type), "\(type) is not declared by the app")
        }
        // The principal class exists, is a data-based provider, and the sources import only what is linked.
        let sources = try ProjectFiles.swiftFiles(in: "QuickLookPreview").map(ProjectFiles.text).joined()
        #expect(sources.contains("final class PreviewProvider: QLPreviewProvider, QLPreviewingController"))
        let imports = sources.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { $0.dropFirst(7) }
        #expect(
            Set(imports.map(String.init)).isSubset(of: [
                "Foundation", "QuickLookUI", "UniformTypeIdentifiers",
                "Workbench",
            ]))
        #expect(!sources.contains("Process(") && !sources.contains("NSTask"), "the sandbox runs no process")
    }

    /// The unit tests run inside the app (TEST_HOST, BUNDLE_LOADER): a package product linked by
    /// both would be in the process twice (duplicate classes and globals). So the unit tests link
    /// no product of the local package (the app holds every one it needs: Workbench contains
    /// MachOReader), and every module they import is one they depend on, the app, or a system one.
    @Test func theUnitTestsLinkNothingTheHostAppContainsAndDependOnWhatTheyImport() throws {
        let graph = try Graph()
        let unit = try graph.target("AppTests")
        let phases = try (unit["buildPhases"] as? [String] ?? []).map(graph.object)
        let frameworks = try #require(phases.first { $0["isa"] as? String == "PBXFrameworksBuildPhase" })
        for file in try (frameworks["files"] as? [String] ?? []).map(graph.object) {
            let product = try graph.object(file["productRef"])
            #expect(
                try graph.object(product["package"])["isa"] as? String == "XCRemoteSwiftPackageReference",
                """
                AppTests links \(product["productName"] ?? "?") from the local package, which the host app \
                already contains
                """)
        }
        let dependencies = Set(try products(graph, "AppTests").keys)
        let system: Set<String> = [
            "Foundation", "Testing", "XCTest", "AppKit", "SwiftUI", "Darwin",
            "UniformTypeIdentifiers", "Combine", "OSLog",
        ]
        for file in ProjectFiles.swiftFiles(in: "Tests/AppTests") {
            for line in try ProjectFiles.text(file).split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import"), index <= 1 else { continue }
                guard index == 0 || words[0] == "@testable", words.count > index + 1 else { continue }
                let module = words[index + 1]
                #expect(
                    dependencies.contains(module) || system.contains(module) || module == "UniversalLinkLab",
                    "\(file.lastPathComponent) imports \(module), which AppTests does not depend on")
            }
        }
    }

    @Test func machOKitIsARemotePackageOnTheUnitTestsOnly() throws {
        let graph = try Graph()
        let references = try (graph.project["packageReferences"] as? [String] ?? []).map(graph.object)
        let url = "https://github.com/p-x9/MachOKit"
        let machOKit = try #require(references.first { $0["repositoryURL"] as? String == url })
        #expect(machOKit["isa"] as? String == "XCRemoteSwiftPackageReference")
        let requirement = machOKit["requirement"] as? [String: Any]
        #expect(requirement?["kind"] as? String == "upToNextMinorVersion", "0.x: a minor version may break the API")
        #expect((requirement?["minimumVersion"] as? String)?.hasPrefix("0.") == true)
        let unit = try products(graph, "AppTests")
        #expect(Set(unit.keys) == ["MachOKit", "MachOReader", "Workbench"])
        let machOKitID = references.firstIndex { $0["repositoryURL"] as? String == url }
            .map { (graph.project["packageReferences"] as? [String] ?? [])[$0] }
        #expect(unit["MachOKit"]?["package"] as? String == machOKitID)
        for other in ["UniversalLinkLab", "UITests", "QuickLookPreview"] {
            #expect(try products(graph, other)["MachOKit"] == nil, "\(other) must not link MachOKit")
        }
        // Linked through the unit tests' frameworks phase: MachOKit only (the host app holds the rest).
        let phases = try (try graph.target("AppTests")["buildPhases"] as? [String] ?? []).map(graph.object)
        let frameworks = try #require(phases.first { $0["isa"] as? String == "PBXFrameworksBuildPhase" })
        let linked = try (frameworks["files"] as? [String] ?? []).map { try graph.object($0)["productRef"] as? String }
        let dependencyIDs = try graph.target("AppTests")["packageProductDependencies"] as? [String] ?? []
        let machOKitDependency = try dependencyIDs.first {
            try graph.object($0)["productName"] as? String == "MachOKit"
        }
        #expect(linked == [machOKitDependency])
        let test = try ProjectFiles.text(
            ProjectFiles.root.appendingPathComponent("Tests/AppTests/MachOKitCrossCheckTests.swift"))
        #expect(test.contains("import MachOKit") && test.contains("MachOSummary.differences"))
    }
}
