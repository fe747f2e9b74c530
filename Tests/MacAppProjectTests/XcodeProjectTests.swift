import Foundation
import Testing

/// `project.pbxproj` read as a property list (Foundation parses the OpenStep format on Linux)
/// and its object graph checked.
@Suite struct XcodeProjectTests {
    struct Graph {
        let root: [String: Any]
        let objects: [String: [String: Any]]

        init() throws {
            root = try ProjectFiles.plist(ProjectFiles.pbxproj)
            guard let objects = root["objects"] as? [String: [String: Any]] else { throw CheckError("no objects") }
            self.objects = objects
        }

        func object(_ id: Any?) throws -> [String: Any] {
            guard let id = id as? String, let object = objects[id] else {
                throw CheckError("dangling \(String(describing: id))")
            }
            return object
        }

        func all(_ isa: String) -> [(id: String, object: [String: Any])] {
            objects.filter { $0.value["isa"] as? String == isa }.map { ($0.key, $0.value) }.sorted { $0.id < $1.id }
        }

        var project: [String: Any] { (try? object(root["rootObject"])) ?? [:] }

        func target(_ name: String) throws -> [String: Any] {
            guard let target = all("PBXNativeTarget").first(where: { $0.object["name"] as? String == name }) else {
                throw CheckError("no target \(name)")
            }
            return target.object
        }

        func settings(of owner: [String: Any], _ configuration: String) throws -> [String: Any] {
            let list = try object(owner["buildConfigurationList"])
            for id in list["buildConfigurations"] as? [String] ?? [] {
                let config = try object(id)
                if config["name"] as? String == configuration {
                    return config["buildSettings"] as? [String: Any] ?? [:]
                }
            }
            throw CheckError("no \(configuration) configuration")
        }
    }

    /// Every value in the tree that looks like an object ID.
    private func ids(in value: Any, into result: inout [String]) {
        if let string = value as? String, string.count == 24, string.allSatisfy(\.isHexDigit) { result.append(string) }
        if let array = value as? [Any] { array.forEach { ids(in: $0, into: &result) } }
        if let dictionary = value as? [String: Any] { dictionary.values.forEach { ids(in: $0, into: &result) } }
    }

    @Test func isTheGeneratorsOutput() throws {
        let python = try #require(ProjectFiles.tool("python3"), "python3 is needed to run the generator")
        let result = try ProjectFiles.run(python, ["scripts/xcodeproj/generate.py", "--check"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func formatIsObjectVersion77() throws {
        let graph = try Graph()
        #expect(graph.root["objectVersion"] as? String == "77")
        #expect(graph.project["preferredProjectObjectVersion"] as? String == "77")
        #expect(graph.project["compatibilityVersion"] == nil)
    }

    @Test func everyIDIs24HexUniqueAndResolves() throws {
        let graph = try Graph()
        #expect(graph.objects.keys.allSatisfy { $0.count == 24 && $0.allSatisfy(\.isHexDigit) })
        var referenced: [String] = []
        for object in graph.objects.values { ids(in: object, into: &referenced) }
        ids(in: graph.root["rootObject"] ?? "", into: &referenced)
        let dangling = Set(referenced).subtracting(graph.objects.keys)
        #expect(dangling.isEmpty, "dangling IDs: \(dangling.sorted())")
        // Everything but the root is referenced from somewhere: no orphans either.
        let orphans = Set(graph.objects.keys).subtracting(referenced)
        #expect(orphans.isEmpty, "unreferenced objects: \(orphans.sorted())")
    }

    @Test func fourTargetsWithTheirProductTypes() throws {
        let graph = try Graph()
        let targets = graph.all("PBXNativeTarget").map {
            ($0.object["name"] as? String ?? "", $0.object["productType"] as? String ?? "")
        }
        #expect(
            Dictionary(uniqueKeysWithValues: targets) == [
                "UniversalLinkLab": "com.apple.product-type.application",
                "AppTests": "com.apple.product-type.bundle.unit-test",
                "UITests": "com.apple.product-type.bundle.ui-testing",
                "QuickLookPreview": "com.apple.product-type.app-extension",
            ])
        let appID =
            try #require(graph.all("PBXNativeTarget").first { $0.object["name"] as? String == "UniversalLinkLab" }?.id)
        for name in ["AppTests", "UITests"] {
            let dependencies = try graph.target(name)["dependencies"] as? [String] ?? []
            let dependency = try graph.object(dependencies.first)
            #expect(dependency["target"] as? String == appID, "\(name) depends on the app")
            let attributes = graph.project["attributes"] as? [String: Any]
            let targetAttributes = attributes?["TargetAttributes"] as? [String: [String: Any]]
            let id = try #require(graph.all("PBXNativeTarget").first { $0.object["name"] as? String == name }?.id)
            #expect(targetAttributes?[id]?["TestTargetID"] as? String == appID)
        }
    }

    @Test func deploymentTargetIsMacOS14Everywhere() throws {
        let graph = try Graph()
        let targets = ["UniversalLinkLab", "AppTests", "UITests", "QuickLookPreview"]
        for owner in [graph.project] + (try targets.map(graph.target)) {
            for configuration in ["Debug", "Release"] {
                #expect(try graph.settings(of: owner, configuration)["MACOSX_DEPLOYMENT_TARGET"] as? String == "14.0")
            }
        }
        #expect(try graph.settings(of: graph.project, "Release")["SDKROOT"] as? String == "macosx")
    }

    @Test func appSettingsHardenedRuntimeInReleaseOnlyEntitlementsAndMergedInfoPlist() throws {
        let graph = try Graph()
        let app = try graph.target("UniversalLinkLab")
        let debug = try graph.settings(of: app, "Debug")
        let release = try graph.settings(of: app, "Release")
        #expect(debug["ENABLE_HARDENED_RUNTIME"] as? String == "NO")
        #expect(release["ENABLE_HARDENED_RUNTIME"] as? String == "YES")
        for settings in [debug, release] {
            #expect(settings["GENERATE_INFOPLIST_FILE"] as? String == "YES")
            let info = try #require(settings["INFOPLIST_FILE"] as? String)
            #expect(FileManager.default.fileExists(atPath: ProjectFiles.root.appendingPathComponent(info).path))
            let entitlements = try #require(settings["CODE_SIGN_ENTITLEMENTS"] as? String)
            #expect(FileManager.default.fileExists(atPath: ProjectFiles.root.appendingPathComponent(entitlements).path))
            #expect(settings["ENABLE_APP_SANDBOX"] as? String == "NO")
        }
        let unit = try graph.settings(of: try graph.target("AppTests"), "Debug")
        #expect(
            unit[
                "TEST_HOST"] as? String == "$(BUILT_PRODUCTS_DIR)/UniversalLinkLab.app/Contents/MacOS/UniversalLinkLab")
        #expect(unit["BUNDLE_LOADER"] as? String == "$(TEST_HOST)")
        #expect(
            try graph.settings(
                of: try graph.target("UITests"),
                "Debug")["TEST_TARGET_NAME"] as? String == "UniversalLinkLab")
    }

    @Test func synchronisedFoldersExistAndNoneIsTestsItself() throws {
        let graph = try Graph()
        let expected =
            [
                "UniversalLinkLab": "UniversalLinkLab", "AppTests": "Tests/AppTests", "UITests": "UITests/macOS",
                "QuickLookPreview": "QuickLookPreview",
            ]
        for (name, folder) in expected {
            let groups = try graph.target(name)["fileSystemSynchronizedGroups"] as? [String] ?? []
            #expect(groups.count == 1)
            let group = try graph.object(groups.first)
            #expect(group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup")
            #expect(group["path"] as? String == folder)
            var isDirectory: ObjCBool = false
            #expect(
                FileManager.default.fileExists(
                    atPath: ProjectFiles.root.appendingPathComponent(folder).path,
                    isDirectory: &isDirectory) && isDirectory.boolValue)
        }
        let paths = graph.all("PBXFileSystemSynchronizedRootGroup").compactMap { $0.object["path"] as? String }
        #expect(!paths.contains("Tests") && !paths.contains("Tests/"), "Tests/ belongs to SwiftPM")
        let exceptions = graph.all("PBXFileSystemSynchronizedBuildFileExceptionSet")
        #expect(exceptions.count == 2)
        let appID = graph.all("PBXNativeTarget").first { $0.object["name"] as? String == "UniversalLinkLab" }?.id
        let appExceptions = exceptions.first { $0.object["target"] as? String == appID }
        let members = (appExceptions?.object["membershipExceptions"] as? [String]) ?? []
        #expect(members.contains("Supporting/Info.plist"))
    }

    @Test func localPackageAndSparkleAreReferencedAndTheirProductsLinked() throws {
        let graph = try Graph()
        let references = try (graph.project["packageReferences"] as? [String] ?? []).map(graph.object)
        let local = references.filter { $0["isa"] as? String == "XCLocalSwiftPackageReference" }
        #expect(local.count == 1)
        // The package at the project's own folder: Xcode writes it as relativePath `.` (its object
        // comment in Xcode-written projects reads `XCLocalSwiftPackageReference "."`), not `""`.
        #expect(local.first?["relativePath"] as? String == ".")
        let remote = try #require(
            references.first {
                $0["isa"] as? String == "XCRemoteSwiftPackageReference"
                    && $0["repositoryURL"] as? String == "https://github.com/sparkle-project/Sparkle"
            })
        #expect(remote["repositoryURL"] as? String == "https://github.com/sparkle-project/Sparkle")
        let requirement = remote["requirement"] as? [String: Any]
        #expect(requirement?["kind"] as? String == "upToNextMajorVersion")
        #expect((requirement?["minimumVersion"] as? String)?.hasPrefix("2.") == true)

        let app = try graph.target("UniversalLinkLab")
        let dependencies = try (app["packageProductDependencies"] as? [String] ?? []).map(graph.object)
        let names = Set(dependencies.compactMap { $0["productName"] as? String })
        #expect(names.isSuperset(of: ["Workbench", "Reports", "DeviceTools", "Sparkle"]))
        #expect(!names.contains("MachOKit"), "MachOKit is for the unit tests only")
        // Every local product is a library product of Package.swift.
        let manifest = try ProjectFiles.text(ProjectFiles.root.appendingPathComponent("Package.swift"))
        let libraries = Set(ProjectFiles.literals(after: ".library(name: \"", in: manifest))
        for dependency in dependencies where dependency["productName"] as? String != "Sparkle" {
            let name = dependency["productName"] as? String ?? ""
            #expect(libraries.contains(name), "\(name) is not a library product of Package.swift")
            #expect(try graph.object(dependency["package"])["isa"] as? String == "XCLocalSwiftPackageReference")
        }
        // Each product is linked through the frameworks phase.
        let phases = try (app["buildPhases"] as? [String] ?? []).map(graph.object)
        let frameworks = try #require(phases.first { $0["isa"] as? String == "PBXFrameworksBuildPhase" })
        let linked = try (frameworks["files"] as? [String] ?? []).map { try graph.object($0)["productRef"] as? String }
        let dependencyIDs = app["packageProductDependencies"] as? [String] ?? []
        #expect(Set(linked.compactMap { $0 }) == Set(dependencyIDs))
        #expect(phases.contains { $0["isa"] as? String == "PBXResourcesBuildPhase" }, "assets need a resources phase")
    }

    @Test func appSourcesImportOnlyLinkedModules() throws {
        let graph = try Graph()
        let app = try graph.target("UniversalLinkLab")
        let linked = Set(
            try (app["packageProductDependencies"] as? [String] ?? []).compactMap {
                try graph.object($0)["productName"] as? String
            })
        let system: Set<String> = [
            "SwiftUI", "AppKit", "Foundation", "Observation", "UniformTypeIdentifiers",
            "Combine", "OSLog", "QuickLookUI",
        ]
        for file in ProjectFiles.swiftFiles(in: "UniversalLinkLab") {
            for line in try ProjectFiles.text(file).split(separator: "\n") where line.hasPrefix("import ") {
                let module = String(line.dropFirst("import ".count)).trimmingCharacters(in: .whitespaces)
                #expect(
                    linked.contains(module) || system.contains(module),
                    "\(file.lastPathComponent) imports \(module), which the app target does not link")
            }
        }
    }
}
