import Foundation

/// The few Java string rules that Android's URI parsing and intent matching depend on, over
/// UTF-16 code units as Java strings hold them (`docs/android.md` §4a). Written from the
/// documented behaviour of `java.lang.Integer.parseInt`, `String.compareToIgnoreCase` and
/// `android.net.Uri.decode`; `AndroidOracleTests` checks them against AOSP's own code.
enum JavaText {
    // MARK: Integer.parseInt

    /// `Integer.parseInt(text)` (radix 10): an optional `+` or `-`, then one or more decimal
    /// digits of any script (`Character.digit`), within 32 bits; nil where Java throws
    /// `NumberFormatException` (empty, a sign alone, a space, a letter, an overflow).
    static func parseInt(_ text: String) -> Int? {
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if let first = scalars.first, first == "+" || first == "-" {
            negative = first == "-"
            scalars = scalars.dropFirst()
        }
        guard !scalars.isEmpty else { return nil }
        var value = 0
        for scalar in scalars {
            // Java reads UTF-16 units: a digit outside the BMP is two surrogates, neither a digit.
            guard scalar.value <= 0xFFFF, scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue,
                  digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + Int(digit)
            // Java accumulates negatively so that −2³¹ fits; the limit is the same either way.
            guard value <= (negative ? 2_147_483_648 : 2_147_483_647) else { return nil }
        }
        return negative ? -value : value
    }

    // MARK: compareToIgnoreCase

    /// A key two strings share exactly when `compareToIgnoreCase` calls them equal: each code
    /// point mapped to `toLowerCase(toUpperCase(c))` (Java's simple, one-to-one case mappings).
    /// The key has as many UTF-16 units as the text, so a suffix of the key is the key of the
    /// text's suffix (what a wildcard host compares).
    static func caseKey(_ units: [UInt16]) -> [UInt16] {
        if units.allSatisfy({ $0 < 0x80 }) {
            return units.map { (65...90).contains($0) ? $0 + 32 : $0 }
        }
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            let folded = simpleLower(simpleUpper(scalar))
            let before = out.count
            out.append(contentsOf: String(folded).utf16)
            // A mapping that changed the UTF-16 length (none in Java's tables) keeps the original.
            if out.count - before != UTF16.width(scalar) {
                out.removeSubrange(before...)
                out.append(contentsOf: String(scalar).utf16)
            }
        }
        return out
    }

    /// `Character.toUpperCase(int)`: the simple mapping. Foundation gives the full mapping; where
    /// that is one scalar it is the simple one; where it is several (ß → SS), the simple mapping
    /// is the character itself, except the few listed (Greek with ypogegrammeni).
    static func simpleUpper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (97...122).contains(scalar.value) ? Unicode.Scalar(scalar.value - 32)! : scalar
        }
        if let special = upperExceptions[scalar.value] { return Unicode.Scalar(special)! }
        let mapped = scalar.properties.uppercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first! : scalar
    }

    /// `Character.toLowerCase(int)`: the simple mapping (İ U+0130 → i, where the full one is i̇).
    static func simpleLower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }
        if scalar.value == 0x130 { return "i" }
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first! : scalar
    }

    /// Simple upper-case mappings of characters whose full mapping has several scalars
    /// (UnicodeData.txt field 12 beside SpecialCasing.txt): ᾀ–ᾇ, ᾐ–ᾗ, ᾠ–ᾧ, ᾳ, ῃ, ῳ.
    static let upperExceptions: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [0x1FB3: 0x1FBC, 0x1FC3: 0x1FCC, 0x1FF3: 0x1FFC]
        for base: UInt32 in [0x1F80, 0x1F90, 0x1FA0] {
            for offset: UInt32 in 0..<8 { table[base + offset] = base + offset + 8 }
        }
        return table
    }()

    // MARK: Uri.decode

    /// `Uri.decode` (`UriCodec.decode` without `+` conversion, UTF-8, never throwing) of text
    /// given as UTF-8 bytes: `%XX` escapes gather into bytes decoded as UTF-8, a malformed
    /// sequence becoming U+FFFD; a `%` with fewer than two characters after it ends the text with
    /// U+FFFD; a `%` followed by a non-hex character writes U+FFFD, then the byte the valid digits
    /// before it make (0 when none), and that character is consumed: `%zz` reads as U+FFFD,
    /// U+0000, `z`. Java counts characters in UTF-16 units: a character outside the BMP after a
    /// `%` is two, of which the escape consumes the first and the second stays, unpaired (shown
    /// as U+FFFD, as a Swift string must).
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(37) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pending: [UInt8] = []
        func flush() {
            guard !pending.isEmpty else { return }
            appendUTF8(pending, to: &out)
            pending.removeAll(keepingCapacity: true)
        }
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var index = bytes.startIndex
        scan: while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 37 else {
                flush()
                let length = characterLength(byte)
                out.append(contentsOf: bytes[index..<min(index + length, bytes.endIndex)])
                index += length
                continue
            }
            index += 1
            var value: UInt8 = 0
            var unpairedHalf = false
            for _ in 0..<2 {
                guard index < bytes.endIndex else {
                    flush()
                    out.append(contentsOf: replacement)
                    break scan
                }
                let next = bytes[index]
                let length = characterLength(next)
                index += length
                guard let digit = hexValue(UInt16(next)), length == 1 else {
                    flush()
                    out.append(contentsOf: replacement)
                    unpairedHalf = length == 4
                    break
                }
                value = value &* 16 &+ digit
            }
            pending.append(value)
            if unpairedHalf {
                flush()
                out.append(contentsOf: replacement)
            }
        }
        flush()
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of the UTF-8 character `first` starts (1 for ASCII and for a stray byte; the
    /// text comes from a Swift string, so it is well formed).
    static func characterLength(_ first: UInt8) -> Int {
        switch first {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    static func hexValue(_ unit: UInt16) -> UInt8? {
        switch unit {
        case 48...57: return UInt8(unit - 48)
        case 97...102: return UInt8(unit - 87)
        case 65...70: return UInt8(unit - 55)
        default: return nil
        }
    }

    // MARK: The UTF-8 decoder Uri.decode uses

    /// Decodes `bytes` as Java's UTF-8 `CharsetDecoder` with malformed input replaced, and appends
    /// the result to `out` as UTF-8: each
    /// malformed unit becomes one U+FFFD, and the unit's length follows Java's rules, not
    /// Unicode's "maximal subpart" that Swift's decoder uses: an encoded surrogate (`ED A0 80`)
    /// is one malformed unit of three bytes (Swift writes three U+FFFD); a well-formed start
    /// whose second byte is valid but third is not is one unit of two bytes; bytes still
    /// pending at the end of the input are one unit, whatever their number.
    static func appendUTF8(_ bytes: [UInt8], to out: inout [UInt8]) {
        func continuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        let count = bytes.count
        var index = 0
        while index < count {
            let first = bytes[index]
            let remaining = count - index
            var length = 1
            var malformed = true
            switch first {
            case 0x00...0x7F:
                out.append(first)
                index += 1
                continue
            case 0xC2...0xDF:
                if remaining < 2 {
                    length = remaining
                } else if continuation(bytes[index + 1]) {
                    out.append(contentsOf: bytes[index..<(index + 2)])
                    index += 2
                    continue
                }
            case 0xE0...0xEF:
                let secondBad = { (second: UInt8) in (first == 0xE0 && second & 0xE0 == 0x80) || !continuation(second) }
                if remaining < 3 {
                    length = remaining > 1 && secondBad(bytes[index + 1]) ? 1 : remaining
                } else {
                    let second = bytes[index + 1], third = bytes[index + 2]
                    if secondBad(second) {
                        length = 1
                    } else if !continuation(third) {
                        length = 2
                    } else {
                        let unit = UInt16(first & 0x0F) << 12 | UInt16(second & 0x3F) << 6 | UInt16(third & 0x3F)
                        if (0xD800...0xDFFF).contains(unit) {
                            length = 3
                        } else {
                            malformed = false
                            out.append(contentsOf: bytes[index..<(index + 3)])
                            index += 3
                        }
                    }
                }
            case 0xF0...0xF7:
                let secondBad = { (second: UInt8) in
                    (first == 0xF0 && !(0x90...0xBF).contains(second)) || (first == 0xF4 && second & 0xF0 != 0x80)
                        || !continuation(second)
                }
                if remaining < 4 {
                    if first > 0xF4 || (remaining > 1 && secondBad(bytes[index + 1])) {
                        length = 1
                    } else if remaining > 2 && !continuation(bytes[index + 2]) {
                        length = 2
                    } else {
                        length = remaining
                    }
                } else {
                    let second = bytes[index + 1], third = bytes[index + 2], fourth = bytes[index + 3]
                    let value = UInt32(first & 0x07) << 18 | UInt32(second & 0x3F) << 12
                        | UInt32(third & 0x3F) << 6 | UInt32(fourth & 0x3F)
                    if continuation(second), continuation(third), continuation(fourth),
                       (0x10000...0x10FFFF).contains(value) {
                        malformed = false
                        out.append(contentsOf: bytes[index..<(index + 4)])
                        index += 4
                    } else if first > 0xF4 || secondBad(second) {
                        length = 1
                    } else if !continuation(third) {
                        length = 2
                    } else {
                        length = 3
                    }
                }
            default:
                length = 1
            }
            if malformed {
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                index += max(length, 1)
            }
        }
    }
}
