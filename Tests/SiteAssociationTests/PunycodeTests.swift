import Foundation
import Testing

@testable import SiteAssociation

/// Internationalised hosts compare as devices compare them: IDNA ASCII form (`xn--` + RFC 3492).
@Suite struct PunycodeTests {
    /// RFC 3492 section 7.1 sample strings (code points → Punycode, no case annotation).
    static let vectors: [(String, [UInt32], String)] = [
        (
            "A Arabic (Egyptian)",
            [
                0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645,
                0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F,
            ], "egbpdaj6bu4bxfgehfvwxn"
        ),
        (
            "B Chinese (simplified)", [0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587],
            "ihqwcrb4cv8a8dqg056pqjye"
        ),
        (
            "C Chinese (traditional)", [0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587],
            "ihqwctvzc91f659drss3x8bo0yb"
        ),
        (
            "D Czech",
            [
                0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074, 0x011B, 0x006E,
                0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D, 0x0065, 0x0073, 0x006B, 0x0079,
            ],
            "Proprostnemluvesky-uyb24dma41a"
        ),
        (
            "L 3<nen>B<gumi><kinpachi><sensei>", [0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F],
            "3B-ww4c5e180e575a65lsy2b"
        ),
        (
            "S -> $1.00 <-", [0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C, 0x002D],
            "-> $1.00 <--"
        ),
    ]

    @Test(arguments: vectors.indices)
    func encoderGivesTheRFC3492SampleOutputs(_ index: Int) throws {
        let (name, codePoints, expected) = Self.vectors[index]
        let scalars = try codePoints.map { try #require(Unicode.Scalar($0)) }
        #expect(Punycode.encode(scalars) == expected, "\(name)")
    }

    /// Expected forms checked independently with Python's `"…".encode("idna")` (IDNA 2003).
    @Test func hostsConvertToASCIIAsDevicesDo() {
        #expect(IDNA.asciiHost("инстаграм.рф") == "xn--80aaisxcxfj.xn--p1ai")
        #expect(IDNA.asciiHost("ИНСТАГРАМ.РФ") == "xn--80aaisxcxfj.xn--p1ai")
        #expect(IDNA.asciiHost("www.bücher.example") == "www.xn--bcher-kva.example")
        #expect(IDNA.asciiHost("example.com") == "example.com")
        #expect(IDNA.asciiHost("*.инстаграм.рф") == "*.xn--80aaisxcxfj.xn--p1ai")
    }

    @Test func aUnicodeURLMatchesItsPunycodeDomainAndTheReverse() {
        let file = componentsFile(##"[{"/": "/p/*"}]"##)
        #expect(decide(file, "https://инстаграм.рф/p/x", domain: "xn--80aaisxcxfj.xn--p1ai").decision == .match)
        #expect(decide(file, "https://ИНСТАГРАМ.рф/p/x", domain: "xn--80aaisxcxfj.xn--p1ai").decision == .match)
        #expect(decide(file, "https://xn--80aaisxcxfj.xn--p1ai/p/x", domain: "инстаграм.рф").decision == .match)
        #expect(decide(file, "https://инстаграм.рф/p/x", domain: "applinks:инстаграм.рф").decision == .match)
        // Another Unicode host still does not match; the path keeps its own percent-encoding.
        #expect(decide(file, "https://инстаграм.com/p/x", domain: "xn--80aaisxcxfj.xn--p1ai").decision == .noMatch)
        #expect(decide(file, "https://инстаграм.рф/p/é", domain: "инстаграм.рф").decision == .match)
    }
}
