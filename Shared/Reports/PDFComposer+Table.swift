import Foundation

/// How a table is drawn.
struct PDFTableStyle {
    var fontSize = 8.5
    var padding = 3.2
    var columnFonts: [PDFFont] = []
    var showHeader = true
    var zebra = true
    /// Shade by item rather than by row: the shading changes only at a row whose first cell is
    /// not empty (rows with an empty first cell continue the item above).
    var zebraByItem = false
    /// Space left of the table (it spans the rest of the content width).
    var indent = 0.0
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
            drawRow(
                headerCells, from: 0, lines: headerCells.map(\.count).max() ?? 1, widths: widths,
                fonts: Array(repeating: .bold, count: count), style: style, fill: .tableHeader,
                lineHeight: lineHeight, rowIndex: nil)
        }

        ensure(headerHeight + lineHeight + 2 * style.padding)
        drawHeader()
        var item = -1
        for (rowIndex, row) in rows.enumerated() {
            if !style.zebraByItem || rowIndex == 0 || !(row.first ?? "").isEmpty { item += 1 }
            let cells = wrapCells(row, header: false)
            let totalLines = max(1, cells.map(\.count).max() ?? 1)
            var done = 0
            while done < totalLines {
                let remaining = totalLines - done
                let available = cursor - marginBottom - 2 * style.padding
                let fitting = Int((available / lineHeight).rounded(.down))
                let pageCapacity =
                    Int(((contentTop - marginBottom - headerHeight - 2 * style.padding) / lineHeight).rounded(.down))
                if fitting < remaining && (remaining <= pageCapacity || fitting < 2) {
                    newPage()
                    drawHeader()
                    continue
                }
                let chunk = min(remaining, max(1, fitting))
                let fill: PDFColor? = style.zebra && item % 2 == 1 ? .zebra : nil
                drawRow(
                    cells, from: done, lines: chunk, widths: widths, fonts: fonts, style: style,
                    fill: fill, lineHeight: lineHeight, rowIndex: rowIndex)
                done += chunk
            }
        }
        cursor -= 8
    }

    private mutating func drawRow(
        _ cells: [[[UInt8]]], from start: Int, lines: Int, widths: [Double],
        fonts: [PDFFont], style: PDFTableStyle, fill: PDFColor?,
        lineHeight: Double, rowIndex: Int?
    ) {
        let height = Double(lines) * lineHeight + 2 * style.padding
        let top = cursor
        let left = marginLeft + style.indent
        if let fill {
            fillRect(x: left, y: top - height, width: contentWidth - style.indent, height: height, color: fill)
        }
        var x = left
        for (column, cellLines) in cells.enumerated() {
            if let rowIndex, let color = style.cellColor?(rowIndex, column) {
                fillRect(x: x, y: top - height, width: widths[column], height: height, color: color)
            }
            var baseline = top - style.padding - style.fontSize
            let textColor: PDFColor = rowIndex.flatMap { style.cellColor?($0, column) } != nil ? .white : .text
            for line in cellLines.dropFirst(start).prefix(lines) {
                drawText(
                    line, x: x + style.padding, baseline: baseline, font: fonts[column],
                    size: style.fontSize, color: textColor)
                baseline -= lineHeight
            }
            x += widths[column]
        }
        line(from: (left, top - height), to: (marginLeft + contentWidth, top - height))
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
        let proposed = proposedWidths(columns: columns, rows: rows, fonts: fonts, style: style)
        if style.fractions == nil,
            let balanced = Self.balancedWidths(
                columns: columns, rows: rows, fonts: fonts, style: style,
                available: contentWidth - style.indent, minimum: minimum)
        {
            return balanced
        }
        return Self.widen(proposed, toAtLeast: minimum)
    }

    /// Widths for a table whose text does not fit on one line per cell: every column starts at
    /// its minimum (its widest short token), then the rest of the width goes, a few points at a
    /// time, to the column whose widening shortens the table most (rows are as tall as their
    /// tallest cell). Nil when all text fits on one line per cell or the minimums do not fit.
    /// Large tables are measured on a sample of their rows.
    static func balancedWidths(
        columns: [String], rows: [[String]], fonts: [PDFFont], style: PDFTableStyle,
        available: Double, minimum: [Double]
    ) -> [Double]? {
        let count = columns.count
        guard count > 1, minimum.count == count, !rows.isEmpty else { return nil }
        let stride = max(1, rows.count / 80)
        let sample = Swift.stride(from: 0, to: rows.count, by: stride).map { rows[$0] }
        let cells = (0..<count).map { column in sample.map { column < $0.count ? $0[column] : "" } }
        let headers = columns
        var memo: [Int: [Int]] = [:]
        func lines(_ column: Int, _ width: Double) -> [Int] {
            let key = column &* 1_000_000 &+ Int((width * 10).rounded())
            if let known = memo[key] { return known }
            let result = measure(column, width)
            memo[key] = result
            return result
        }
        func measure(_ column: Int, _ width: Double) -> [Int] {
            let inner = width - 2 * style.padding
            var result = cells[column].map { wrap($0, font: fonts[column], size: style.fontSize, width: inner).count }
            if style.showHeader {
                result.append(wrap(headers[column], font: .bold, size: style.fontSize, width: inner).count)
            }
            return result
        }
        func natural(_ column: Int) -> Double {
            var widest =
                style.showHeader
                ? PDFFontMetrics.width(of: WinAnsi.encode(headers[column]), font: .bold, size: style.fontSize) : 0
            for cell in cells[column] {
                for line in cell.components(separatedBy: "\n") {
                    widest = max(
                        widest,
                        PDFFontMetrics.width(
                            of: WinAnsi.encode(line), font: fonts[column],
                            size: style.fontSize))
                }
            }
            return widest + 2 * style.padding + 1
        }
        let naturals = (0..<count).map(natural)
        guard naturals.reduce(0, +) > available else { return nil }
        var widths = zip(minimum, naturals).map { min($0, $1) }
        var remaining = available - widths.reduce(0, +)
        guard remaining >= 0 else { return nil }
        var current = (0..<count).map { lines($0, widths[$0]) }
        // The table's height in lines (rows are as tall as their tallest cell); then, so that
        // widening one of several tallest cells counts, how many cells are that tall; then the
        // lines of all cells.
        func height(_ table: [[Int]]) -> Int {
            var score = 0
            for row in 0..<table[0].count {
                let cells = table.map { $0[row] }
                let tallest = cells.max() ?? 0
                score += tallest * 10_000 + cells.filter { $0 == tallest }.count * 100
            }
            return score + table.reduce(0) { $0 + $1.reduce(0, +) }
        }
        let step = max(3, available / 120)
        while remaining >= step {
            var best: (column: Int, steps: Int, gain: Double, lines: [Int])?
            let base = height(current)
            for column in 0..<count where widths[column] < naturals[column] {
                // Look a few steps ahead: a cell often needs more than one step to lose a line.
                for steps in 1...6 where Double(steps) * step <= remaining {
                    let trial = lines(column, widths[column] + Double(steps) * step)
                    var table = current
                    table[column] = trial
                    let gain = Double(base - height(table)) / Double(steps)
                    if gain > 0, gain > (best?.gain ?? 0) { best = (column, steps, gain, trial) }
                    if widths[column] + Double(steps) * step >= naturals[column] { break }
                }
            }
            guard let best else { break }
            widths[best.column] += Double(best.steps) * step
            remaining -= Double(best.steps) * step
            current[best.column] = best.lines
        }
        // Then width moves between columns while that makes the table shorter (a URL column
        // squeezed early can take room back from a column of long reasons).
        for _ in 0..<24 {
            let base = height(current)
            var best: (from: Int, to: Int, amount: Double, score: Int, lines: ([Int], [Int]))?
            for to in 0..<count where widths[to] < naturals[to] {
                for from in 0..<count where from != to {
                    for amount in [step * 2, step * 5] where widths[from] - amount >= minimum[from] {
                        var table = current
                        table[to] = lines(to, widths[to] + amount)
                        table[from] = lines(from, widths[from] - amount)
                        let score = height(table)
                        if score < (best?.score ?? base) { best = (from, to, amount, score, (table[from], table[to])) }
                    }
                }
            }
            guard let best else { break }
            widths[best.from] -= best.amount
            widths[best.to] += best.amount
            current[best.from] = best.lines.0
            current[best.to] = best.lines.1
        }
        // What no column needs to lose a line goes to the columns by what they still lack.
        let need = (0..<count).map { max(0, naturals[$0] - widths[$0]) }
        let needTotal = need.reduce(0, +)
        if remaining > 0 {
            widths = (0..<count).map { index in
                widths[index] + (needTotal > 0 ? remaining * need[index] / needTotal : remaining / Double(count))
            }
        }
        return widths
    }

    /// Longest token that must stay on one line.
    static let unbreakableLength = 24

    private func minimumWidth(
        column index: Int, header: String, rows: [[String]], font: PDFFont,
        style: PDFTableStyle
    ) -> Double {
        func widest(_ text: String, _ font: PDFFont) -> Double {
            text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
                .flatMap { token in token.count <= Self.unbreakableLength ? [token] : Self.pieces(of: token) }
                .filter { $0.count <= Self.unbreakableLength }
                .map { PDFFontMetrics.width(of: WinAnsi.encode(String($0)), font: font, size: style.fontSize) }
                .max() ?? 0
        }
        var result = style.showHeader ? widest(header, .bold) : 0
        for row in rows where index < row.count { result = max(result, widest(row[index], font)) }
        return result + 2 * style.padding + 1
    }

    /// The pieces a long token (a URL, a path) may break into: each ends after one of the
    /// break characters, so that a column at least as wide as the widest piece never has to cut
    /// one of them between two letters.
    static func pieces(of token: Substring) -> [Substring] {
        let breaks = preferredBreaks.union(fallbackBreaks)
        var result: [Substring] = []
        var start = token.startIndex
        for index in token.indices {
            if let ascii = token[index].asciiValue, breaks.contains(ascii) {
                let end = token.index(after: index)
                result.append(token[start..<end])
                start = end
            }
        }
        if start < token.endIndex { result.append(token[start...]) }
        return result
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

    private func proposedWidths(
        columns: [String], rows: [[String]], fonts: [PDFFont],
        style: PDFTableStyle
    ) -> [Double] {
        let count = columns.count
        let available = contentWidth - style.indent
        if let fractions = style.fractions, fractions.count == count {
            let total = fractions.reduce(0, +)
            if total > 0 { return fractions.map { $0 / total * available } }
        }
        var natural = Array(repeating: 0.0, count: count)
        for index in 0..<count {
            var widest =
                style.showHeader
                ? PDFFontMetrics.width(of: WinAnsi.encode(columns[index]), font: .bold, size: style.fontSize) : 0
            for row in rows where index < row.count {
                for line in row[index].components(separatedBy: "\n") {
                    widest =
                        max(
                            widest,
                            PDFFontMetrics.width(of: WinAnsi.encode(line), font: fonts[index], size: style.fontSize))
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
