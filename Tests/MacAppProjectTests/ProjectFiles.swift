import Foundation
import TestSupport

/// Paths and readers shared by the Mac app's Linux checks.
enum ProjectFiles {
    static let root = Fixtures.repositoryRoot
    static let project = root.appendingPathComponent("UniversalLinkLab.xcodeproj")
    static let pbxproj = project.appendingPathComponent("project.pbxproj")
    static let scheme = project.appendingPathComponent("xcshareddata/xcschemes/UniversalLinkLab.xcscheme")
    static let infoPlist = root.appendingPathComponent("UniversalLinkLab/Supporting/Info.plist")
    static let entitlements = root.appendingPathComponent("UniversalLinkLab/Supporting/UniversalLinkLab.entitlements")

    /// The folders the project compiles (its synchronised groups).
    static let swiftFolders = ["UniversalLinkLab", "Tests/AppTests", "UITests/macOS", "QuickLookPreview"]
    /// The Quick Look preview extension's folder (docs/quicklook.md).
    static let extensionFolder = root.appendingPathComponent("QuickLookPreview")

    /// Every `.swift` file under `folder`, sorted.
    static func swiftFiles(in folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    static func text(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// A property list file (XML or OpenStep) as a dictionary.
    static func plist(_ url: URL) throws -> [String: Any] {
        let value = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        guard let dictionary = value as? [String: Any] else {
            throw CheckError("\(url.lastPathComponent) is not a dictionary")
        }
        return dictionary
    }

    /// An executable found on PATH or beside the running toolchain (`swiftc`, `python3`).
    static func tool(_ name: String) -> URL? { ExternalTool.find(name) }

    /// Runs a tool; returns its exit status and combined output.
    static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = root
        let scratch = try ExternalTool.givePrivateTemporaryFolder(to: process)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Every string literal passed to `.accessibilityIdentifier("…")` in `files`.
    static func accessibilityIdentifiers(in files: [URL]) throws -> Set<String> {
        try Set(files.flatMap { try literals(after: "accessibilityIdentifier(\"", in: text($0)) })
    }

    /// The literal text following each occurrence of `marker` up to the next `"`.
    static func literals(after marker: String, in text: String) -> [String] {
        text.components(separatedBy: marker).dropFirst().compactMap { part in
            part.split(separator: "\"", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        }
    }
}

struct CheckError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
