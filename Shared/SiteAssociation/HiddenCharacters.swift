/// Characters a reader cannot see: bidirectional controls, which reorder the text around them
/// (the "Trojan Source" trick, CVE-2021-42574), and invisible ones (zero-width spaces and
/// joiners, the word joiner and invisible operators, the byte-order mark used as a zero-width
/// no-break space, the soft hyphen, the Mongolian vowel separator, Hangul fillers and tag
/// characters). In a rule they make the pattern a reviewer reads differ from the one a device
/// matches. Faces never print them: `marked` shows each as a visible marker (`‹U+202E›`).
public enum HiddenCharacters {
    /// Whether `scalar` is a bidirectional control or an invisible character.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x061C, 0x115F, 0x1160, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064,
            0x2066...0x2069, 0x3164, 0xFEFF, 0xFFA0, 0xE0001, 0xE0020...0xE007F:
            true
        default:
            false
        }
    }

    /// Whether `scalar` is one of the bidirectional controls (embeddings, overrides, isolates
    /// and marks), which reorder what follows them.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `text` holds a hidden character (ASCII text is skipped at the cost of a byte scan).
    public static func contains(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 >= 0xC2 }) else { return false }
        return text.unicodeScalars.contains(where: isHidden)
    }

    /// The hidden characters of `text` in order of first appearance, as `U+202E`.
    public static func codes(in text: String) -> [String] {
        var seen: [String] = []
        for scalar in text.unicodeScalars where isHidden(scalar) {
            let code = code(scalar)
            if !seen.contains(code) { seen.append(code) }
        }
        return seen
    }

    /// `text` with each hidden character replaced by a visible marker: `‹U+202E›`. Text
    /// without one is returned as it is.
    public static func marked(_ text: String) -> String {
        guard contains(text) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                result += "‹" + code(scalar) + "›"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// "U+202E" (at least four hexadecimal digits, upper case).
    public static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
