import Foundation

/// How a table is drawn.
struct PDFTableStyle {
    var fontSize = 8.5
    var padding = 4.0
    var columnFonts: [PDFFont] = []
    var showHeader = true
    var zebra = true
    /// Fixed column widths as fractions of the content width; nil sizes columns from content.
    var fractions: [Double]?
    /// Fill colour of individual cells (row, column) — severity badges in overview tables.
    var cellColor: ((Int, Int) -> PDFColor?)? = nil
}

extension PDFComposer {
    /// Draws a table at the cursor. Cells wrap; a row that does not fit moves to the next page
    /// (the header row is repeated there); a row taller than a page is split between pages.
    mutating func table(columns: [String], rows: [[String]], style: PDFTableStyle = PDFTableStyle()) {
        guard !columns.isEmpty else { return }
        let count = columns.count
        let fonts = (0..<count).map { $0 < style.columnFonts.count ? style.columnFonts[$0] : PDFFont.regular }
        let widths = columnWidths(columns: columns, rows: rows, fonts: fonts, style: style)
        let lineHeight = style.fontSize * 1.3

        func wrapCells(_ cells: [String], header: Bool) -> [[[UInt8]]] {
            (0..<count).map { index in
                let font = header ? PDFFont.bold : fonts[index]
                let text = index < cells.count ? cells[index] : ""
                return Self.wrap(text, font: font, size: style.fontSize, width: widths[index] - 2 * style.padding)
            }
        }
        let headerCells = wrapCells(columns, header: true)
        let headerHeight = Double(headerCells.map(\.count).max() ?? 1) * lineHeight + 2 * style.padding

        func drawHeader() {
            guard style.showHeader else { return }
            drawRow(headerCells, from: 0, lines: headerCells.map(\.count).max() ?? 1, widths: widths,
                    fonts: Array(repeating: .bold, count: count), style: style, fill: .tableHeader,
                    lineHeight: lineHeight, rowIndex: nil)
        }

        ensure(headerHeight + lineHeight + 2 * style.padding)
        drawHeader()
        for (rowIndex, row) in rows.enumerated() {
            let cells = wrapCells(row, header: false)
            let totalLines = max(1, cells.map(\.count).max() ?? 1)
            var done = 0
            while done < totalLines {
                let remaining = totalLines - done
                let available = cursor - marginBottom - 2 * style.padding
                let fitting = Int((available / lineHeight).rounded(.down))
                let pageCapacity = Int(((contentTop - marginBottom - headerHeight - 2 * style.padding) / lineHeight).rounded(.down))
                if fitting < remaining && (remaining <= pageCapacity || fitting < 2) {
                    newPage()
                    drawHeader()
                    continue
                }
                let chunk = min(remaining, max(1, fitting))
                let fill: PDFColor? = style.zebra && rowIndex % 2 == 1 ? .zebra : nil
                drawRow(cells, from: done, lines: chunk, widths: widths, fonts: fonts, style: style,
                        fill: fill, lineHeight: lineHeight, rowIndex: rowIndex)
                done += chunk
            }
        }
        cursor -= 8
    }

    private mutating func drawRow(_ cells: [[[UInt8]]], from start: Int, lines: Int, widths: [Double],
                                  fonts: [PDFFont], style: PDFTableStyle, fill: PDFColor?,
                                  lineHeight: Double, rowIndex: Int?) {
        let height = Double(lines) * lineHeight + 2 * style.padding
        let top = cursor
        if let fill {
            fillRect(x: marginLeft, y: top - height, width: contentWidth, height: height, color: fill)
        }
        var x = marginLeft
        for (column, cellLines) in cells.enumerated() {
            if let rowIndex, let color = style.cellColor?(rowIndex, column) {
                fillRect(x: x, y: top - height, width: widths[column], height: height, color: color)
            }
            var baseline = top - style.padding - style.fontSize
            let textColor: PDFColor = rowIndex.flatMap { style.cellColor?($0, column) } != nil ? .white : .text
            for line in cellLines.dropFirst(start).prefix(lines) {
                drawText(line, x: x + style.padding, baseline: baseline, font: fonts[column],
                         size: style.fontSize, color: textColor)
                baseline -= lineHeight
            }
            x += widths[column]
        }
        line(from: (marginLeft, top - height), to: (marginLeft + contentWidth, top - height))
        cursor -= height
    }

    /// Column widths filling the content width: fixed fractions when given, otherwise each
    /// column gets its natural width when all fit, or a fair share plus the rest by need. Either
    /// way no column is narrower than its widest short token (a number, a severity, a word of at
    /// most `unbreakableLength` characters), so those never break mid-token; longer tokens (URLs,
    /// paths, hashes) may still break anywhere, as in the HTML report.
    func columnWidths(columns: [String], rows: [[String]], fonts: [PDFFont], style: PDFTableStyle) -> [Double] {
        let minimum = (0..<columns.count).map { index in
            minimumWidth(column: index, header: columns[index], rows: rows, font: fonts[index], style: style)
        }
        return Self.widen(proposedWidths(columns: columns, rows: rows, fonts: fonts, style: style), toAtLeast: minimum)
    }

    /// Longest token that must stay on one line.
    static let unbreakableLength = 24

    private func minimumWidth(column index: Int, header: String, rows: [[String]], font: PDFFont,
                              style: PDFTableStyle) -> Double {
        func widest(_ text: String, _ font: PDFFont) -> Double {
            text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
                .filter { $0.count <= Self.unbreakableLength }
                .map { PDFFontMetrics.width(of: WinAnsi.encode(String($0)), font: font, size: style.fontSize) }
                .max() ?? 0
        }
        var result = style.showHeader ? widest(header, .bold) : 0
        for row in rows where index < row.count { result = max(result, widest(row[index], font)) }
        return result + 2 * style.padding + 1
    }

    /// Raises every width to its minimum, taking the difference from the columns that have room
    /// above theirs (in proportion to that room). When the minimums alone do not fit, the widths
    /// are left as proposed (long tokens then break, as before).
    static func widen(_ proposed: [Double], toAtLeast minimum: [Double]) -> [Double] {
        let available = proposed.reduce(0, +)
        guard minimum.count == proposed.count, minimum.reduce(0, +) <= available else { return proposed }
        let deficit = zip(proposed, minimum).map { max(0, $1 - $0) }.reduce(0, +)
        guard deficit > 0 else { return proposed }
        let room = zip(proposed, minimum).map { max(0, $0 - $1) }
        let roomTotal = room.reduce(0, +)
        guard roomTotal >= deficit else { return proposed }
        return zip(zip(proposed, minimum), room).map { pair, spare in
            let (width, least) = pair
            return width < least ? least : width - deficit * spare / roomTotal
        }
    }

    private func proposedWidths(columns: [String], rows: [[String]], fonts: [PDFFont], style: PDFTableStyle) -> [Double] {
        let count = columns.count
        let available = contentWidth
        if let fractions = style.fractions, fractions.count == count {
            let total = fractions.reduce(0, +)
            if total > 0 { return fractions.map { $0 / total * available } }
        }
        var natural = Array(repeating: 0.0, count: count)
        for index in 0..<count {
            var widest = style.showHeader
                ? PDFFontMetrics.width(of: WinAnsi.encode(columns[index]), font: .bold, size: style.fontSize) : 0
            for row in rows where index < row.count {
                for line in row[index].components(separatedBy: "\n") {
                    widest = max(widest, PDFFontMetrics.width(of: WinAnsi.encode(line), font: fonts[index], size: style.fontSize))
                }
            }
            natural[index] = widest + 2 * style.padding + 1
        }
        let naturalTotal = natural.reduce(0, +)
        if naturalTotal <= available {
            return natural.map { $0 + ($0 / naturalTotal) * (available - naturalTotal) }
        }
        let share = available / Double(count)
        var widths = natural.map { min($0, share) }
        let leftover = available - widths.reduce(0, +)
        let need = zip(natural, widths).map { max(0, $0 - $1) }
        let needTotal = need.reduce(0, +)
        if needTotal > 0 {
            widths = zip(widths, need).map { $0 + leftover * $1 / needTotal }
        }
        return widths
    }
}
