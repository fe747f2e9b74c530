import Foundation
import MachOReader
import Testing

@Suite struct PlistValueTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>s</key><string>text</string><key>n</key><string>1</string>
        <key>i</key><integer>-7</integer><key>r</key><real>1.5</real>
        <key>t</key><true/><key>f</key><false/>
        <key>d</key><date>2020-01-02T03:04:05Z</date><key>b</key><data>AAEC</data>
        <key>a</key><array><string>x</string><integer>1</integer></array>
        <key>e</key><dict/><key>ea</key><array/>
        </dict></plist>
        """

    static let expected: PlistValue = .dictionary([
        "s": .string("text"), "n": .string("1"), "i": .integer(-7), "r": .real(1.5),
        "t": .bool(true), "f": .bool(false), "d": .date(Date(timeIntervalSince1970: 1_577_934_245)),
        "b": .data(Data([0, 1, 2])), "a": .array([.string("x"), .integer(1)]),
        "e": .dictionary([:]), "ea": .array([]),
    ])

    @Test func decodesEveryXMLType() throws {
        #expect(try PlistValue.decode(Data(Self.xml.utf8)) == Self.expected)
    }

    @Test func decodesTheSameValuesFromABinaryPlist() throws {
        struct Sample: Encodable {
            var s = "text", n = "1", i = -7, r = 1.5, t = true, f = false
            var d = Date(timeIntervalSince1970: 1_577_934_245), b = Data([0, 1, 2])
            var e: [String: Int] = [:], ea: [Int] = []
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let binary = try encoder.encode(Sample())
        #expect(binary.starts(with: Array("bplist00".utf8)))
        var expected = try #require(Self.expected.dictionaryValue)
        expected["a"] = nil
        #expect(try PlistValue.decode(binary) == .dictionary(expected))
    }

    @Test func encodesJSONWithISODatesBase64DataAndSortedKeys() throws {
        #expect(
            Self.expected.jsonString() == #"""
                {"a":["x",1],"b":"AAEC","d":"2020-01-02T03:04:05Z","e":{},"ea":[],"f":false,"i":-7,"n":"1","r":1.5,\#
                "s":"text","t":true}
                """#)
        #expect(PlistValue.real(.nan).jsonString() == #""nan""#)
        #expect(PlistValue.date(Date(timeIntervalSinceReferenceDate: .nan)).jsonString() == #""invalid-date(nan)""#)
    }

    @Test func jsonRoundTripKeepsStringsThatLookLikeBase64() throws {
        let value: PlistValue = .dictionary(["k": .array([.string("abcd"), .integer(3), .real(2.5), .bool(false)])])
        let json = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(PlistValue.self, from: json) == value)
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\"?><plist><dict><key>a</key>", "truncated XML"),
        ("<plist><dict><key>a</key><string>x</dict></plist>", "mismatched tags"),
        ("garbage", "not a plist at all (Foundation would read it as an OpenStep string)"),
        ("", "empty"),
        ("bplist00", "binary header only"),
    ])
    func rejectsMalformedPlists(text: String, why: String) {
        #expect(throws: MachOError.self, "\(why)") { try PlistValue.decode(Data(text.utf8)) }
    }

    @Test func rejectsDeepXMLNestingBeforeFoundationRecursesOnIt() {
        // 10,000 levels overflow Foundation's recursive XML scanner (measured); the pre-check refuses first.
        let deep =
            "<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
            + "</plist>"
        #expect(throws: MachOError.invalidPlist(reason: "nesting deeper than 64 levels")) {
            try PlistValue.decode(Data(deep.utf8))
        }
        let fine =
            "<plist>" + String(repeating: "<array>", count: 10) + String(repeating: "</array>", count: 10) + "</plist>"
        #expect((try? PlistValue.decode(Data(fine.utf8))) != nil)
    }

    @Test func rejectsBinaryPlistReferenceCyclesAndExponentialSharing() throws {
        // Object 0: array [0] — refers to itself.
        #expect(throws: MachOError.invalidPlist(reason: "binary plist: reference cycle")) {
            try PlistValue.decode(Self.binaryPlist(objects: [[0xA1, 0x00]], top: 0))
        }
        // 30 arrays each holding the next one twice: 2^30 values once expanded.
        var objects: [[UInt8]] = (0..<30).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])  // true
        #expect(throws: MachOError.self) { try PlistValue.decode(Self.binaryPlist(objects: objects, top: 0)) }
    }

    @Test func rejectsOversizedInput() {
        #expect(throws: MachOError.invalidPlist(reason: "11 bytes, above the limit of 10")) {
            try PlistValue.decode(Data("<plist/>   ".utf8), maxBytes: 10)
        }
    }

    /// A minimal bplist00 with one-byte offsets and references.
    static func binaryPlist(objects: [[UInt8]], top: Int) -> Data {
        var data = Data("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(data.count))
            data.append(contentsOf: object)
        }
        let tableOffset = data.count
        data.append(contentsOf: offsets)
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 1, 1])
        for value in [objects.count, top, tableOffset] {
            withUnsafeBytes(of: UInt64(value).bigEndian) { data.append(contentsOf: $0) }
        }
        return data
    }
}
