import Foundation

extension Finding {
    /// A stable identity for "the same problem found again": the rule ID, the subject and the
    /// identifying fields of the evidence — never offsets, line numbers, statuses or header
    /// values, which move between builds and fetches while the problem stays the same.
    ///
    /// The lint IDs the explanation cites (`AASA-L020`) count too: one rule can report two
    /// different lint problems at the same place (a detail that is dead *and* repeats an app ID),
    /// and lint IDs are stable by contract while their wording is not.
    ///
    /// Format: `RULE-ID:` followed by 16 lowercase hex digits (FNV-1a, 64 bits, over a
    /// canonical text). Stable across runs, platforms and versions of this tool; triage is
    /// keyed by it in session files, so changing the recipe is a schema change.
    public var fingerprint: String {
        var parts = [id, subject]
        for item in evidence { parts.append(item.fingerprintComponent) }
        parts.append(contentsOf: Self.citedLintIDs(in: explanation))
        let canonical = parts.joined(separator: "\u{1F}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonical.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\(id):" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension Finding {
    /// `AASA-L` followed by three digits, each distinct one once, in order of appearance.
    public static func citedLintIDs(in text: String) -> [String] {
        // The ID is ASCII and no byte of a multi-byte UTF-8 sequence is: scanning bytes finds
        // what scanning scalars finds, without an array of the text's scalars.
        var found: [String] = []
        let bytes = Array(text.utf8)
        let prefix = Array("AASA-L".utf8)
        var index = 0
        while index + prefix.count + 3 <= bytes.count {
            if bytes[index] == prefix[0], bytes[index..<index + prefix.count].elementsEqual(prefix) {
                let digits = bytes[index + prefix.count..<index + prefix.count + 3]
                if digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                    let id = "AASA-L" + String(decoding: digits, as: UTF8.self)
                    if !found.contains(id) { found.append(id) }
                    index += prefix.count + 3
                    continue
                }
            }
            index += 1
        }
        return found
    }
}

extension Evidence {
    /// The fields that say *which* thing the evidence points at (not where exactly it sits today).
    fileprivate var fingerprintComponent: String {
        switch self {
        case .binary(let location):
            return ["binary", location.file, location.slice ?? "", location.section ?? "", location.symbol ?? ""]
                .joined(separator: "\u{1E}")
        case .network(let observation):
            return ["network", observation.host, observation.route ?? "", observation.headerName ?? ""]
                .joined(separator: "\u{1E}")
        case .associationFile(let location):
            return ["associationFile", location.host, location.pointer].joined(separator: "\u{1E}")
        case .entitlement(let key, let value):
            return ["entitlement", key, value].joined(separator: "\u{1E}")
        case .text(let text):
            return ["text", text].joined(separator: "\u{1E}")
        }
    }
}
