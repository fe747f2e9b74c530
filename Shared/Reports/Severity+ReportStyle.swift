import Findings

extension Severity {
    /// Report colour as `#RRGGBB` (same palette in HTML and PDF).
    var hexColor: String {
        "#" + String(colorValue, radix: 16, uppercase: true).leftPadded(to: 6)
    }

    /// Light tint of the report colour as `#RRGGBB`, for backgrounds.
    var hexTint: String {
        "#" + String(tintValue, radix: 16, uppercase: true).leftPadded(to: 6)
    }

    var colorValue: UInt32 {
        switch self {
        case .critical: 0x7A1C1C
        case .high: 0xC62828
        case .medium: 0xE06C00
        case .low: 0xB08D00
        case .info: 0x2F6DB5
        }
    }

    var tintValue: UInt32 {
        switch self {
        case .critical: 0xF6E3E3
        case .high: 0xFDE8E8
        case .medium: 0xFFF1E0
        case .low: 0xFBF5D9
        case .info: 0xE6EFFA
        }
    }

    var pdfColor: PDFColor { PDFColor(hex: colorValue) }
    var pdfTint: PDFColor { PDFColor(hex: tintValue) }
}

extension String {
    func leftPadded(to length: Int, with pad: Character = "0") -> String {
        count >= length ? self : String(repeating: pad, count: length - count) + self
    }
}
