import Foundation
import MachOReader
import TestSupport
import Testing

@testable import AppInspection

/// Hostile bundle contents found in the adversarial review.
@Suite struct ReviewHostileBundleTests {
    @Test(.timeLimit(.minutes(1)))
    func manyURLSchemesAreDeduplicatedInLinearTime() throws {
        // An 8 MB Info.plist holds about 400,000 scheme strings; a quadratic de-duplication of
        // that many takes hours.
        let count = 200_000
        var schemes: [PlistValue] = (0..<count).map { .string("s\($0)") }
        schemes.append(.string("s7"))
        let plist = PlistValue.dictionary([
            "CFBundleURLTypes": .array([
                .dictionary(["CFBundleURLSchemes": .array(schemes)]),
                .dictionary([
                    "CFBundleURLSchemes": .array([
                        .string("s1"),
                        .string("extra"),
                    ])
                ]),
            ])
        ])
        let info = try #require(InfoPlist(plist))
        #expect(info.urlSchemes.count == count + 1)
        #expect(info.urlSchemes.prefix(3) == ["s0", "s1", "s2"])
        #expect(info.urlSchemes.last == "extra")
    }

    /// File offset of the 80-byte `section_64` header named `name` in a thin 64-bit image.
    static func sectionHeader(_ name: String, in data: Data) throws -> Int {
        let reader = ByteReader(data)
        let count = try reader.int32Value(at: 16, .little)
        var command = 32
        for _ in 0..<count {
            let type = try reader.uint32(at: command, .little)
            let size = try reader.int32Value(at: command + 4, .little)
            if type == 0x19 {
                let sections = try reader.int32Value(at: command + 64, .little)
                for index in 0..<sections {
                    let header = command + 72 + index * 80
                    if try reader.fixedString(at: header, length: 16) == name { return header }
                }
            }
            command += size
        }
        throw InspectionError.malformedArchive(reason: "no section \(name)", offset: nil)
    }

    @Test func sectionMarkedAsCodeCannotBlankTheSignatureOrStringsOfALargeExecutable() throws {
        // Executables past the sparse threshold skip instruction sections. A hostile binary that
        // flags a string section as instructions and stretches it over the code signature would
        // otherwise hide its entitlements and link evidence from the tool, not from iOS.
        let original = try Data(contentsOf: Fixtures.url("macho/arm64-applinks-der.bin"))
        var hostile = original
        let header = try Self.sectionHeader("__objc_methname", in: hostile)
        let offset = try ByteReader(hostile).int32Value(at: header + 48, .little)
        let stretched = UInt64(hostile.count - offset)
        hostile.replaceSubrange(
            header + 40..<header + 48,
            with: withUnsafeBytes(of: stretched.littleEndian) { Array($0) })
        hostile.replaceSubrange(
            header + 64..<header + 68,
            with: withUnsafeBytes(of: UInt32(0x8000_0400).littleEndian) { Array($0) })

        let buffer = SparseExecutableBuffer(size: hostile.count)
        var position = 0
        while position < hostile.count {
            let end = min(hostile.count, position + 4_096)
            let chunk = [UInt8](hostile[position..<end])
            let written = chunk.withUnsafeBufferPointer { buffer.write($0, at: UInt64(position)) }
            #expect(written)
            position = end
        }
        let loaded = try #require(try MachOFile(data: buffer.data).slices.first)
        // The sparse load must read exactly what a full load of the same bytes reads.
        let reference = try #require(try MachOFile(data: hostile).slices.first)
        #expect(
            reference.codeSignature?
                .entitlements == (try MachOFile(data: original).slices.first?.codeSignature?.entitlements))
        #expect(loaded.signatureError == nil)
        #expect(loaded.codeSignature?.entitlements == reference.codeSignature?.entitlements)
        #expect(loaded.linkEvidence.map(\.name).sorted() == reference.linkEvidence.map(\.name).sorted())
    }
}

/// Names from the archive quoted in one-line messages (stderr on exit 3, diagnostics).
@Suite struct QuotedNameTests {
    @Test(arguments: [
        ("a\u{1B}[2Jb", "\"a\\u{1B}[2Jb\""),
        ("c1\u{9B}2J", "\"c1\\u{009B}2J\""),
        ("abc\u{202E}fed", "\"abc\\u{202E}fed\""),
        ("plain/Name.app", "\"plain/Name.app\""),
    ])
    func controlAndBidiCharactersAreEscaped(_ name: String, _ expected: String) {
        #expect(InspectionError.quoted(name) == expected)
    }
}
