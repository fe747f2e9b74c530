import Foundation

/// The three standard Type 1 fonts the PDF writer uses (no embedding: every reader has them).
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

    /// PostScript base font name.
    var baseFont: String {
        switch self {
        case .regular: "Helvetica"
        case .bold: "Helvetica-Bold"
        case .mono: "Courier"
        }
    }
}

/// Advance widths of the standard fonts, for line breaking.
enum PDFFontMetrics {
    /// Width of WinAnsi-encoded text in points.
    static func width(of text: [UInt8], font: PDFFont, size: Double) -> Double {
        let table = widths(font)
        var units = 0
        for byte in text { units += Int(table[Int(byte)]) }
        return Double(units) * size / 1000
    }

    /// Width of one WinAnsi code in points.
    static func width(of byte: UInt8, font: PDFFont, size: Double) -> Double {
        Double(widths(font)[Int(byte)]) * size / 1000
    }

    private static func widths(_ font: PDFFont) -> [UInt16] {
        switch font {
        case .regular: helveticaWidths
        case .bold: helveticaBoldWidths
        case .mono: courierWidths
        }
    }
}
