import Foundation

/// The module grid while a symbol is built: function patterns first, then data, mask, format.
struct SymbolBuilder {
    let version: Int
    let size: Int
    private(set) var modules: [[Bool]]
    private var isFunction: [[Bool]]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = modules
    }

    private mutating func set(column: Int, row: Int, dark: Bool) {
        guard (0..<size).contains(column), (0..<size).contains(row) else { return }
        modules[row][column] = dark
        isFunction[row][column] = true
    }

    /// Alignment pattern centres for versions 2–10 (ISO/IEC 18004 Annex E).
    static func alignmentPositions(version: Int) -> [Int] {
        switch version {
        case 2: [6, 18]
        case 3: [6, 22]
        case 4: [6, 26]
        case 5: [6, 30]
        case 6: [6, 34]
        case 7: [6, 22, 38]
        case 8: [6, 24, 42]
        case 9: [6, 26, 46]
        case 10: [6, 28, 50]
        default: []
        }
    }

    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            set(column: 6, row: index, dark: index % 2 == 0)
            set(column: index, row: 6, dark: index % 2 == 0)
        }
        drawFinder(column: 3, row: 3)
        drawFinder(column: size - 4, row: 3)
        drawFinder(column: 3, row: size - 4)
        let positions = Self.alignmentPositions(version: version)
        let last = positions.count - 1
        for (i, row) in positions.enumerated() {
            for (j, column) in positions.enumerated() {
                let overlapsFinder = (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)
                if !overlapsFinder { drawAlignment(column: column, row: row) }
            }
        }
        // Reserve the format areas (real bits are drawn after masking) and the version blocks.
        drawFormatBits(errorCorrection: .medium, mask: 0)
        drawVersion()
    }

    private mutating func drawFinder(column: Int, row: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let distance = max(abs(dx), abs(dy))
                set(column: column + dx, row: row + dy, dark: distance != 2 && distance != 4)
            }
        }
    }

    private mutating func drawAlignment(column: Int, row: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                set(column: column + dx, row: row + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// The 15 format bits (level, mask, BCH code, XOR mask) in both copies, and the dark module.
    mutating func drawFormatBits(errorCorrection: QRCode.ErrorCorrection, mask: Int) {
        let data = errorCorrection.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(column: 8, row: index, dark: bit(index)) }
        set(column: 8, row: 7, dark: bit(6))
        set(column: 8, row: 8, dark: bit(7))
        set(column: 7, row: 8, dark: bit(8))
        for index in 9..<15 { set(column: 14 - index, row: 8, dark: bit(index)) }
        for index in 0..<8 { set(column: size - 1 - index, row: 8, dark: bit(index)) }
        for index in 8..<15 { set(column: 8, row: size - 15 + index, dark: bit(index)) }
        set(column: 8, row: size - 8, dark: true)
    }

    /// The 18 version bits (BCH 18,6) in both corners, versions 7 and up.
    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3
            let b = index / 3
            set(column: a, row: b, dark: dark)
            set(column: b, row: a, dark: dark)
        }
    }

    /// Codeword bits in the zigzag order: column pairs from the right, alternating up and down,
    /// skipping the vertical timing column.
    mutating func placeData(_ codewords: [UInt8]) {
        var bitIndex = 0
        let totalBits = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let column = right - offset
                    let upward = (right + 1) & 2 == 0
                    let row = upward ? size - 1 - vertical : vertical
                    if !isFunction[row][column] && bitIndex < totalBits {
                        modules[row][column] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 == 1
                        bitIndex += 1
                    }
                }
            }
            right -= 2
        }
    }

    /// Flips the data modules where the mask condition holds (x = column, y = row).
    mutating func applyMask(_ mask: Int) {
        for row in 0..<size {
            for column in 0..<size where !isFunction[row][column] {
                let x = column
                let y = row
                let flip: Bool
                switch mask {
                case 0: flip = (x + y) % 2 == 0
                case 1: flip = y % 2 == 0
                case 2: flip = x % 3 == 0
                case 3: flip = (x + y) % 3 == 0
                case 4: flip = (x / 3 + y / 2) % 2 == 0
                case 5: flip = x * y % 2 + x * y % 3 == 0
                case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flip { modules[row][column].toggle() }
            }
        }
    }
}

/// The four penalty rules of ISO/IEC 18004 §7.8.3 used to choose a mask.
enum QRPenalty {
    static func score(_ modules: [[Bool]]) -> Int {
        let size = modules.count
        var penalty = 0
        let columns = (0..<size).map { column in modules.map { $0[column] } }
        for line in modules + columns {
            // Rule 1: runs of five or more modules of one colour.
            var runLength = 1
            for index in 1..<line.count {
                if line[index] == line[index - 1] {
                    runLength += 1
                } else {
                    if runLength >= 5 { penalty += 3 + runLength - 5 }
                    runLength = 1
                }
            }
            if runLength >= 5 { penalty += 3 + runLength - 5 }
            // Rule 3: 1:1:3:1:1 finder-like pattern with four light modules on one side.
            if line.count >= 11 {
                for start in 0...(line.count - 11) {
                    let window = Array(line[start..<(start + 11)])
                    if window == patternLightAfter || window == patternLightBefore { penalty += 40 }
                }
            }
        }
        // Rule 2: 2×2 blocks of one colour.
        for row in 0..<(size - 1) {
            for column in 0..<(size - 1) {
                let colour = modules[row][column]
                if modules[row][column + 1] == colour && modules[row + 1][column] == colour
                    && modules[row + 1][column + 1] == colour
                {
                    penalty += 3
                }
            }
        }
        // Rule 4: proportion of dark modules away from 50 %, in steps of 5 %.
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        let percent = Double(dark) * 100 / Double(total)
        penalty += Int((abs(percent - 50) / 5).rounded(.down)) * 10
        return penalty
    }

    private static let patternLightAfter: [Bool] =
        [true, false, true, true, true, false, true, false, false, false, false]
    private static let patternLightBefore: [Bool] =
        [false, false, false, false, true, false, true, true, true, false, true]
}

extension QRCode {
    /// The symbol as an inline SVG (`viewBox` in modules, quiet zone of `quietZone` modules),
    /// one path with a sub-path per horizontal run of dark modules.
    public func svg(pixelSize: Int = 160, quietZone: Int = 4, label: String? = nil) -> String {
        let side = size + 2 * quietZone
        var path = ""
        for (row, line) in modules.enumerated() {
            var column = 0
            while column < size {
                guard line[column] else {
                    column += 1
                    continue
                }
                var end = column
                while end < size && line[end] { end += 1 }
                path += "M\(column + quietZone) \(row + quietZone)h\(end - column)v1h-\(end - column)z"
                column = end
            }
        }
        let title = label.map { "<title>\(HTMLEscape.text($0))</title>" } ?? ""
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" width=\"\(pixelSize)\" "
            + "height=\"\(pixelSize)\" shape-rendering=\"crispEdges\" role=\"img\">\(title)"
                + """
                <rect width=\"\(side)\" height=\"\(side)\" fill=\"#FFFFFF\"/><path d=\"\(path)\" \
                fill=\"#000000\"/></svg>
                """
    }
}
