import Foundation

/// An RGB colour for fills, strokes and text.
struct PDFColor: Sendable, Hashable {
    var red: Double
    var green: Double
    var blue: Double

    init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From 0xRRGGBB.
    init(hex: UInt32) {
        self.init(Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    var fillOperator: String { "\(PDFNumber.format(red)) \(PDFNumber.format(green)) \(PDFNumber.format(blue)) rg" }
    var strokeOperator: String { "\(PDFNumber.format(red)) \(PDFNumber.format(green)) \(PDFNumber.format(blue)) RG" }

    static let text = PDFColor(hex: 0x1F2933)
    static let muted = PDFColor(hex: 0x5F6B7A)
    static let rule = PDFColor(hex: 0xC9D1DB)
    static let band = PDFColor(hex: 0x14213D)
    static let tableHeader = PDFColor(hex: 0xE8ECF1)
    static let zebra = PDFColor(hex: 0xF6F8FA)
    static let codeBackground = PDFColor(hex: 0xF3F4F6)
    static let white = PDFColor(1, 1, 1)
    static let link = PDFColor(hex: 0x1A56A8)
}

/// Numbers in content streams: at most two decimals, no exponent, locale-independent.
enum PDFNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + "\(whole).\(fraction / 10)" }
        return sign + "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// One laid-out page: its content stream and its link rectangles.
struct PDFPage {
    var content = ""
    var links: [(rect: [Double], uri: String)] = []
}

/// A bookmark in the document outline.
struct PDFOutlineEntry {
    var title: String
    var page: Int
    var top: Double
}

/// Lays text, rules, tables and boxes onto A4 pages top to bottom, breaking pages as needed.
///
/// Coordinates are PDF points from the bottom-left corner; `cursor` is the top of the next
/// thing to draw and moves down.
struct PDFComposer {
    let pageWidth = 595.0
    let pageHeight = 842.0
    let marginLeft = 50.0
    let marginRight = 50.0
    let marginTop = 60.0
    let marginBottom = 54.0

    private(set) var pages: [PDFPage] = []
    private(set) var outline: [PDFOutlineEntry] = []
    var cursor = 0.0

    var contentWidth: Double { pageWidth - marginLeft - marginRight }
    var contentTop: Double { pageHeight - marginTop }
    var pageIndex: Int { pages.count - 1 }

    /// Starts a new page with the cursor at the top margin.
    mutating func newPage() {
        pages.append(PDFPage())
        cursor = contentTop
    }

    /// Breaks the page unless `height` points fit above the bottom margin; true when it broke.
    @discardableResult
    mutating func ensure(_ height: Double) -> Bool {
        if pages.isEmpty || cursor - height < marginBottom {
            newPage()
            return true
        }
        return false
    }

    /// True when the cursor is at the top of a page (nothing drawn below the margin yet).
    var atPageTop: Bool { cursor >= contentTop - 0.01 }

    mutating func addOutline(_ title: String) {
        outline.append(PDFOutlineEntry(title: title, page: pageIndex, top: min(pageHeight, cursor + 20)))
    }

    mutating func addLink(x: Double, y: Double, width: Double, height: Double, uri: String) {
        guard !pages.isEmpty else { return }
        pages[pageIndex].links.append(([x, y, x + width, y + height], uri))
    }

    // MARK: Drawing primitives (on the current page)

    mutating func emit(_ operators: String, onPage page: Int? = nil) {
        guard !pages.isEmpty else { return }
        let index = page ?? pageIndex
        pages[index].content += operators + "\n"
    }

    mutating func drawText(
        _ bytes: [UInt8], x: Double, baseline: Double, font: PDFFont, size: Double,
        color: PDFColor = .text, onPage page: Int? = nil
    ) {
        guard !bytes.isEmpty else { return }
        emit(
            "BT /\(font.resourceName) \(PDFNumber.format(size)) Tf \(color.fillOperator) "
                + "1 0 0 1 \(PDFNumber.format(x)) \(PDFNumber.format(baseline)) Tm "
                + "\(PDFStringLiteral.make(bytes)) Tj ET", onPage: page)
    }

    mutating func fillRect(
        x: Double, y: Double, width: Double, height: Double, color: PDFColor,
        onPage page: Int? = nil
    ) {
        emit(
            "\(color.fillOperator) \(PDFNumber.format(x)) \(PDFNumber.format(y)) "
                + "\(PDFNumber.format(width)) \(PDFNumber.format(height)) re f", onPage: page)
    }

    mutating func line(
        from start: (Double, Double), to end: (Double, Double), color: PDFColor = .rule,
        width: Double = 0.5, onPage page: Int? = nil
    ) {
        emit(
            "\(color.strokeOperator) \(PDFNumber.format(width)) w \(PDFNumber.format(start.0)) "
                + "\(PDFNumber.format(start.1)) m \(PDFNumber.format(end.0)) \(PDFNumber.format(end.1)) l S",
            onPage: page)
    }

    // MARK: Text layout

    /// Bytes after which an over-long token (a URL, a path, an app ID) may break: `/ . ? & =`
    /// (and `-`, `_`, `:`, `,` as a last resort before cutting between characters).
    static let preferredBreaks: Set<UInt8> = Set("/.?&=".utf8)
    static let fallbackBreaks: Set<UInt8> = Set("-_:,;".utf8)
    /// Spaces that start the continuation of a broken token (a hanging indent).
    static let hangingIndent: [UInt8] = [0x20, 0x20, 0x20]

    /// Breaks WinAnsi text into lines no wider than `width`: at spaces when possible, and
    /// inside over-long tokens (URLs, paths, hashes) after `/ . ? & =` with a hanging indent
    /// on the continuation lines; between characters only when nothing else fits.
    static func wrap(_ text: String, font: PDFFont, size: Double, width: Double) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for paragraphLine in text.components(separatedBy: "\n") {
            let bytes = WinAnsi.encode(paragraphLine)
            lines += wrapBytes(bytes, font: font, size: size, width: max(width, size * 4))
        }
        return lines
    }

    /// Breaks text for code blocks: every space kept (indentation matters); a long line breaks
    /// after the last space that fits (else after `/ . ? & =`, else between characters), and
    /// its continuation lines keep the line's indentation plus a hanging indent. With `shell`,
    /// lines break only between arguments (quotes respected) and end with ` \\`, so that copied
    /// lines still run as one command.
    static func wrapPreservingSpaces(
        _ text: String, font: PDFFont, size: Double, width: Double,
        shell: Bool = false
    ) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        let limit = max(width, size * 4)
        for sourceLine in text.components(separatedBy: "\n") {
            let bytes = WinAnsi.encode(sourceLine.replacingOccurrences(of: "\t", with: "    "))
            if shell {
                lines += wrapShell(bytes, font: font, size: size, width: limit)
                continue
            }
            let leading = Array(bytes.prefix { $0 == 0x20 })
            var indent = leading + hangingIndent
            if PDFFontMetrics.width(of: indent, font: font, size: size) > limit / 2 { indent = hangingIndent }
            var rest = Array(bytes.dropFirst(leading.count))
            var prefix = leading
            while true {
                let available = limit - PDFFontMetrics.width(of: prefix, font: font, size: size)
                if PDFFontMetrics.width(of: rest, font: font, size: size) <= available {
                    lines.append(prefix + rest)
                    break
                }
                let cut = breakIndex(rest, font: font, size: size, width: available, spaces: true)
                lines.append(prefix + Array(rest[..<cut]))
                rest = Array(rest[cut...].drop { $0 == 0x20 })
                prefix = indent
                if rest.isEmpty { break }
            }
        }
        return lines
    }

    /// Where to cut `bytes` so the head fits `width`: after the last space that fits (when
    /// `spaces`), else after the last `/ . ? & =`, else after `- _ : , ;`, else where the width
    /// runs out (at least one byte, so every call makes progress).
    static func breakIndex(_ bytes: [UInt8], font: PDFFont, size: Double, width: Double, spaces: Bool) -> Int {
        var fits = 0
        var total = 0.0
        for byte in bytes {
            let glyph = PDFFontMetrics.width(of: byte, font: font, size: size)
            if total + glyph > width { break }
            total += glyph
            fits += 1
        }
        fits = max(1, fits)
        guard fits < bytes.count else { return bytes.count }
        // A break point must leave something on the line: search positions 1..<fits+1.
        func last(in set: Set<UInt8>) -> Int? {
            var index = fits
            while index > 1 {
                if set.contains(bytes[index - 1]) { return index }
                index -= 1
            }
            return nil
        }
        if spaces, fits < bytes.count, bytes[fits] == 0x20 { return fits }
        if spaces, let space = last(in: [0x20]), bytes[..<(space - 1)].contains(where: { $0 != 0x20 }) { return space }
        return last(in: preferredBreaks) ?? last(in: fallbackBreaks) ?? fits
    }

    /// A shell command broken between arguments (never inside a quoted one), each line but the
    /// last ending with ` \\`, continuation lines indented by four spaces.
    static func wrapShell(_ bytes: [UInt8], font: PDFFont, size: Double, width: Double) -> [[UInt8]] {
        var tokens: [[UInt8]] = []
        var current: [UInt8] = []
        var quote: UInt8?
        for byte in bytes {
            if let open = quote {
                current.append(byte)
                if byte == open { quote = nil }
            } else if byte == 0x20 {
                if !current.isEmpty { tokens.append(current) }
                current = []
            } else {
                if byte == 0x22 || byte == 0x27 { quote = byte }
                current.append(byte)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        let continuation: [UInt8] = [0x20, 0x5C]
        let indent: [UInt8] = [0x20, 0x20, 0x20, 0x20]
        let tail = PDFFontMetrics.width(of: continuation, font: font, size: size)
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        for token in tokens {
            let candidate = line.isEmpty ? (lines.isEmpty ? token : indent + token) : line + [0x20] + token
            if !line.isEmpty, PDFFontMetrics.width(of: candidate, font: font, size: size) + tail > width {
                lines.append(line + continuation)
                line = indent + token
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines
    }

    private static func wrapBytes(_ bytes: [UInt8], font: PDFFont, size: Double, width: Double) -> [[UInt8]] {
        let words = bytes.split(separator: 0x20, omittingEmptySubsequences: false).map(Array.init)
        let spaceWidth = PDFFontMetrics.width(of: 0x20, font: font, size: size)
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var currentWidth = 0.0
        for word in words {
            let wordWidth = PDFFontMetrics.width(of: word, font: font, size: size)
            if current.isEmpty && currentWidth == 0 {
                if wordWidth <= width {
                    current = word
                    currentWidth = wordWidth
                    continue
                }
            } else if currentWidth + spaceWidth + wordWidth <= width {
                current.append(0x20)
                current += word
                currentWidth += spaceWidth + wordWidth
                continue
            } else {
                lines.append(current)
                current = []
                currentWidth = 0
                if wordWidth <= width {
                    current = word
                    currentWidth = wordWidth
                    continue
                }
            }
            // The word alone is wider than the line: break it after / . ? & = (hanging indent).
            var rest = word
            var prefix: [UInt8] = []
            while true {
                let available = width - PDFFontMetrics.width(of: prefix, font: font, size: size)
                let restWidth = PDFFontMetrics.width(of: rest, font: font, size: size)
                if restWidth <= available {
                    current = prefix + rest
                    currentWidth = PDFFontMetrics.width(of: current, font: font, size: size)
                    break
                }
                let cut = breakIndex(rest, font: font, size: size, width: available, spaces: false)
                lines.append(prefix + Array(rest[..<cut]))
                rest = Array(rest[cut...])
                prefix = hangingIndent
            }
        }
        lines.append(current)
        return lines
    }

    /// Draws wrapped text at the cursor, breaking pages between lines.
    mutating func paragraph(
        _ text: String, font: PDFFont = .regular, size: Double = 9.5,
        color: PDFColor = .text, indent: Double = 0, leading: Double? = nil,
        spacingAfter: Double = 6, link: String? = nil
    ) {
        let lineHeight = leading ?? size * 1.38
        let width = contentWidth - indent
        for line in Self.wrap(text, font: font, size: size, width: width) {
            ensure(lineHeight)
            let baseline = cursor - size
            drawText(line, x: marginLeft + indent, baseline: baseline, font: font, size: size, color: color)
            if let link {
                let lineWidth = PDFFontMetrics.width(of: line, font: font, size: size)
                addLink(x: marginLeft + indent, y: baseline - 2, width: lineWidth, height: size + 2, uri: link)
            }
            cursor -= lineHeight
        }
        cursor -= spacingAfter
    }
}
