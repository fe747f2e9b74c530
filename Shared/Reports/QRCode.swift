import Foundation

/// A QR code symbol (ISO/IEC 18004) in byte mode, versions 1–10, error correction L or M:
/// enough for URLs up to 213 bytes at M. Our own encoder: Reed–Solomon over GF(256),
/// block interleaving, all eight masks scored with the standard penalty rules.
public struct QRCode: Sendable, Hashable {
    /// Error-correction level.
    public enum ErrorCorrection: Sendable, Hashable, CaseIterable {
        /// Recovers about 7 % of the symbol.
        case low
        /// Recovers about 15 % of the symbol.
        case medium

        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            }
        }

        var ecCodewordsPerBlock: [Int] {
            switch self {
            case .low: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18]
            case .medium: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26]
            }
        }

        var blockCount: [Int] {
            switch self {
            case .low: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4]
            case .medium: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5]
            }
        }
    }

    /// Symbol version (1–10); the side is `17 + 4 × version` modules.
    public let version: Int
    /// Error-correction level.
    public let errorCorrection: ErrorCorrection
    /// Mask pattern (0–7) applied to the data modules.
    public let mask: Int
    /// Dark modules, `modules[row][column]`, without quiet zone.
    public let modules: [[Bool]]

    /// Modules per side.
    public var size: Int { modules.count }

    /// Highest version this encoder makes.
    public static let maximumVersion = 10

    /// Encodes bytes in byte mode at the smallest version that fits (or exactly `version`),
    /// with the best-scoring mask (or exactly `mask`).
    public static func encode(
        _ bytes: [UInt8], errorCorrection: ErrorCorrection = .medium,
        version requestedVersion: Int? = nil,
        mask requestedMask: Int? = nil
    ) throws(ReportsError) -> QRCode {
        let versions = requestedVersion.map { [$0] } ?? Array(1...maximumVersion)
        guard
            let version = versions.first(where: {
                (1...maximumVersion).contains($0)
                    && capacity(version: $0, errorCorrection: errorCorrection) >= bytes.count
            })
        else {
            throw .qrDataTooLong(
                bytes: bytes.count,
                maximum: capacity(
                    version: requestedVersion.map { min(max($0, 1), maximumVersion) } ?? maximumVersion,
                    errorCorrection: errorCorrection))
        }
        let codewords = interleavedCodewords(bytes, version: version, errorCorrection: errorCorrection)
        var symbol = SymbolBuilder(version: version)
        symbol.drawFunctionPatterns()
        symbol.placeData(codewords)
        let masks = requestedMask.map { [min(max($0, 0), 7)] } ?? Array(0...7)
        var best: (penalty: Int, mask: Int, modules: [[Bool]])?
        for mask in masks {
            var candidate = symbol
            candidate.applyMask(mask)
            candidate.drawFormatBits(errorCorrection: errorCorrection, mask: mask)
            let penalty = QRPenalty.score(candidate.modules)
            if best == nil || penalty < (best?.penalty ?? Int.max) {
                best = (penalty, mask, candidate.modules)
            }
        }
        let chosen = best ?? (0, 0, symbol.modules)
        return QRCode(version: version, errorCorrection: errorCorrection, mask: chosen.mask, modules: chosen.modules)
    }

    /// Encodes the UTF-8 bytes of a string.
    public static func encode(
        _ text: String,
        errorCorrection: ErrorCorrection = .medium
    ) throws(ReportsError) -> QRCode {
        try encode(Array(text.utf8), errorCorrection: errorCorrection)
    }

    /// Bytes that fit in byte mode at a version and level.
    public static func capacity(version: Int, errorCorrection: ErrorCorrection) -> Int {
        let countBits = version < 10 ? 8 : 16
        return (dataCodewords(version: version, errorCorrection: errorCorrection) * 8 - 4 - countBits) / 8
    }

    /// Modules available for data and error correction (everything but function patterns).
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    static func dataCodewords(version: Int, errorCorrection: ErrorCorrection) -> Int {
        rawDataModules(version: version) / 8
            - errorCorrection.ecCodewordsPerBlock[version - 1] * errorCorrection.blockCount[version - 1]
    }

    /// Mode, count, data, terminator and padding, split into blocks with their
    /// Reed–Solomon codewords, interleaved.
    static func interleavedCodewords(_ bytes: [UInt8], version: Int, errorCorrection: ErrorCorrection) -> [UInt8] {
        let capacityBits = dataCodewords(version: version, errorCorrection: errorCorrection) * 8
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version < 10 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count * 8 < capacityBits {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }

        let blockCount = errorCorrection.blockCount[version - 1]
        let ecLength = errorCorrection.ecCodewordsPerBlock[version - 1]
        let rawCodewords = rawDataModules(version: version) / 8
        let shortBlocks = blockCount - rawCodewords % blockCount
        let shortBlockLength = rawCodewords / blockCount
        let generator = ReedSolomon.generator(degree: ecLength)
        var blocks: [[UInt8]] = []
        var eccBlocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let dataLength = shortBlockLength - ecLength + (index < shortBlocks ? 0 : 1)
            let block = Array(data[offset..<(offset + dataLength)])
            offset += dataLength
            blocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(block, generator: generator))
        }
        var result: [UInt8] = []
        let longest = blocks.map(\.count).max() ?? 0
        for index in 0..<longest {
            for block in blocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<ecLength {
            for block in eccBlocks { result.append(block[index]) }
        }
        return result
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        guard count > 0 else { return }
        for shift in stride(from: count - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            var byte: UInt8 = 0
            for index in start..<min(start + 8, bits.count) where bits[index] {
                byte |= 0x80 >> UInt8(index - start)
            }
            return byte
        }
    }
}

/// Reed–Solomon error correction over GF(2⁸) with the QR polynomial x⁸+x⁴+x³+x²+1.
enum ReedSolomon {
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var result: UInt16 = 0
        var a = UInt16(x)
        var b = y
        while b != 0 {
            if b & 1 == 1 { result ^= a }
            a <<= 1
            if a & 0x100 != 0 { a ^= 0x11D }
            b >>= 1
        }
        return UInt8(truncatingIfNeeded: result)
    }

    /// Coefficients of ∏(x − αⁱ), i < degree, highest power first, leading 1 omitted.
    static func generator(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        guard degree > 0 else { return result }
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The error-correction codewords for `data`.
    static func remainder(_ data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        guard !generator.isEmpty else { return result }
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for index in 0..<generator.count {
                result[index] ^= multiply(generator[index], factor)
            }
        }
        return result
    }
}
