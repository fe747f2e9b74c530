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

    /// Third-party files committed with their licence and provenance
    /// (`Tests/Fixtures/third-party/`): the fastlane IPAs (MIT) and the OASIS SARIF schema.
    public static let thirdParty: URL = url("third-party")

    /// `../shared` beside the checkout (the wild AASA corpus, which is not ours to
    /// redistribute), or `nil` where that folder is absent: tests that need it skip.
    /// `LINKLAB_NO_SHARED=1` hides it, to see what a fresh clone runs.
    public static var shared: URL? {
        if ProcessInfo.processInfo.environment["LINKLAB_NO_SHARED"] == "1" { return nil }
        let candidate = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return nil }
        return candidate
    }

    /// A file of the shared test material: `fixtures/fastlane/…` and `schemas/…` come from the
    /// committed copies under `Tests/Fixtures/third-party/` (so a fresh clone runs those tests);
    /// anything else (`corpus/…`) from `../shared/<relativePath>` if it exists.
    public static func sharedURL(_ relativePath: String) -> URL? {
        let committed: URL?
        if relativePath.hasPrefix("fixtures/") {
            committed = thirdParty.appendingPathComponent(String(relativePath.dropFirst("fixtures/".count)))
        } else if relativePath.hasPrefix("schemas/") {
            committed = thirdParty.appendingPathComponent(relativePath)
        } else {
            committed = nil
        }
        if let committed {
            return FileManager.default.fileExists(atPath: committed.path) ? committed : nil
        }
        guard let url = shared?.appendingPathComponent(relativePath),
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return url
    }

    /// True when golden files should be re-recorded instead of compared (`RECORD_GOLDEN=1`).
    public static var isRecordingGoldens: Bool {
        ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
    }
}
