import Foundation

/// The three fonts the PDF writer uses: DejaVu Sans, Sans Bold and Sans Mono, embedded as
/// subsets (`EmbeddedFonts`, made by `scripts/embed-fonts.py`), so every reader shows the
/// same glyphs — `→` included — and `pdffonts` lists them as embedded.
enum PDFFont: Int, Sendable, CaseIterable {
    case regular
    case bold
    case mono

    /// Resource name in page dictionaries.
    var resourceName: String {
        switch self {
        case .regular: "F1"
        case .bold: "F2"
        case .mono: "F3"
        }
    }

    /// The embedded font.
    var embedded: EmbeddedFont {
        switch self {
        case .regular: EmbeddedFonts.regular
        case .bold: EmbeddedFonts.bold
        case .mono: EmbeddedFonts.mono
        }
    }

    /// PostScript name with its subset tag (`LLABAA+DejaVuSans`).
    var baseFont: String { embedded.name }
}

/// One embedded TrueType subset: its metrics and its bytes.
struct EmbeddedFont: Sendable {
    /// PostScript name with a subset tag.
    let name: String
    /// FontDescriptor flags (32 nonsymbolic, +1 fixed pitch).
    let flags: Int
    let italicAngle: Double
    let ascent: Int
    let descent: Int
    let capHeight: Int
    let stemV: Int
    /// Font bounding box in 1/1000 em.
    let bbox: [Int]
    /// Length of the uncompressed font file (`/Length1`).
    let length: Int
    /// Advance widths in 1/1000 em, indexed by WinAnsi code (0 = not drawable).
    let widths: [UInt16]
    /// The font file, zlib-compressed (`/FlateDecode`), as base64 with line breaks.
    let compressedBase64: String

    /// The zlib-compressed font file.
    var compressed: [UInt8] {
        Array(Data(base64Encoded: compressedBase64, options: .ignoreUnknownCharacters) ?? Data())
    }
}

/// Advance widths of the embedded fonts, for line breaking.
enum PDFFontMetrics {
    /// Width of WinAnsi-encoded text in points.
    static func width(of text: [UInt8], font: PDFFont, size: Double) -> Double {
        let table = font.embedded.widths
        var units = 0
        for byte in text { units += Int(table[Int(byte)]) }
        return Double(units) * size / 1000
    }

    /// Width of one WinAnsi code in points.
    static func width(of byte: UInt8, font: PDFFont, size: Double) -> Double {
        Double(font.embedded.widths[Int(byte)]) * size / 1000
    }

    /// Unicode scalar of WinAnsi codes 0x80...0x9F (0 = undefined); 0xA0...0xFF equal Latin-1.
    static let winAnsiHighUnicode: [UInt32] = [
        8364, 0, 8218, 402, 8222, 8230, 8224, 8225,
        710, 8240, 352, 8249, 338, 0, 381, 0,
        0, 8216, 8217, 8220, 8221, 8226, 8211, 8212,
        732, 8482, 353, 8250, 339, 0, 382, 376,
    ]
}
