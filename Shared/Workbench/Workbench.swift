@_exported import AppInspection
@_exported import AssociationFetch
@_exported import Findings
import Foundation
@_exported import MachOReader
@_exported import SiteAssociation

/// The orchestration layer every face drives. Faces import `Workbench` (and `Reports`) only;
/// the engine modules' value types come through these re-exports.
public enum Workbench {
    /// Version of the JSON documents the faces print (`"schemaVersion"` in `docs/cli.md`).
    public static let schemaVersion = 1
}

/// Encodes the JSON documents of the command-line contract the same way everywhere:
/// sorted keys (stable diffs and goldens), pretty-printed, slashes unescaped.
public enum JSONOutput {
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    /// One compact line (for `match --batch` JSON lines).
    public static func encodeLine<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }
}
