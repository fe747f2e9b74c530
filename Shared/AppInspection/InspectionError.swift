/// Why an input could not be read as an app at all (`linklab inspect` exits 3).
///
/// Partly broken bundles are not errors: they become diagnostics in the snapshot.
public enum InspectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or folder could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The input is neither a ZIP archive, an `.app` folder nor a Mach-O file.
    case unrecognisedInput(path: String)
    /// The ZIP structure is malformed or truncated.
    case malformedArchive(reason: String, offset: UInt64?)
    /// An archive entry name is unsafe (`..`, absolute, NUL, backslash).
    case unsafeEntryName(name: String, reason: String)
    /// The input breaks one of the inspector's limits (entry count, size, ratio, depth).
    case limitExceeded(what: String, limit: UInt64, actual: UInt64)
    /// An archive entry could not be decompressed or failed its CRC-32.
    case corruptEntry(name: String, reason: String)
    /// The archive or folder holds no `Payload/*.app` (or the folder is not an app bundle).
    case noAppBundle(path: String)
    /// A provisioning profile could not be read (reported as a diagnostic inside an app).
    case malformedProfile(reason: String)
    /// A Mach-O file given directly could not be parsed.
    case unreadableMachO(reason: String)
    /// The caller stopped the inspection (`AppInspector.shouldContinue` returned false).
    case cancelled

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unrecognisedInput:
            return "not an IPA (ZIP archive), an .app folder or a Mach-O file"
        case .malformedArchive(let reason, let offset):
            if let offset { return "malformed ZIP archive at offset \(offset): \(reason)" }
            return "malformed ZIP archive: \(reason)"
        case .unsafeEntryName(let name, let reason):
            return "unsafe archive entry name \(Self.quoted(name)): \(reason)"
        case .limitExceeded(let what, let limit, let actual):
            return "\(what) is \(actual), over the limit of \(limit) (refusing: possible zip bomb or hostile input)"
        case .corruptEntry(let name, let reason):
            return "archive entry \(Self.quoted(name)) is corrupt: \(reason)"
        case .noAppBundle:
            return "no app bundle inside (expected Payload/<Name>.app)"
        case .malformedProfile(let reason):
            return "malformed provisioning profile: \(reason)"
        case .unreadableMachO(let reason):
            return "not a readable Mach-O file: \(reason)"
        case .cancelled:
            return "the inspection was cancelled before it finished"
        }
    }

    /// Quotes a name for a one-line message, escaping control characters (C0, DEL, C1) and
    /// bidirectional overrides, which a terminal would otherwise act on.
    static func quoted(_ name: String) -> String {
        var out = "\""
        for scalar in name.unicodeScalars.prefix(200) {
            let value = scalar.value
            let isBidi =
                value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            if value < 0x20 || (0x7F...0x9F).contains(value) || isBidi || scalar == "\"" || scalar == "\\" {
                out += scalar.escaped(asASCII: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if name.unicodeScalars.count > 200 { out += "…" }
        return out + "\""
    }
}
