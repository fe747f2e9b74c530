import Foundation
import SiteAssociation

/// The URL Standard's `domain to ASCII` (UTS #46 `ToASCII`, non-transitional, `CheckHyphens`
/// false, `UseSTD3ASCIIRules` false, no DNS length check) — a **subset**, stated here and in
/// `docs/link-confusion.md` §2:
///
/// - ASCII is lower-cased; `。` (U+3002), `．` (U+FF0E) and `｡` (U+FF61) separate labels;
/// - the code points UTS #46 ignores that links use to hide (soft hyphen, zero-width space,
///   word joiner, variation selectors, BOM) are removed;
/// - every other code point is mapped by NFKC, lower-casing and NFKC again (the full-width
///   letters and digits of a look-alike host become ASCII) — exact for letters, marks and
///   digits; any other non-ASCII code point, and the zero-width joiners (`CheckJoiners`), give
///   `.unsupported`, so a caller can tell "refused" from "not modelled";
/// - each non-ASCII label becomes `xn--` and its Punycode (RFC 3492); an `xn--` label must
///   decode.
enum IDNA {
    static let ignored: Set<UInt32> = [0x00AD, 0x034F, 0x180B, 0x180C, 0x180D, 0x200B, 0x2060, 0xFEFF]
    static let dots: Set<UInt32> = [0x3002, 0xFF0E, 0xFF61]

    static func toASCII(_ domain: String) throws(BrowserURL.Failure) -> String {
        var mapped = ""
        for scalar in domain.unicodeScalars {
            let value = scalar.value
            if scalar.isASCII {
                mapped.unicodeScalars.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(value + 32)! : scalar)
            } else if dots.contains(value) {
                mapped += "."
            } else if ignored.contains(value) || (0xFE00...0xFE0F).contains(value) {
                continue
            } else if value == 0x200C || value == 0x200D {
                throw .unsupported("IDNA CheckJoiners (\(LinkReadingText.codePoint(scalar)))")
            } else {
                let nfkc = String(scalar).precomposedStringWithCompatibilityMapping.lowercased()
                    .precomposedStringWithCompatibilityMapping
                for out in nfkc.unicodeScalars where !out.isASCII {
                    switch out.properties.generalCategory {
                    case .uppercaseLetter, .lowercaseLetter, .otherLetter, .modifierLetter, .titlecaseLetter,
                        .nonspacingMark, .spacingMark, .decimalNumber:
                        if IDNA.isRightToLeftBlock(out.value) {
                            throw .unsupported("IDNA CheckBidi (\(LinkReadingText.codePoint(scalar)))")
                        }
                    default:
                        throw .unsupported("IDNA mapping of \(LinkReadingText.codePoint(scalar))")
                    }
                }
                mapped += nfkc
            }
        }
        let normalised = mapped.precomposedStringWithCanonicalMapping
        let labels = normalised.split(separator: ".", omittingEmptySubsequences: false)
        var out: [String] = []
        for label in labels {
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                if label.hasPrefix("xn--") {
                    guard let decoded = Punycode.decode(String(label.dropFirst(4))), !decoded.isEmpty,
                        !decoded.unicodeScalars.allSatisfy(\.isASCII)
                    else {
                        throw .invalidHost("\(label) is not valid Punycode")
                    }
                }
                out.append(String(label))
            } else {
                if let first = label.unicodeScalars.first,
                    first.properties.generalCategory == .nonspacingMark
                        || first.properties.generalCategory == .spacingMark
                {
                    throw .invalidHost("a label begins with a combining mark")
                }
                guard let encoded = Punycode.encode(Array(label.unicodeScalars)) else {
                    throw .invalidHost("Punycode overflow")
                }
                out.append("xn--" + encoded)
            }
        }
        return out.joined(separator: ".")
    }
}

extension IDNA {
    /// The blocks of right-to-left scripts (Hebrew to NKo, their presentation forms, and the
    /// supplementary ones): a label with one needs `CheckBidi`, which is not modelled.
    static func isRightToLeftBlock(_ value: UInt32) -> Bool {
        (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFE).contains(value)
            || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
    }
}
