import Foundation

/// Locates test fixtures. One helper for every test target, so paths are spelled once.
///
/// The repository root is found from this file's real location (symlinks resolved), so the
/// helper works from the package and from any development package that links its sources.
public enum Fixtures {
    /// The repository root (the folder holding `Package.swift`).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Tests/Fixtures/<relativePath>`: small fixtures committed with the tests.
    public static func url(_ relativePath: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relativePath)
    }

    /// The bytes of `Tests/Fixtures/<relativePath>`.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// `../shared` beside the checkout (real IPAs, the wild AASA corpus, schemas), or `nil`
    /// where that folder is absent: tests that need it skip with a clear message.
    public static var shared: URL? {
        let candidate = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
              isDirectory.boolValue else { return nil }
        return candidate
    }

    /// `../shared/<relativePath>` if it exists.
    public static func sharedURL(_ relativePath: String) -> URL? {
        guard let url = shared?.appendingPathComponent(relativePath),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }

    /// True when golden files should be re-recorded instead of compared (`RECORD_GOLDEN=1`).
    public static var isRecordingGoldens: Bool {
        ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
    }
}
