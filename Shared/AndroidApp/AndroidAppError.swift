import AppInspection
import Foundation

/// Why an Android package could not be read (`linklab inspect app.apk` exits 3).
public enum AndroidAppError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The ZIP container is unreadable, malformed or over a limit.
    case archive(InspectionError)
    /// The archive is a ZIP but not an APK (no `AndroidManifest.xml`, or a split set without a base).
    case notAnAPK(reason: String)
    /// The binary XML (`AndroidManifest.xml`) is malformed; `offset` is within that file.
    case malformedBinaryXML(reason: String, offset: Int)
    /// `resources.arsc` is malformed; `offset` is within that file.
    case malformedResourceTable(reason: String, offset: Int)
    /// The APK Signing Block is malformed; `offset` is within the APK.
    case malformedSigningBlock(reason: String, offset: Int)
    /// The input breaks one of the reader's limits.
    case limitExceeded(what: String, limit: Int, actual: Int)

    public var description: String {
        switch self {
        case .archive(let error):
            return error.description
        case .notAnAPK(let reason):
            return "not an Android package: \(reason)"
        case .malformedBinaryXML(let reason, let offset):
            return "malformed binary XML at offset \(offset): \(reason)"
        case .malformedResourceTable(let reason, let offset):
            return "malformed resources.arsc at offset \(offset): \(reason)"
        case .malformedSigningBlock(let reason, let offset):
            return "malformed APK Signing Block at offset \(offset): \(reason)"
        case .limitExceeded(let what, let limit, let actual):
            return "\(what) is \(actual), over the limit of \(limit) (refusing: hostile or corrupt input)"
        }
    }
}

/// Caps that keep a hostile APK from exhausting memory, time or the stack.
public struct AndroidLimits: Sendable, Equatable {
    /// Largest `AndroidManifest.xml` read.
    public var maxManifestBytes = 16 << 20
    /// Largest `resources.arsc` read.
    public var maxResourceTableBytes = 256 << 20
    /// Most strings in one string pool.
    public var maxStrings = 2_000_000
    /// Longest string, in UTF-16 units or UTF-8 bytes.
    public var maxStringLength = 1 << 20
    /// Most XML elements in a manifest.
    public var maxElements = 200_000
    /// Deepest element nesting.
    public var maxDepth = 64
    /// Most attributes on one element.
    public var maxAttributes = 512
    /// Most chained resource references followed (`@string/a` → `@string/b` → …).
    public var maxReferenceDepth = 8
    /// Most packages, types or entries in a resource table.
    public var maxResourceEntries = 4_000_000
    /// Largest APK Signing Block.
    public var maxSigningBlockBytes = 64 << 20
    /// Most signers, certificates or lineage nodes in one scheme block.
    public var maxSigners = 32
    /// Largest nested base APK read from an `.xapk`/`.apks` set (held in memory).
    public var maxNestedAPKBytes = 512 << 20
    /// Largest DEX file scanned for link evidence (each is held in memory while scanned).
    public var maxDEXBytes = 128 << 20
    /// Most activities, aliases and intent filters kept.
    public var maxComponents = 20_000

    /// The defaults.
    public init() {}
}
