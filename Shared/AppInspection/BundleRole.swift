/// What a bundle is inside an app.
public enum BundleRole: String, Sendable, Codable, Equatable, CaseIterable {
    /// The main app (`Payload/X.app`).
    case app
    /// An app extension (`PlugIns/*.appex`, `Extensions/*.appex`).
    case `extension`
    /// An App Clip (`AppClips/*.app`).
    case appclip
    /// A watch app (`Watch/*.app`).
    case watch
    /// An embedded framework or dylib (`Frameworks/*.framework`, `Frameworks/*.dylib`).
    case framework
}

/// Where one bundle sits in the input.
struct BundleLocation: Sendable, Equatable {
    var role: BundleRole
    /// The bundle folder (or the dylib file), '/'-separated, relative to the input.
    var path: String
    /// True for a bare `.dylib` (no Info.plist, the path is the executable).
    var isDylib: Bool
    /// Nesting depth below the main app (0 for the main app).
    var depth: Int
}

/// Finds the main app and its nested bundles from the list of paths (no I/O).
enum BundleLocator {
    /// Deepest nesting of bundles followed (app → watch app → its extension → frameworks).
    static let maxDepth = 4
    /// Most bundles reported.
    static let maxBundles = 512

    /// The main app folders, shallowest first: `Payload/X.app`, or `Top/Payload/X.app`.
    static func mainAppCandidates(in directories: Set<String>) -> [String] {
        var candidates: [String] = []
        for directory in directories {
            let components = directory.split(separator: "/", omittingEmptySubsequences: false)
            guard components.count == 2 || components.count == 3,
                components[components.count - 2] == "Payload",
                let last = components.last, last.hasSuffix(".app"), last.count > 4,
                !last.hasPrefix("._")
            else { continue }
            candidates.append(directory)
        }
        if candidates.isEmpty {
            // A zipped `.app` (Finder's "Compress"): the bundle at the archive's top.
            candidates = directories.filter {
                !$0.contains("/") && $0.hasSuffix(".app") && $0.count > 4 && !$0.hasPrefix("._")
            }
        }
        return candidates.sorted { lhs, rhs in
            let l = lhs.split(separator: "/").count
            let r = rhs.split(separator: "/").count
            return l != r ? l < r : lhs < rhs
        }
    }

    /// The main app plus every nested bundle, depth first (a watch app is followed by its
    /// extensions), siblings in path order.
    static func bundles(mainApp: String, tree: BundleFileTree) -> [BundleLocation] {
        let children = childIndex(tree: tree)
        var result: [BundleLocation] = []
        var seen: Set<String> = []
        var stack = [BundleLocation(role: .app, path: mainApp, isDylib: false, depth: 0)]
        while let location = stack.popLast(), result.count < maxBundles {
            guard seen.insert(location.path).inserted else { continue }
            result.append(location)
            guard !location.isDylib, location.depth < maxDepth else { continue }
            var nested: [BundleLocation] = []
            for (folder, suffix, role, isFile) in nestingRules(for: location.role) {
                let container = location.path + "/" + folder
                let names = isFile ? (children.files[container] ?? []) : (children.directories[container] ?? [])
                for name in names.sorted()
                where name.hasSuffix(suffix) && name.count > suffix.count && !name.hasPrefix("._") {
                    nested.append(
                        BundleLocation(
                            role: role, path: container + "/" + name, isDylib: isFile,
                            depth: location.depth + 1))
                }
            }
            stack.append(contentsOf: nested.reversed())
        }
        return result
    }

    private static func nestingRules(for role: BundleRole) -> [(String, String, BundleRole, Bool)] {
        switch role {
        case .app, .watch, .appclip:
            return [
                ("PlugIns", ".appex", .extension, false),
                ("Extensions", ".appex", .extension, false),
                ("Watch", ".app", .watch, false),
                ("AppClips", ".app", .appclip, false),
                ("Frameworks", ".framework", .framework, false),
                ("Frameworks", ".dylib", .framework, true),
            ]
        case .extension:
            return [
                ("Frameworks", ".framework", .framework, false),
                ("Frameworks", ".dylib", .framework, true),
            ]
        case .framework:
            return []
        }
    }

    private struct ChildIndex {
        var directories: [String: [String]] = [:]
        var files: [String: [String]] = [:]
    }

    private static func childIndex(tree: BundleFileTree) -> ChildIndex {
        var index = ChildIndex()
        for directory in tree.directories {
            let parent = BundleFileTree.parent(of: directory)
            index.directories[
                parent,
                default: []
            ].append(String(directory.dropFirst(parent.isEmpty ? 0 : parent.count + 1)))
        }
        for file in tree.files {
            let parent = BundleFileTree.parent(of: file)
            index.files[parent, default: []].append(String(file.dropFirst(parent.isEmpty ? 0 : parent.count + 1)))
        }
        return index
    }
}
