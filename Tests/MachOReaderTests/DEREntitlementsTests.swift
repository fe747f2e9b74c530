import Foundation
import MachOReader
import Testing

@Suite struct DEREntitlementsTests {
    @Test(
        arguments: [
            ([112, 5, 2, 1, 1, 176, 0], PlistValue.dictionary([:])),
            ([112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 1, 1, 255], .dictionary(["key": .bool(true)])),
            (
                [112, 19, 2, 1, 1, 176, 14, 48, 12, 12, 3, 107, 101, 121, 12, 5, 118, 97, 108, 117, 101],
                .dictionary(["key": .string("value")])
            ),
        ] as [([UInt8], PlistValue)])
    func decodesTheSpecTestVectors(bytes: [UInt8], expected: PlistValue) throws {
        #expect(try DEREntitlements.decode(Data(bytes)) == expected)
    }

    @Test func decodesArraysIntegersAndNestedDictionaries() throws {
        // { a: [1, false, "x"], d: { n: -2 } }
        let array = DER.tlv(0x30, DER.tlv(0x02, [1]) + DER.tlv(0x01, [0]) + DER.tlv(0x0C, Array("x".utf8)))
        let inner = DER.tlv(0xB0, DER.pair("n", DER.tlv(0x02, [0xFE])))
        let body = DER.tlv(0xB0, DER.pair("a", array) + DER.pair("d", inner))
        let value = try DEREntitlements.decode(DER.wrapped(body))
        #expect(
            value
                == .dictionary([
                    "a": .array([.integer(1), .bool(false), .string("x")]),
                    "d": .dictionary(["n": .integer(-2)]),
                ]))
    }

    @Test func decodesLongFormLengths() throws {
        let long = String(repeating: "a", count: 300)
        let body =
            DER.tlv(
                0xB0,
                DER.pair("com.apple.developer.associated-domains", DER.tlv(0x30, DER.tlv(0x0C, Array(long.utf8)))))
        let bytes = DER.wrapped(body)
        #expect(bytes[1] == 0x82)  // two-byte long-form length at the top
        #expect(try DEREntitlements.decode(bytes)["com.apple.developer.associated-domains"] == .array([.string(long)]))
    }

    @Test func decodesTheOlderSetAtTheTopForm() throws {
        let bytes = Data(DER.tlv(0x31, DER.pair("get-task-allow", DER.tlv(0x01, [0xFF]))))
        #expect(try DEREntitlements.decode(bytes) == .dictionary(["get-task-allow": .bool(true)]))
    }

    @Test(
        arguments: [
            ([112, 5, 2, 1, 1, 176], "truncated"),
            ([112, 5, 2, 1, 2, 176, 0], "version 2"),
            ([112, 3, 2, 1, 1], "no value"),
            ([4, 0], "OCTET STRING at the top"),
            ([112, 9, 2, 1, 1, 176, 4, 12, 2, 104, 105], "dictionary entry not a SEQUENCE"),
            ([112, 13, 2, 1, 1, 176, 8, 48, 6, 2, 1, 1, 1, 1, 255], "INTEGER key"),
            ([112, 15, 2, 1, 1, 176, 10, 48, 8, 12, 3, 107, 101, 121, 1, 1, 1], "BOOLEAN not 0x00/0xFF (not DER)"),
            ([112, 12, 2, 1, 1, 176, 7, 48, 5, 12, 1, 0xFF, 5, 0], "invalid UTF-8 key and NULL value"),
            ([112, 0x81, 5, 2, 1, 1, 176, 0], "non-minimal long-form length"),
            ([112, 5, 2, 1, 1, 176, 0, 0], "trailing byte"),
            ([112, 17, 2, 1, 1, 2, 12, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "INTEGER beyond 64 bits"),
        ] as [([UInt8], String)])
    func rejectsMalformedDER(bytes: [UInt8], why: String) {
        #expect(throws: MachOError.self, "\(why)") { try DEREntitlements.decode(Data(bytes)) }
    }

    @Test func rejectsDuplicateKeys() {
        let body = DER.tlv(0xB0, DER.pair("k", DER.tlv(0x01, [0xFF])) + DER.pair("k", DER.tlv(0x01, [0])))
        #expect(throws: MachOError.invalidDER(offset: 17, reason: "duplicate dictionary key \"k\"")) {
            try DEREntitlements.decode(DER.wrapped(body))
        }
    }

    @Test func rejectsDeepNesting() {
        var value = DER.tlv(0x01, [0xFF])
        for _ in 0..<20 { value = DER.tlv(0x30, value) }
        #expect(throws: MachOError.self) { try DEREntitlements.decode(DER.wrapped(value), maxDepth: 10) }
        #expect((try? DEREntitlements.decode(DER.wrapped(value), maxDepth: 30)) != nil)
        var deep = DER.tlv(0x01, [0xFF])
        for _ in 0..<5_000 { deep = DER.tlv(0x30, deep) }
        #expect(throws: MachOError.self) { try DEREntitlements.decode(DER.wrapped(deep)) }
    }

    @Test func comparisonReportsMissingChangedAndRetypedValues() {
        let xml: PlistValue =
            .dictionary(["a": .bool(true), "b": .array([.string("x"), .string("y")]), "c": .integer(1)])
        let der: PlistValue =
            .dictionary(["a": .bool(true), "b": .array([.string("x")]), "c": .string("1"), "d": .bool(false)])
        let comparison = EntitlementsComparison(xml: xml, der: der)
        #expect(!comparison.agree)
        #expect(
            comparison.differences.map(\.description) == [
                "b[1]: only in XML (\"y\")",
                "c: XML 1, DER \"1\"",
                "d: only in DER (false)",
            ])
        #expect(EntitlementsComparison(xml: xml, der: xml).agree)
    }
}

/// Tiny DER writer for test inputs (definite, minimal lengths).
enum DER {
    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var value = count
        while value > 0 {
            bytes.insert(UInt8(value & 0xFF), at: 0)
            value >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + length(content.count) + content }

    static func pair(_ key: String, _ value: [UInt8]) -> [UInt8] { tlv(0x30, tlv(0x0C, Array(key.utf8)) + value) }

    static func wrapped(_ value: [UInt8]) -> Data { Data(tlv(0x70, tlv(0x02, [1]) + value)) }
}
