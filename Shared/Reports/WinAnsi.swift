import Foundation
import SiteAssociation

/// Text to WinAnsiEncoding bytes for the embedded PDF fonts.
///
/// A few characters WinAnsi lacks get the codes it leaves undefined (`extraGlyphs`: `→`, `←`,
/// `≤`, `≥`, `✓`, named in the fonts' `/Differences`); others become a transliteration
/// (accents dropped, `⇒` as `=>`) or a visible escape of their code point (`U+4E2D`, never a
/// bare `?` that would hide what the input held): never bytes a reader would misread.
/// Bidirectional controls and invisible characters (`HiddenCharacters`) are shown as the
/// marker every face uses (`‹U+202E›`, the guillemets are WinAnsi's); control characters
/// become spaces.
enum WinAnsi {
    /// Encodes one line of text (callers split on newlines first).
    static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for character in text {
            bytes.append(contentsOf: encode(character))
        }
        return bytes
    }

    /// Characters outside WinAnsi drawn through its undefined codes (keep in sync with
    /// `scripts/embed-fonts.py`, which names their glyphs).
    static let extraGlyphs: [Character: UInt8] = ["→": 0x81, "←": 0x8D, "≤": 0x8F, "≥": 0x90, "✓": 0x9D]

    private static func encode(_ character: Character) -> [UInt8] {
        // A hidden character may sit inside a grapheme (a joiner after a letter): each scalar
        // of such a grapheme is encoded on its own, the hidden ones as markers.
        if character.unicodeScalars.contains(where: HiddenCharacters.isHidden) {
            return character.unicodeScalars.flatMap { scalar -> [UInt8] in
                HiddenCharacters.isHidden(scalar)
                    ? [0x8B] + Array(HiddenCharacters.code(scalar).utf8) + [0x9B] : encode(Character(scalar))
            }
        }
        if let code = extraGlyphs[character] { return [code] }
        let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
        if composed.count == 1, let scalar = composed.first, let byte = byte(for: scalar) {
            return [byte]
        }
        if let replacement = transliterations[character] {
            return Array(replacement.utf8)
        }
        // Base letter of a decomposed character ("ő" → "o"); combining marks are dropped.
        let decomposed = String(character).decomposedStringWithCanonicalMapping.unicodeScalars
        if let base = decomposed.first, let byte = byte(for: base), !decomposed.isEmpty,
            base.properties.generalCategory != .nonspacingMark
        {
            return [byte]
        }
        if let scalar = composed.first, let replacement = transliterations[Character(scalar)] {
            return Array(replacement.utf8)
        }
        return escape(character)
    }

    /// `U+202E` for a character no font glyph or transliteration covers; several code points
    /// (an emoji sequence) are escaped one by one, joined by `+` (`U+1F468+U+200D+U+1F469`).
    static func escape(_ character: Character) -> [UInt8] {
        let codes = character.unicodeScalars.map { scalar -> String in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return Array(codes.joined(separator: "+").utf8)
    }

    /// The WinAnsi code of a scalar, nil when it has none.
    static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A, 0x0D: return 0x20
        case 0x20...0x7E: return UInt8(value)
        case 0xA0: return 0x20
        case 0xA1...0xFF: return UInt8(value)
        default: break
        }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0x20 }
        if let index = PDFFontMetrics.winAnsiHighUnicode.firstIndex(of: value), value != 0 {
            return UInt8(0x80 + index)
        }
        return nil
    }

    private static let transliterations: [Character: String] = [
        "↔": "<->", "⇒": "=>", "≠": "!=", "✔": "v", "✗": "x", "✘": "x", "×": "x", "−": "-", "‐": "-", "‑": "-",
        "‒": "-", "―": "-", "′": "'", "″": "\"", "\u{2009}": " ", "\u{200A}": " ",
        "\u{2002}": " ", "\u{2003}": " ", "\u{202F}": " ",
        "ı": "i", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae",
    ]
}

/// A PDF literal string `( … )` holding WinAnsi bytes, with `\`, `(`, `)` and non-ASCII
/// bytes escaped so the content stream stays 7-bit ASCII.
enum PDFStringLiteral {
    static func make(_ bytes: [UInt8]) -> String {
        var out = "("
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "("): out += "\\("
            case UInt8(ascii: ")"): out += "\\)"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + ")"
    }

    /// A PDF text string for metadata and outlines (PDFDocEncoding ≈ WinAnsi for our use).
    static func make(text: String) -> String {
        make(WinAnsi.encode(text))
    }
}
