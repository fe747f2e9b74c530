import Foundation

/// The few rules of Android's Java runtime that its URI parsing and intent matching depend on,
/// over UTF-16 code units as Java strings hold them (`docs/android.md` §4a). Written from the
/// documented behaviour of `java.lang.Integer.parseInt`, libcore's `String.compareToIgnoreCase`
/// and `android.net.Uri.decode`; `AndroidOracleTests` checks them against AOSP's own code.
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
            guard scalar.value <= 0xFFFF, scalar.properties.numericType == .decimal,
                let digit = scalar.properties.numericValue, digit >= 0, digit <= 9
            else { return nil }
            value = value * 10 + Int(digit)
            // Java accumulates negatively so that −2³¹ fits; the limit is the same either way.
            guard value <= (negative ? 2_147_483_648 : 2_147_483_647) else { return nil }
        }
        return negative ? -value : value
    }

    // MARK: compareToIgnoreCase

    /// A key two strings share exactly when Android's `compareToIgnoreCase` calls them equal:
    /// libcore compares one UTF-16 unit at a time, each mapped through `Character.toUpperCase`
    /// then `toLowerCase` (ICU's simple, one-to-one mappings), so surrogates never fold. The key
    /// has as many units as the text, so a suffix of the key is the key of the text's suffix
    /// (what a wildcard host compares).
    static func caseKey(_ units: [UInt16]) -> [UInt16] {
        if units.allSatisfy({ $0 < 0x80 }) {
            return units.map { (65...90).contains($0) ? $0 + 32 : $0 }
        }
        return units.map { unit in
            guard unit >= 0x80, let scalar = Unicode.Scalar(unit) else {
                return (65...90).contains(unit) ? unit + 32 : unit
            }
            let folded = simpleLower(simpleUpper(scalar))
            return folded.value <= 0xFFFF ? UInt16(folded.value) : unit
        }
    }

    /// The Unicode version of the modelled device's ICU (Android 15: ICU 74, Unicode 15.1): a
    /// mapping involving a character assigned later did not exist there.
    static let unicodeVersion = (major: 15, minor: 1)

    static func known(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return (age.major, age.minor) <= unicodeVersion
    }

    /// `Character.toUpperCase`: the simple mapping. Foundation gives the full mapping; where that
    /// is one scalar it is the simple one; where it is several (ß → SS), the simple mapping is
    /// the character itself, except the few listed (Greek with ypogegrammeni).
    static func simpleUpper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (97...122).contains(scalar.value) ? Unicode.Scalar(scalar.value - 32)! : scalar
        }
        guard known(scalar) else { return scalar }
        if let special = upperExceptions[scalar.value] { return Unicode.Scalar(special)! }
        let mapped = scalar.properties.uppercaseMapping.unicodeScalars
        guard mapped.count == 1, let only = mapped.first, known(only) else { return scalar }
        return only
    }

    /// `Character.toLowerCase`: the simple mapping (İ U+0130 → i, where the full one is i̇).
    static func simpleLower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }
        guard known(scalar) else { return scalar }
        if scalar.value == 0x130 { return "i" }
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        guard mapped.count == 1, let only = mapped.first, known(only) else { return scalar }
        return only
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

    /// `Uri.decode` (`UriCodec.decode` without `+` conversion, UTF-8, never throwing) of text given
    /// as UTF-8 bytes, as UTF-16 units (which may hold an unpaired surrogate, as a Java string
    /// can): `%XX` escapes gather into bytes decoded as UTF-8 by the device's decoder (ICU: each
    /// maximal ill-formed subsequence becomes one U+FFFD, so `%ED%A0%80` is three); a `%` with
    /// fewer than two characters after it ends the text with U+FFFD; a `%` followed by a non-hex
    /// character writes U+FFFD, then the byte the valid digits before it make (0 when none), and
    /// that character is consumed: `%zz` reads as U+FFFD, U+0000, `z`. Java counts characters in
    /// UTF-16 units: after a `%`, a character outside the BMP is two, of which the escape consumes
    /// the first, and the second stays in the text, unpaired.
    static func decodeUnits(_ bytes: ArraySlice<UInt8>) -> [UInt16] {
        var out: [UInt16] = []
        out.reserveCapacity(bytes.count)
        var pending: [UInt8] = []
        func flush() {
            guard !pending.isEmpty else { return }
            out.append(contentsOf: String(decoding: pending, as: UTF8.self).utf16)
            pending.removeAll(keepingCapacity: true)
        }
        func units(at index: Int, length: Int) -> [UInt16] {
            Array(String(decoding: bytes[index..<min(index + length, bytes.endIndex)], as: UTF8.self).utf16)
        }
        var index = bytes.startIndex
        scan: while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 37 else {
                flush()
                let length = characterLength(byte)
                if length == 1 {
                    out.append(UInt16(byte))
                } else {
                    out.append(contentsOf: units(at: index, length: length))
                }
                index += length
                continue
            }
            index += 1
            var value: UInt8 = 0
            var unpairedHalf: UInt16?
            for _ in 0..<2 {
                guard index < bytes.endIndex else {
                    flush()
                    out.append(0xFFFD)
                    break scan
                }
                let next = bytes[index]
                let length = characterLength(next)
                guard length == 1, let digit = hexValue(UInt16(next)) else {
                    // The character's first UTF-16 unit is consumed; a second one stays.
                    let character = units(at: index, length: length)
                    if character.count == 2 { unpairedHalf = character[1] }
                    index += length
                    flush()
                    out.append(0xFFFD)
                    break
                }
                index += 1
                value = value &* 16 &+ digit
            }
            pending.append(value)
            if let unpairedHalf {
                flush()
                out.append(unpairedHalf)
            }
        }
        flush()
        return out
    }

    /// The bytes of the UTF-8 character `first` starts (1 for ASCII; the text comes from a Swift
    /// string, so it is well formed).
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
}
