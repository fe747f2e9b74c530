import Foundation
import TestSupport
import Testing

/// `docs/ARCHITECTURE.md` is the manifest's map and cannot drift from it: its diagrams name
/// exactly the targets of `Package.swift` (read with `swift package dump-package`) and the
/// dependencies each declares, its third-party table names exactly each target's products, its
/// Xcode diagram names exactly the native targets of `project.pbxproj` and the package products
/// each links, and every type it names in backticks is declared in the sources.
@Suite struct ArchitectureMapTests {
    static let root = Fixtures.repositoryRoot
    static let document = root.appendingPathComponent("docs/ARCHITECTURE.md")

    /// One arrow: `from` declares (and may import) `to`.
    struct Edge: Hashable, Comparable, CustomStringConvertible {
        var from: String
        var to: String
        var description: String { "\(from) --> \(to)" }
        static func < (a: Edge, b: Edge) -> Bool { (a.from, a.to) < (b.from, b.to) }
    }

    /// Nodes and arrows of a diagram, or of the manifest.
    struct Graph: Equatable {
        var nodes: Set<String> = []
        var edges: Set<Edge> = []

        mutating func formUnion(_ other: Graph) {
            nodes.formUnion(other.nodes)
            edges.formUnion(other.edges)
        }
    }

    // MARK: The manifest

    struct ManifestTarget {
        var name: String
        var type: String
        /// The folder of its sources, relative to the repository root.
        var path: String
        var targets: [String]
        /// "Product (package)", as the manifest writes it.
        var products: [String]
    }

    /// `swift package dump-package`, run once (with a scratch folder of its own, so it never waits
    /// for the lock of a build using `.build`); nil without `swift`. The folder and the lock file
    /// SwiftPM keeps for it in the temporary folder (`_tmp_linklab-dump-package-….lock`) are removed.
    private static let dumpedPackage: (status: Int32, output: Data, errors: String)? = {
        guard let swift = tool("swift") else { return nil }
        let temporary = FileManager.default.temporaryDirectory
        let name = "linklab-dump-package-\(UUID().uuidString)"
        let scratch = temporary.appendingPathComponent(name)
        defer {
            try? FileManager.default.removeItem(at: scratch)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            where file.contains(name) {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(file))
            }
        }
        return try? run(
            swift, ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"])
    }()

    /// The manifest's targets, as `swift package dump-package` describes them.
    static func manifestTargets() throws -> [ManifestTarget] {
        let (status, output, errors) = try #require(dumpedPackage, "swift is not on PATH, or did not run")
        #expect(status == 0, "swift package dump-package: \(errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        let names = Set(targets.compactMap { $0["name"] as? String })
        return try targets.map { target in
            let name = try #require(target["name"] as? String)
            let type = target["type"] as? String ?? ""
            let path = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            var result = ManifestTarget(name: name, type: type, path: path, targets: [], products: [])
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let product = dependency["product"] as? [Any], let productName = product.first as? String {
                    result.products.append("\(productName) (\(product.dropFirst().first as? String ?? name))")
                } else if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any],
                    let dependencyName = byName.first as? String
                {
                    if names.contains(dependencyName) {
                        result.targets.append(dependencyName)
                    } else {
                        result.products.append("\(dependencyName) (\(dependencyName))")
                    }
                }
            }
            return result
        }
    }

    static func graph(of targets: [ManifestTarget]) -> Graph {
        var graph = Graph()
        for target in targets {
            graph.nodes.insert(target.name)
            for dependency in target.targets { graph.edges.insert(Edge(from: target.name, to: dependency)) }
        }
        return graph
    }

    // MARK: The document

    /// The Mermaid diagrams of a Markdown text, by their `%% map: NAME` line.
    static func diagrams(in text: String) -> [String: Graph] {
        var result: [String: Graph] = [:]
        let blocks = text.components(separatedBy: "```mermaid").dropFirst()
            .map { $0.components(separatedBy: "```").first ?? "" }
        for block in blocks {
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let marker = lines.first(where: { $0.hasPrefix("%% map:") }) else { continue }
            let name = marker.dropFirst("%% map:".count).trimmingCharacters(in: .whitespaces)
            result[name, default: Graph()].formUnion(graph(ofMermaid: lines))
        }
        return result
    }

    /// Nodes and `-->` arrows of Mermaid flowchart lines (`A --> B & C`, a lone `A`);
    /// `flowchart`, `subgraph`, `end` and `%%` comment lines carry none.
    static func graph(ofMermaid lines: [String]) -> Graph {
        var graph = Graph()
        let identifier = #/^[A-Za-z_][A-Za-z0-9_]*$/#
        func names(_ part: some StringProtocol) -> [String] {
            part.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        for line in lines where !line.isEmpty {
            if line.hasPrefix("%%") || line.hasPrefix("flowchart") || line.hasPrefix("graph ")
                || line.hasPrefix("subgraph") || line == "end"
            {
                continue
            }
            let parts = line.components(separatedBy: "-->")
            let groups = parts.map(names)
            for group in groups {
                for name in group {
                    if name.wholeMatch(of: identifier) != nil {
                        graph.nodes.insert(name)
                    } else {
                        graph.nodes.insert("<unreadable: \(name)>")
                    }
                }
            }
            for (left, right) in zip(groups, groups.dropFirst()) {
                for from in left { for to in right { graph.edges.insert(Edge(from: from, to: to)) } }
            }
        }
        return graph
    }

    /// The rows of the "Third-party products" table: target → its products, "Product (package)".
    static func productTable(in text: String) -> [String: Set<String>] {
        guard let start = text.range(of: "## Third-party products") else { return [:] }
        let section = text[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        var rows: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let target = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let products = cells[1].matches(of: #/`([^`]+)` \(([^)]+)\)/#).map { "\($0.output.1) (\($0.output.2))" }
            rows[target, default: []].formUnion(products)
        }
        return rows
    }

    // MARK: The Xcode project

    /// The project's native targets and, for each, the package products it links.
    static func xcodeGraph() throws -> Graph {
        let text = try String(
            contentsOf: root.appendingPathComponent("UniversalLinkLab.xcodeproj/project.pbxproj"),
            encoding: .utf8)
        var productNames: [String: String] = [:]
        let productDependency = #/(\w+) = \{\s*isa = XCSwiftPackageProductDependency;[^}]*?productName = "?([\w.-]+)/#
        for match in text.matches(of: productDependency) {
            productNames[String(match.output.1)] = String(match.output.2)
        }
        var graph = Graph()
        for match in text.matches(of: #/isa = PBXNativeTarget;(?s:.*?)\n\t\t\};/#) {
            let block = String(match.output)
            guard let name = block.firstMatch(of: #/\n\t\t\tname = "?([\w.-]+)"?;/#)?.output.1 else { continue }
            graph.nodes.insert(String(name))
            if let list = block.firstMatch(of: #/packageProductDependencies = \((?s:(.*?))\);/#)?.output.1 {
                for id in list.matches(of: #/(\w+)/#) {
                    let product = productNames[String(id.output.1)] ?? "<unknown product \(id.output.1)>"
                    graph.nodes.insert(product)
                    graph.edges.insert(Edge(from: String(name), to: product))
                }
            }
        }
        return graph
    }

    // MARK: Tests

    @Test func theReadersReadWhatTheyAreFor() {
        let text = """
            ```mermaid
            %% map: a
            flowchart TD
              A --> B & C
              subgraph G [a group]
                D
              end
            ```
            ## Third-party products
            | target | products |
            |---|---|
            | `A` | `X` (x-pkg), `Y` (y) |
            ## Next
            | `B` | `Z` (z) |
            """
        let graph = Self.diagrams(in: text)["a"]
        #expect(graph?.nodes == ["A", "B", "C", "D"])
        #expect(graph?.edges == [Edge(from: "A", to: "B"), Edge(from: "A", to: "C")])
        #expect(Self.productTable(in: text) == ["A": ["X (x-pkg)", "Y (y)"]])
    }

    @Test func theDiagramsAreTheManifest() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let targets = try Self.manifestTargets()
        #expect(targets.count > 30, "dump-package read \(targets.count) targets")
        let manifest = Self.graph(of: targets)
        let diagrams = Self.diagrams(in: text)
        let package = try #require(diagrams["package"], "no `%% map: package` diagram")
        let tests = try #require(diagrams["tests"], "no `%% map: tests` diagram")
        var drawn = package
        drawn.formUnion(tests)

        let missingNodes = manifest.nodes.subtracting(drawn.nodes).sorted()
        let extraNodes = drawn.nodes.subtracting(manifest.nodes).sorted()
        let missingEdges = manifest.edges.subtracting(drawn.edges).sorted()
        let extraEdges = drawn.edges.subtracting(manifest.edges).sorted()
        #expect(missingNodes.isEmpty, "targets of Package.swift missing from docs/ARCHITECTURE.md: \(missingNodes)")
        #expect(extraNodes.isEmpty, "docs/ARCHITECTURE.md names targets Package.swift does not have: \(extraNodes)")
        #expect(missingEdges.isEmpty, "dependencies of Package.swift missing from the diagrams: \(missingEdges)")
        #expect(extraEdges.isEmpty, "arrows Package.swift does not declare: \(extraEdges)")

        // Test targets have their own diagram; the package diagram draws no arrow from one.
        let testTargets = Set(targets.filter { $0.type == "test" }.map(\.name))
        #expect(package.edges.filter { testTargets.contains($0.from) }.isEmpty)
        #expect(tests.edges.filter { !testTargets.contains($0.from) }.isEmpty)
        #expect(testTargets.isSubset(of: tests.nodes))
    }

    @Test func theProductTableIsTheManifest() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        var manifest: [String: Set<String>] = [:]
        for target in try Self.manifestTargets() where !target.products.isEmpty {
            manifest[target.name] = Set(target.products)
        }
        let table = Self.productTable(in: text)
        for name in Set(manifest.keys).union(table.keys).sorted() {
            let listed = table[name]?.sorted() ?? []
            let declared = manifest[name]?.sorted() ?? []
            #expect(
                listed == declared,
                "\(name): docs/ARCHITECTURE.md lists \(listed), Package.swift declares \(declared)")
        }
    }

    @Test func theXcodeDiagramIsTheProject() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let drawn = try #require(Self.diagrams(in: text)["xcode"], "no `%% map: xcode` diagram")
        let project = try Self.xcodeGraph()
        #expect(project.nodes.contains("UniversalLinkLab") && project.nodes.contains("QuickLookPreview"))
        let missingNodes = project.nodes.subtracting(drawn.nodes).sorted()
        let extraNodes = drawn.nodes.subtracting(project.nodes).sorted()
        let missingEdges = project.edges.subtracting(drawn.edges).sorted()
        let extraEdges = drawn.edges.subtracting(project.edges).sorted()
        #expect(drawn.nodes == project.nodes, "missing: \(missingNodes), extra: \(extraNodes)")
        #expect(drawn.edges == project.edges, "missing: \(missingEdges), extra: \(extraEdges)")
    }

    /// Every `import` of one of our targets is declared by the importing target itself.
    /// `.ci/run`'s `--explicit-target-dependency-import-check error` only refuses a target that is
    /// not reachable at all through the declared ones; a re-export (`@_exported import` in
    /// `Workbench`) or a dependency's dependency does not count here.
    @Test func everyTargetDeclaresWhatItImportsDirectly() throws {
        let targets = try Self.manifestTargets()
        let names = Set(targets.map(\.name))
        var problems: [String] = []
        var imports = 0
        for target in targets {
            for (file, module) in try Self.imports(under: target.path) where names.contains(module) {
                imports += 1
                if module != target.name && !target.targets.contains(module) {
                    problems.append("\(target.name) imports \(module) (\(file)) without declaring it in Package.swift")
                }
            }
        }
        #expect(imports > 100, "only \(imports) imports of our targets found")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The modules the Swift files under `folder` import: (file, module) for each `import` line
    /// (attributes such as `@testable` or `@_exported`, and `import struct M.T`, included).
    static func imports(under folder: String) throws -> [(file: String, module: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        // `import M`, `@testable import M`, `@_exported import M`, `import struct M.T`.
        let line = #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:[a-z]+\s+)?(\w+)/#
        var result: [(file: String, module: String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let file = url.path.replacingOccurrences(of: root.path + "/", with: "")
            for row in text.split(separator: "\n") {
                if let match = row.firstMatch(of: line) { result.append((file, String(match.output.1))) }
            }
        }
        return result
    }

    /// A type named in backticks (`AppSnapshot`) is declared somewhere in the repository's Swift
    /// sources; target, product and Xcode target names are the diagrams' business.
    @Test func everyTypeTheMapNamesExists() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        var known = Set<String>()
        for graph in Self.diagrams(in: text).values { known.formUnion(graph.nodes) }
        for products in Self.productTable(in: text).values {
            for product in products { known.insert(String(product.prefix { $0 != " " })) }
        }
        let named = Set(text.matches(of: #/`([A-Z][A-Za-z0-9]*)`/#).map { String($0.output.1) }).subtracting(known)
        #expect(named.count > 10, "\(named.sorted())")

        var declared = Set<String>()
        let declaration = #/(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9]*)/#
        for folder in [
            "Shared", "CLI", "Web", "Tools", "Benchmarks", "Tests/Support", "Tests/Server",
            "Tests/AndroidOracle", "UniversalLinkLab", "QuickLookPreview",
        ] {
            let base = Self.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let source = try String(contentsOf: url, encoding: .utf8)
                for match in source.matches(of: declaration) { declared.insert(String(match.output.1)) }
            }
        }
        let missing = named.subtracting(declared).sorted()
        #expect(missing.isEmpty, "docs/ARCHITECTURE.md names types that are not declared: \(missing)")
    }

    // MARK: Helpers

    /// An executable on PATH, beside the running toolchain, or in the usual places.
    static func tool(_ name: String) -> URL? { ExternalTool.find(name) }

    /// Runs a tool; its exit status, standard output and standard error.
    static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: Data, errors: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = root
        let scratch = try ExternalTool.givePrivateTemporaryFolder(to: process)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return (process.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
    }
}
