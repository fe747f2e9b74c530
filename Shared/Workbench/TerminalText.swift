import Foundation
import SiteAssociation

/// Text made harmless for a terminal. Every string a face prints that came from an input
/// (an association file, an app's Info.plist, a URL list, a server's headers, a file name)
/// goes through here, so a hostile input cannot clear the screen, retitle the window, hide or
/// recolour text, or reorder what the tester reads.
///
/// Escaped (as `\u{1B}`): C0 controls, DEL, C1 controls (U+0080–U+009F, which some terminals
/// read as 8-bit CSI/OSC), bidirectional overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069, U+200E, U+200F, U+061C), the other invisible characters of
/// `HiddenCharacters` (zero-width spaces and joiners, U+FEFF, the soft hyphen, tag
/// characters), and the line and paragraph separators (U+2028, U+2029). Everything else
/// passes unchanged.
public enum TerminalText {
    /// `text` with every dangerous scalar shown as a `\u{…}` escape. With `keepingNewlines`
    /// a line feed stays a line feed (for multi-line messages the tool itself composes).
    public static func safe(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isDangerous($0) && !(keepingNewlines && $0 == "\n") }) else {
            return text
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            if isDangerous(scalar) && !(keepingNewlines && scalar == "\n") {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A whole text output made safe, keeping line feeds and, when `keepingStyles` is true,
    /// the tool's own colour sequences (`ESC [ digits ; … m` exactly). Faces call it on what
    /// they write as a last line of defence; fields are also escaped where they are rendered.
    public static func safeOutput(_ text: String, keepingStyles: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isDangerous($0) && $0 != "\n" }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if keepingStyles, scalar == "\u{1B}", let end = styleSequenceEnd(scalars, from: index) {
                result.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if isDangerous(scalar) && scalar != "\n" {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
            index += 1
        }
        return String(result)
    }

    /// JSON text with the scalars a terminal would act on written as `\uXXXX` escapes. JSON
    /// encoders escape C0 controls but not DEL, C1 or bidirectional controls; inside a JSON
    /// string the escape means the same character, so the document's meaning is unchanged.
    public static func safeJSON(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        guard text.unicodeScalars.contains(where: { isDangerous($0) && $0.value >= 0x20 }) else { return data }
        var result = ""
        for scalar in text.unicodeScalars {
            if isDangerous(scalar) && scalar.value >= 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return Data(result.utf8)
    }

    /// True for a scalar a terminal may act on instead of showing.
    public static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0xAD { return false }
        return HiddenCharacters.isHidden(scalar) || value == 0x2028 || value == 0x2029
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
    }

    /// The index of the `m` ending an SGR sequence (`ESC [ [0-9;]* m`) starting at `start`.
    private static func styleSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 16 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }
}
