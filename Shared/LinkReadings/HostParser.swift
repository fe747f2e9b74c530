import Foundation

/// The host parser of the URL Standard (§3.5): IPv6 in brackets, an opaque host for a
/// non-special scheme, else a domain — percent-decoded, mapped to ASCII, refused when it holds a
/// forbidden code point, and read as IPv4 when it ends in a number.
enum HostParser {
    static let forbiddenHost: Set<Unicode.Scalar> = [
        "\u{0}", "\t", "\n", "\r", " ", "#", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|",
    ]

    static func isForbiddenDomain(_ scalar: Unicode.Scalar) -> Bool {
        forbiddenHost.contains(scalar) || scalar.value <= 0x1F || scalar == "%" || scalar.value == 0x7F
    }

    static func parse(_ scalars: [Unicode.Scalar], special: Bool) throws(BrowserURL.Failure) -> String {
        if scalars.first == "[" {
            guard scalars.last == "]", scalars.count >= 2 else { throw .invalidHost("unclosed IPv6 address") }
            return "[" + (try IPv6.serialise(IPv6.parse(Array(scalars.dropFirst().dropLast())))) + "]"
        }
        if !special {
            if let bad = scalars.first(where: { forbiddenHost.contains($0) }) {
                throw .forbiddenHostCodePoint(LinkReadingText.codePoint(bad))
            }
            var out = ""
            for scalar in scalars {
                if scalar.value < 0x20 || scalar.value > 0x7E {
                    for byte in String(scalar).utf8 { out += PercentCoding.escape(byte) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        let decoded = String(
            decoding: PercentCoding.decode(Array(String(String.UnicodeScalarView(scalars)).utf8)),
            as: UTF8.self)
        let ascii = try IDNA.toASCII(decoded)
        if let bad = ascii.unicodeScalars.first(where: isForbiddenDomain) {
            throw .forbiddenHostCodePoint(LinkReadingText.codePoint(bad))
        }
        if IPv4.endsInANumber(ascii) { return try IPv4.serialise(IPv4.parse(ascii)) }
        return ascii
    }
}

/// The IPv4 parser of the URL Standard: one to four parts, each decimal, `0x` hex or `0` octal;
/// the last part fills the remaining bytes (`0x7f.1` is `127.0.0.1`).
enum IPv4 {
    static func endsInANumber(_ text: String) -> Bool {
        var parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true {
            if parts.count == 1 { return false }
            parts.removeLast()
        }
        guard let last = parts.last, !last.isEmpty else { return false }
        if last.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        return number(last) != nil
    }

    /// Nil when the part is not a number in its radix.
    static func number(_ part: Substring) -> UInt64? {
        var digits = part
        var radix: UInt64 = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        if digits.isEmpty { return 0 }
        var value: UInt64 = 0
        for character in digits {
            guard let digit = character.hexDigitValue, character.isASCII, UInt64(digit) < radix else { return nil }
            value = value * radix + UInt64(digit)
            // Past 2^40 the answer is failure whatever follows; stop before overflow.
            if value > 1 << 40 { value = 1 << 40 }
        }
        return value
    }

    static func parse(_ text: String) throws(BrowserURL.Failure) -> UInt32 {
        var parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { throw .invalidHost("IPv4 address with more than four parts") }
        var numbers: [UInt64] = []
        for part in parts {
            guard !part.isEmpty, let value = number(part) else { throw .invalidHost("IPv4 part \"\(part)\"") }
            numbers.append(value)
        }
        for value in numbers.dropLast() where value > 255 { throw .invalidHost("IPv4 part over 255") }
        let last = numbers[numbers.count - 1]
        guard last < (1 << (8 * UInt64(5 - numbers.count))) else { throw .invalidHost("IPv4 address out of range") }
        var address = last
        for (index, value) in numbers.dropLast().enumerated() { address += value << (8 * UInt64(3 - index)) }
        return UInt32(address)
    }

    static func serialise(_ address: UInt32) -> String {
        (0..<4).map { String((address >> (8 * (3 - UInt32($0)))) & 0xFF) }.joined(separator: ".")
    }
}

/// The IPv6 parser and serialiser of the URL Standard.
enum IPv6 {
    static func parse(_ input: [Unicode.Scalar]) throws(BrowserURL.Failure) -> [UInt16] {
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = 0
        func at(_ index: Int) -> Unicode.Scalar? { index < input.count ? input[index] : nil }
        func hex(_ scalar: Unicode.Scalar?) -> UInt16? {
            guard let scalar, scalar.isASCII, let value = Character(scalar).hexDigitValue else { return nil }
            return UInt16(value)
        }
        if at(0) == ":" {
            guard at(1) == ":" else { throw .invalidHost("IPv6 address starts with one colon") }
            pointer = 2
            pieceIndex = 1
            compress = 1
        }
        while pointer < input.count {
            guard pieceIndex < 8 else { throw .invalidHost("IPv6 address too long") }
            if at(pointer) == ":" {
                guard compress == nil else { throw .invalidHost("IPv6 address compressed twice") }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let digit = hex(at(pointer)) {
                value = value * 16 + digit
                pointer += 1
                length += 1
            }
            if at(pointer) == "." {
                guard length > 0 else { throw .invalidHost("IPv4 part of IPv6 empty") }
                pointer -= length
                guard pieceIndex <= 6 else { throw .invalidHost("IPv4 part of IPv6 too late") }
                var numbersSeen = 0
                while pointer < input.count {
                    var ipv4Piece: Int?
                    if numbersSeen > 0 {
                        guard at(pointer) == ".", numbersSeen < 4 else { throw .invalidHost("IPv4 part of IPv6") }
                        pointer += 1
                    }
                    guard let scalar = at(pointer), ("0"..."9").contains(scalar) else {
                        throw .invalidHost("IPv4 part of IPv6")
                    }
                    while let scalar = at(pointer), ("0"..."9").contains(scalar) {
                        let number = Int(scalar.value - 48)
                        if ipv4Piece == nil {
                            ipv4Piece = number
                        } else if ipv4Piece == 0 {
                            throw .invalidHost("IPv4 part of IPv6 with a leading zero")
                        } else {
                            ipv4Piece = ipv4Piece! * 10 + number
                        }
                        guard ipv4Piece! <= 255 else { throw .invalidHost("IPv4 part of IPv6 over 255") }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] * 0x100 + UInt16(ipv4Piece!)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { throw .invalidHost("IPv4 part of IPv6 incomplete") }
                break
            } else if at(pointer) == ":" {
                pointer += 1
                guard pointer < input.count else { throw .invalidHost("IPv6 address ends with a colon") }
            } else if pointer < input.count {
                throw .invalidHost("IPv6 address holds \(LinkReadingText.codePoint(input[pointer]))")
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            throw .invalidHost("IPv6 address too short")
        }
        return address
    }

    static func serialise(_ address: [UInt16]) -> String {
        // The first longest run of two or more zero pieces is compressed.
        var best: (start: Int, length: Int)?
        var index = 0
        while index < 8 {
            guard address[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < 8, address[end] == 0 { end += 1 }
            if end - index >= 2, end - index > (best?.length ?? 0) { best = (index, end - index) }
            index = end
        }
        var out = ""
        var ignore0 = false
        for (position, piece) in address.enumerated() {
            if ignore0, piece == 0 { continue }
            ignore0 = false
            if let best, best.start == position {
                out += position == 0 ? "::" : ":"
                ignore0 = true
                continue
            }
            out += String(piece, radix: 16)
            if position != 7 { out += ":" }
        }
        return out
    }
}
