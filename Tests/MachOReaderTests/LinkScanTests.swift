import Foundation
import MachOReader
import Testing

/// Link-evidence details beyond the generated fixtures: Swift names, other layouts.
@Suite struct LinkScanTests {
    @Test func notRetainingSymbolsKeepsOnlyTheEvidenceAndFindsTheSameHits() throws {
        // Inspecting a large app must not hold half a million symbols it never reads.
        let data = SyntheticImage().build()
        var limits = MachOLimits()
        limits.retainsSymbols = false
        let lean = try #require(try MachOFile(data: data, limits: limits).slices.first)
        let full = try #require(try MachOFile(data: data).slices.first)
        #expect(lean.linkEvidence == full.linkEvidence)
        #expect(full.symbols.count > lean.symbols.count)
        #expect(!lean.symbols.isEmpty)
        #expect(Set(lean.symbols.map(\.name)).isSubset(of: Set(full.linkEvidence.map(\.matchedString))))
    }

    @Test func swiftUIHandlersAreFoundByTheirMangledImportPrefix() throws {
        var image = SyntheticImage()
        image.methodNames = []
        image.cStrings = []
        image.symbols = [
            // What an app calling `.onOpenURL { }` / `.onContinueUserActivity(_:perform:)` imports
            // (function and opaque result type descriptor), as measured with a stand-in SwiftUI module.
            "_$s7SwiftUI4ViewPAAE9onOpenURL7performQry10Foundation3URLVc_tFQOMQ",
            "_$s7SwiftUI4ViewPAAE22onContinueUserActivity_7performQrSS_ySo14NSUserActivityCctF",
            // Not handlers: a different label, and a mangled name merely containing the words.
            "_$s7SwiftUI4ViewPAAE9onOpenURL6actionQrF",
            "_$s5MyApp9onOpenURL7performyyF",
        ]
        let slice = try #require(try MachOFile(data: image.build()).slices.first)
        #expect(slice.linkEvidence.map(\.name) == ["onContinueUserActivity", "onOpenURL"])
        #expect(slice.linkEvidence.allSatisfy { $0.kind == .receiver && $0.section == "LC_SYMTAB" })
    }

    @Test func readableSwiftTypeReferencesAreCheckedAndSymbolicReferencesSkipped() throws {
        var image = SyntheticImage()
        image.methodNames = []
        image.cStrings = []
        image.symbols = []
        // A symbolic reference (0x02 + 4 bytes, here containing NULs), then readable mangled text.
        let typeref =
            Data([0x02, 0x00, 0x00, 0x00, 0x00]) + Data("7SwiftUI4ViewPAAE9onOpenURL7performQr_Qo_".utf8) + Data([0])
            + Data([0x01, 0x10, 0x00, 0x00, 0x00]) + Data("openURL:".utf8) + Data([0])
        image.extraSections = [("__swift5_typeref", typeref), ("__swift5_reflstr", Data("url\0openURL:\0".utf8))]
        let slice = try #require(try MachOFile(data: image.build()).slices.first)
        let typeSection = try #require(slice.section("__TEXT", "__swift5_typeref"))
        let hits = slice.linkEvidence.map { "\($0.name) \($0.section) \($0.offset - Int(typeSection.sliceOffset))" }
        // The readable run after the symbolic reference starts at byte 5; `openURL:` in typeref is not a whole selector
        // string.
        #expect(hits.contains("onOpenURL __TEXT,__swift5_typeref 5"))
        #expect(slice.linkEvidence.filter { $0.section == "__TEXT,__swift5_typeref" }.count == 1)
        #expect(slice.linkEvidence.contains { $0.name == "openURL:" && $0.section == "__TEXT,__swift5_reflstr" })
    }

    @Test func evidenceEncodesAsJSON() throws {
        let evidence = LinkEvidence(
            kind: .webView, name: "WKWebView", section: "LC_SYMTAB", offset: 42, arch: "arm64",
            matchedString: "_OBJC_CLASS_$_WKWebView")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(evidence), as: UTF8.self)
        #expect(
            json == #"""
                {"arch":"arm64","kind":"webView","matchedString":"_OBJC_CLASS_$_WKWebView","name":"WKWebView",\#
                "offset":42,\#
                "section":"LC_SYMTAB"}
                """#)
    }

    @Test func thirtyTwoBitARMImageIsRead() throws {
        let section = ByteBuilder()
        let strings = Data("scene:openURLContexts:\0".utf8)
        // LC_SEGMENT (56 bytes) + one section (68 bytes) = 124 → padded to 124 (multiple of 4).
        let headerSize = 28
        let commandSize = 56 + 68
        let uuidSize = 24
        let stringsOffset = headerSize + commandSize + uuidSize
        section.u32(0x1).u32(UInt32(commandSize)).name("__TEXT").u32(0x4000).u32(0x1000).u32(0)
            .u32(UInt32(stringsOffset + strings.count))
            .u32(5).u32(5).u32(1).u32(0)
        section.name("__objc_methname").name("__TEXT").u32(0x4000 + UInt32(stringsOffset)).u32(UInt32(strings.count))
            .u32(UInt32(stringsOffset)).u32(0).u32(0).u32(0).u32(2).u32(0).u32(0)
        let image = ByteBuilder()
        image.u32(0xFEED_FACE).u32(12).u32(9).u32(2).u32(2).u32(UInt32(commandSize + uuidSize)).u32(0)
        image.bytes(section.data).u32(0x1B).u32(24).bytes(Array(repeating: 0x11, count: 16)).bytes(strings)
        let slice = try #require(try MachOFile(data: image.data).slices.first)
        #expect(slice.arch == "armv7" && !slice.is64Bit && slice.fileType == "execute")
        #expect(slice.uuid?.uuidString == "11111111-1111-1111-1111-111111111111")
        #expect(slice.linkEvidence.map(\.name) == ["scene:openURLContexts:"])
        #expect(slice.linkEvidence.first?.offset == stringsOffset)
        #expect(slice.problems.isEmpty)
    }

    @Test func fat64HeaderWithOneSliceIsRead() throws {
        let slice = SyntheticImage().build()
        let b = ByteBuilder()
        b.u32(0xCAFE_BABF, .big).u32(1, .big)
        b.u32(0x0100_000C, .big).u32(2, .big).u64(16384, .big).u64(UInt64(slice.count), .big).u32(14, .big).u32(0, .big)
        b.pad(to: 16384).bytes(slice)
        let file = try MachOFile(data: b.data)
        #expect(file.fatMagic == 0xCAFE_BABF)
        #expect(file.slices.first?.fileOffset == 16384)
        #expect(file.slices.first?.fatCPUSubtype == 2)
        #expect(file.slices.first?.codeSignature?.blobHashChecks.allSatisfy { $0.ok } == true)
    }
}
