import Foundation
import Reports
import Testing
import Workbench

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The shared scheme (XML), the Info.plist and the entitlements.
@Suite struct SchemeAndPlistTests {
    /// Collects the BuildableReferences of a scheme, by the action they sit in.
    final class SchemeReader: NSObject, XMLParserDelegate {
        var stack: [String] = []
        var references: [(action: String, blueprint: String, name: String)] = []

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            if element == "BuildableReference", let action = stack.first(where: { $0.hasSuffix("Action") }) {
                references.append((action, attributes["BlueprintIdentifier"] ?? "", attributes["BlueprintName"] ?? ""))
            }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
    }

    @Test func sharedSchemeBuildsTheAppAndTestsBothTestTargets() throws {
        let reader = SchemeReader()
        let parser = XMLParser(data: try Data(contentsOf: ProjectFiles.scheme))
        parser.delegate = reader
        #expect(parser.parse(), "the scheme is not well-formed XML")
        let graph = try XcodeProjectTests.Graph()
        let targetIDs = Dictionary(
            uniqueKeysWithValues: graph.all("PBXNativeTarget").map {
                ($0.object["name"] as? String ?? "", $0.id)
            })
        let tested = reader.references.filter { $0.action == "TestAction" }
        #expect(Set(tested.map(\.name)) == ["AppTests", "UITests"])
        for reference in reader.references {
            #expect(
                targetIDs[reference.name] == reference.blueprint,
                "\(reference.name) has a stale BlueprintIdentifier")
        }
        #expect(reader.references.contains { $0.action == "BuildAction" && $0.name == "UniversalLinkLab" })
        #expect(reader.references.contains { $0.action == "LaunchAction" && $0.name == "UniversalLinkLab" })
    }

    @Test func infoPlistDeclaresTheDocumentTypesAndSparkleKeys() throws {
        let info = try ProjectFiles.plist(ProjectFiles.infoPlist)
        let documents = try #require(info["CFBundleDocumentTypes"] as? [[String: Any]])
        func document(_ type: String) -> [String: Any]? {
            documents.first { ($0["LSItemContentTypes"] as? [String])?.contains(type) == true }
        }
        #expect(document("com.apple.itunes.ipa")?["CFBundleTypeRole"] as? String == "Viewer")
        #expect(document("com.apple.itunes.ipa")?["LSHandlerRank"] as? String == "Alternate")
        #expect(document("org.universallinklab.session")?["CFBundleTypeRole"] as? String == "Editor")
        #expect(document("org.universallinklab.session")?["LSHandlerRank"] as? String == "Owner")

        let imported = try #require(info["UTImportedTypeDeclarations"] as? [[String: Any]])
        #expect(imported.contains { $0["UTTypeIdentifier"] as? String == "com.apple.itunes.ipa" })
        // Android apps: one viewer document type (a session starts for them), each type imported,
        // conforming to ZIP, for the extensions the package reads as Android apps (AppFileKind).
        let androidTypes = [
            "com.android.package-archive", "org.universallinklab.android.xapk",
            "org.universallinklab.android.apks",
        ]
        var androidExtensions: Set<String> = []
        for type in androidTypes {
            #expect(document(type)?["CFBundleTypeRole"] as? String == "Viewer", "\(type)")
            #expect(document(type)?["LSHandlerRank"] as? String == "Alternate", "\(type)")
            let declaration = try #require(imported.first { $0["UTTypeIdentifier"] as? String == type }, "\(type)")
            #expect((declaration["UTTypeConformsTo"] as? [String])?.contains("public.zip-archive") == true)
            let tags = declaration["UTTypeTagSpecification"] as? [String: Any]
            androidExtensions.formUnion(tags?["public.filename-extension"] as? [String] ?? [])
        }
        #expect(androidExtensions == AppFileKind.androidExtensions)
        let exported = try #require((info["UTExportedTypeDeclarations"] as? [[String: Any]])?.first)
        #expect(exported["UTTypeIdentifier"] as? String == "org.universallinklab.session")
        #expect(exported["UTTypeConformsTo"] as? [String] == ["public.json"])
        let tags = exported["UTTypeTagSpecification"] as? [String: Any]
        #expect(tags?["public.filename-extension"] as? [String] == ["linklab"])

        let feed = try #require(info["SUFeedURL"] as? String)
        #expect(feed.hasPrefix("https://"))
        #expect(!(try #require(info["SUPublicEDKey"] as? String)).isEmpty)
        #expect(info["SUEnableInstallerLauncherService"] == nil, "only sandboxed apps need Sparkle's XPC installer")
    }

    @Test func everyTypeTheSourcesNameIsDeclared() throws {
        let info = try ProjectFiles.plist(ProjectFiles.infoPlist)
        let declared = Set(
            ((info["UTImportedTypeDeclarations"] as? [[String: Any]] ?? [])
                + (info["UTExportedTypeDeclarations"] as? [[String: Any]] ?? [])).compactMap {
                    $0["UTTypeIdentifier"] as? String
                })
        let sources = try ProjectFiles.swiftFiles(in: "UniversalLinkLab").map(ProjectFiles.text).joined()
        let named =
            ProjectFiles.literals(after: "importedAs: \"", in: sources)
            + ProjectFiles.literals(after: "exportedAs: \"", in: sources)
        #expect(!named.isEmpty)
        for identifier in named {
            #expect(declared.contains(identifier), "\(identifier) is not declared in Info.plist")
        }
    }

    @Test func entitlementsAreNotSandboxed() throws {
        let entitlements = try ProjectFiles.plist(ProjectFiles.entitlements)
        #expect(entitlements["com.apple.security.app-sandbox"] as? Bool == false)
        #expect(entitlements["com.apple.security.cs.disable-library-validation"] == nil)
    }
}

/// The Mac app and the web workbench share one test vocabulary.
@Suite struct AccessibilityIdentifierTests {
    private let hooks = Set(WorkbenchHook.allCases.map(\.rawValue))

    @Test func everyIdentifierTheAppUsesIsAWebHook() throws {
        let used = try ProjectFiles.accessibilityIdentifiers(in: ProjectFiles.swiftFiles(in: "UniversalLinkLab"))
        #expect(!used.isEmpty)
        #expect(used.subtracting(hooks).isEmpty, "not web hooks: \(used.subtracting(hooks).sorted())")
    }

    /// Hooks the Mac app has no element for: the web page's file input, and the findings
    /// filter, which on the Mac is the system's search field (`.searchable`), whose field
    /// carries no identifier of ours.
    static let webOnly: Set<WorkbenchHook> = [.fileInput, .findingFilter]

    @Test func theAppSetsEveryHookExceptTheWebOnlyOnes() throws {
        // Identifiers built from a value (`tab.hook`) are still spelled in full; the export
        // controls' are the package's `ExportFormat.hook`, set for each of `documentExports`.
        let sources = try ProjectFiles.swiftFiles(in: "UniversalLinkLab").map(ProjectFiles.text).joined()
        for hook in WorkbenchHook.allCases where !Self.webOnly.contains(hook) {
            #expect(Self.sets(hook.rawValue, sources), "the app never sets the hook \(hook.rawValue)")
        }
        for hook in Self.webOnly {
            #expect(!Self.sets(hook.rawValue, sources), "\(hook.rawValue) is set: take it off the web-only list")
        }
    }

    @Test func theFindingsFilterIsTheSystemSearchFieldAndTheUITestsFindItAsOne() throws {
        let sidebar = try ProjectFiles.text(
            ProjectFiles.root.appendingPathComponent(
                "UniversalLinkLab/Window/FindingsSidebar.swift"))
        #expect(
            sidebar.filter { !$0.isWhitespace }.contains(".searchable(text:$model.findingQuery"),
            "the filter is not `.searchable`")
        #expect(!sidebar.contains("TextField("), "a hand-made filter field is back")
        let tests = try ProjectFiles.swiftFiles(in: "UITests/macOS").map(ProjectFiles.text).joined()
        #expect(tests.contains("app.searchFields"), "the UI tests no longer find the filter as a search field")
    }

    /// The cards' hooks, which the package's panels carry (`Panel.hook`, checked by `PanelTests`)
    /// and the app sets as it draws any panel (`PanelView`: `.hook(panel.hook)`), spelling none.
    static let panelHooks = Set([WorkbenchHook.bundle, .androidApp, .androidHost].map(\.rawValue))

    /// True when the app's `sources` set `identifier`.
    static func sets(_ identifier: String, _ sources: String) -> Bool {
        sources.contains("\"\(identifier)\"")
            || (panelHooks.contains(identifier) && sources.contains(".hook(panel.hook)"))
            || (identifier.hasPrefix("tab-") && sources.contains("\"tab-\\(rawValue)\""))
            || (ExportFormat.documentExports.map(\.hook).contains(identifier)
                && sources.contains("ForEach(ExportFormat.documentExports")
                && sources.contains(".accessibilityIdentifier(format.hook)"))
    }

    @Test func everyIdentifierAUITestUsesExistsInTheApp() throws {
        let tests = ProjectFiles.swiftFiles(in: "UITests/macOS")
        let queried = try Set(
            tests.flatMap { file in
                let text = try ProjectFiles.text(file)
                return ProjectFiles.literals(after: "identifier: \"", in: text)
            })
        #expect(!queried.isEmpty)
        let sources = try ProjectFiles.swiftFiles(in: "UniversalLinkLab").map(ProjectFiles.text).joined()
        for identifier in queried {
            #expect(hooks.contains(identifier), "\(identifier) is not a web hook")
            #expect(Self.sets(identifier, sources), "the UI tests query \(identifier), which the app never sets")
        }
    }
}
