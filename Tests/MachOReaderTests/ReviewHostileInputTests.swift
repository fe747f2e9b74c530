import Foundation
import MachOReader
import Testing

/// Hostile inputs found in the adversarial review: each one used to get past a cap.
@Suite struct ReviewHostileInputTests {
    /// Text that holds a `</array>` Foundation does not see as a close tag.
    @Test(arguments: [
        ("<!-- </array> -->", "a comment"),
        ("<string><![CDATA[</array>]]></string>", "a CDATA section"),
        ("<?note </array> ?>", "a processing instruction"),
    ])
    func xmlDepthCheckIsNotFooledByCloseTagsInsideNonElementText(filler: String, hiddenIn: String) {
        let deep =
            "<plist>" + String(repeating: "<array>" + filler, count: 100)
            + String(repeating: "</array>", count: 100) + "</plist>"
        #expect(throws: MachOError.invalidPlist(reason: "nesting deeper than 64 levels"), "close tag in \(hiddenIn)") {
            try PlistValue.decode(Data(deep.utf8))
        }
    }

    @Test func xmlNestingDeepEnoughToOverflowFoundationIsRefusedEvenWhenDisguised() {
        // 30,000 real levels (Foundation's recursive scanner overflows the stack near 10,000),
        // each followed by a commented-out close tag: about 700 KB, under the 1 MB entitlements cap.
        let deep =
            "<plist>" + String(repeating: "<array><!--</array>-->", count: 30_000)
            + String(repeating: "</array>", count: 30_000) + "</plist>"
        #expect(throws: MachOError.invalidPlist(reason: "nesting deeper than 64 levels")) {
            try PlistValue.decode(Data(deep.utf8))
        }
    }

    @Test func openTagsInsideCommentsAndCDATADoNotCountAsNesting() throws {
        let hidden = String(repeating: "<array>", count: 100)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><!-- \(hidden) \
            --><key>k</key><string><![CDATA[\(hidden)]]></string></dict></plist>
            """
        #expect(try PlistValue.decode(Data(text.utf8)) == .dictionary(["k": .string(hidden)]))
    }

    @Test func symbolNameBytesHaveABudget() throws {
        // The same long name referenced by many entries would otherwise be copied once per entry
        // (1,000,000 entries × 16 KB = 16 GB from a 16 MB symbol table).
        var image = SyntheticImage()
        image.symbols = Array(repeating: String(repeating: "x", count: 300), count: 8)
        var limits = MachOLimits()
        limits.maxSymbolNameBytes = 1_000
        let slice = try #require(try MachOFile(data: image.build(), limits: limits).slices.first)
        #expect(slice.symbols.count == 3)
        #expect(
            slice.problems.contains {
                if case .limitExceeded(_, "symbol name bytes", _, 1_000) = $0 { true } else { false }
            })
    }

    @Test func aliasedSymbolNamesStillCountAgainstTheBudget() throws {
        var image = SyntheticImage()
        image.symbols = Array(repeating: String(repeating: "y", count: 300), count: 8)
        var data = image.build()
        let symtab = try #require(try MachOFile(data: data).slices.first?.symbolTable)
        // Point every entry's n_strx at the first name.
        let first = UInt32(2)
        for index in 0..<symtab.symbolCount {
            let at = symtab.symbolOffset + index * 16
            data.replaceSubrange(at..<at + 4, with: withUnsafeBytes(of: first.littleEndian) { Array($0) })
        }
        var limits = MachOLimits()
        limits.maxSymbolNameBytes = 1_000
        let slice = try #require(try MachOFile(data: data, limits: limits).slices.first)
        #expect(slice.symbols.count == 3)
        #expect(slice.symbols.allSatisfy { $0.name == String(repeating: "y", count: 300) })
    }
}

/// CodeDirectory version gates (code signature).
@Suite struct CodeDirectoryVersionGateTests {
    /// A CodeDirectory whose slot-1 hash starts at byte 98 of the blob, at `version`.
    static func signature(version: UInt32) throws -> CodeSignature {
        var directory =
            Synthetic.codeDirectory(identifier: "abcdefghi", specialHashes: [1: Data(repeating: 0xAA, count: 32)])
        directory.replaceSubrange(8..<12, with: withUnsafeBytes(of: version.bigEndian) { Array($0) })
        return try CodeSignature(reader: ByteReader(Synthetic.superBlob([(0, directory)])))
    }

    @Test func version20500HeaderEndsAt96SoAHashAt98IsRead() throws {
        let signature = try Self.signature(version: 0x20500)
        #expect(signature.codeDirectories.first?.specialSlotHashes[1] == Data(repeating: 0xAA, count: 32))
    }

    @Test func version20600HeaderEndsAt108SoAHashAt98OverlapsIt() throws {
        // 0x20600 adds linkage fields (hash type, application type and subtype, offset, size) at 96..<108.
        let signature = try Self.signature(version: 0x20600)
        #expect(signature.codeDirectories.first?.specialSlotHashes.isEmpty == true)
        #expect(signature.diagnostics.contains { $0.description.contains("would overlap the CodeDirectory header") })
    }
}

/// Binary plists whose shared sub-trees are reached again deeper down.
@Suite struct BinaryPlistSharedDepthTests {
    /// A bplist00 with 2-byte offsets and references; `objects` are encoded already.
    static func binaryPlist(objects: [[UInt8]], top: Int) -> Data {
        var data = Data("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(data.count)
            data.append(contentsOf: object)
        }
        let tableOffset = data.count
        for offset in offsets { data.append(contentsOf: [UInt8(offset >> 8), UInt8(offset & 0xFF)]) }
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 2, 2])
        for value in [objects.count, top, tableOffset] {
            data.append(contentsOf: (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) })
        }
        return data
    }

    static func reference(_ index: Int) -> [UInt8] { [UInt8(index >> 8), UInt8(index & 0xFF)] }

    @Test func sharedChainsCannotStackBeyondTheDepthCap() {
        // Layers of 60 nested one-element arrays; each layer's innermost array holds the previous
        // layer's outermost one, and the root lists every layer. Each chain alone is 60 deep,
        // but the last layer, followed to the bottom, is 60 × 100 deep.
        let layers = 100
        let length = 60
        var objects: [[UInt8]] =
            [[0xAF, 0x10, UInt8(layers)] + (0..<layers).flatMap { Self.reference(1 + $0 * length) }]
        for layer in 0..<layers {
            for step in 0..<length {
                let index = 1 + layer * length + step
                if step < length - 1 {
                    objects.append([0xA1] + Self.reference(index + 1))
                } else if layer == 0 {
                    objects.append([0xA0])
                } else {
                    objects.append([0xA1] + Self.reference(1 + (layer - 1) * length))
                }
            }
        }
        #expect(throws: MachOError.invalidPlist(reason: "nesting deeper than 64 levels")) {
            try PlistValue.decode(Self.binaryPlist(objects: objects, top: 0))
        }
    }
}

/// Link evidence stays proportionate when a binary repeats one selector many times.
@Suite struct LinkEvidenceCapTests {
    @Test func repeatedSelectorKeepsTheFirstHitsPerSectionAndSaysSo() throws {
        var image = SyntheticImage()
        image.methodNames = Array(repeating: "openURL:", count: 500)
        var limits = MachOLimits()
        limits.maxEvidencePerName = 10
        let slice = try #require(try MachOFile(data: image.build(), limits: limits).slices.first)
        let hits = slice.linkEvidence.filter { $0.name == "openURL:" && $0.section == "__TEXT,__objc_methname" }
        #expect(hits.count == 10)
        #expect(hits.map(\.offset) == hits.map(\.offset).sorted())
        #expect(slice.linkScan.notes.contains { $0.contains("openURL:") && $0.contains("500") })
    }
}
