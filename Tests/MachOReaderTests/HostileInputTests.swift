import Foundation
import MachOReader
import Testing

/// Crafted and truncated inputs: every one must end in a clean error or a partial result.
@Suite struct HostileInputTests {
    @Test func syntheticImageParsesAsDesigned() throws {
        let slice = try #require(try MachOFile(data: SyntheticImage().build()).slices.first)
        #expect(slice.problems.isEmpty)
        #expect(slice.codeSignature?.diagnostics == [])
        #expect(slice.codeSignature?.blobHashChecks.map(\.status) == [.match, .match])
        #expect(slice.codeSignature?.cms == .empty)
        #expect(slice.codeSignature?.entitlementsComparison?.agree == true)
        let found = slice.linkEvidence.map { "\($0.kind.rawValue) \($0.name) \($0.section)" }
        #expect(
            found == [
                "outgoing UIApplicationOpenURLOptionUniversalLinksOnly LC_SYMTAB",
                "outgoing canOpenURL: LC_SYMTAB",
                "outgoing openURL: __TEXT,__objc_methname",
                "receiver application:openURL:options: __TEXT,__objc_methname",
                "receiver onOpenURL LC_SYMTAB",
                "webView SFSafariViewController LC_SYMTAB",
            ])
    }

    @Test func everyPrefixOfASignedImageFailsCleanlyOrParsesPartially() {
        let image = SyntheticImage().build()
        var outcomes: [String: Int] = [:]
        for length in 0...image.count {
            do {
                let file = try MachOFile(data: image.prefix(length))
                let slice = file.slices[0]
                outcomes[slice.codeSignature == nil ? "partial" : "signed", default: 0] += 1
            } catch {
                outcomes["error", default: 0] += 1
            }
        }
        #expect(outcomes["error", default: 0] > 0)
        #expect(outcomes["partial", default: 0] > 0)
        #expect(outcomes["signed", default: 0] >= 1)
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("../app/LinkLab.app/Frameworks/LinkSDK.framework/LinkSDK"),
            "Tests/Fixtures/app/LinkLab.app/Frameworks/LinkSDK.framework/LinkSDK is missing (make-fixtures.sh makes it)"
        ))
    func prefixesOfASmallRealBinaryFailCleanlyOrParsePartially() throws {
        let data = try TestFiles.macho("../app/LinkLab.app/Frameworks/LinkSDK.framework/LinkSDK")
        let whole = try #require(try MachOFile(data: data).slices.first)
        let signature = try #require(whole.codeSignatureLocation)
        let symtab = try #require(whole.symbolTable)
        // Every length where parsing can change: the header and load commands, the whole code
        // signature, both sides of every section, symbol table and string table boundary, and
        // every 61st length elsewhere (every length of a 51 KB file takes ~6 s in debug builds).
        var lengths = Set(0...(32 + whole.loadCommands.reduce(0) { $0 + $1.size } + 8))
        lengths.formUnion(signature.sliceOffset...data.count)
        var boundaries = [
            symtab.symbolOffset, symtab.symbolOffset + 16 * symtab.symbolCount,
            symtab.stringTableOffset, symtab.stringTableOffset + symtab.stringTableSize,
        ]
        for section in whole.sections where !section.isZeroFill {
            boundaries += [Int(section.sliceOffset), Int(section.sliceOffset) + Int(section.size)]
        }
        for boundary in boundaries { lengths.formUnion((boundary - 2)...(boundary + 2)) }
        // MACHO_EXHAUSTIVE=1 checks every length (run before changing the parser).
        let step = ProcessInfo.processInfo.environment["MACHO_EXHAUSTIVE"] == "1" ? 1 : 61
        lengths.formUnion(stride(from: 0, through: data.count, by: step))
        var outcomes: [String: Int] = [:]
        for length in lengths.sorted() where length >= 0 && length <= data.count {
            guard let slice = try? MachOFile(data: data.prefix(length)).slices.first else {
                outcomes["error", default: 0] += 1
                continue
            }
            outcomes[slice.codeSignature == nil ? "partial" : "signed", default: 0] += 1
            if length < data.count, slice.hasCodeSignature, length > signature.sliceOffset {
                #expect(slice.problems.contains { $0.description.contains("runs past the end of the image") })
            }
            if length < signature.sliceOffset + 12 { #expect(slice.codeSignature == nil) }
        }
        #expect(outcomes["error", default: 0] > 1000)
        #expect(outcomes["partial", default: 0] > 500)
        // Truncated inside the signature: the SuperBlob parses as far as its bytes go.
        #expect(outcomes["signed", default: 0] > 500)
    }

    @Test(arguments: [
        (Data(), "empty"),
        (Data([0xCF, 0xFA, 0xED]), "three bytes of magic"),
        (Data("#!/bin/sh\n".utf8), "script"),
        (Data([0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x34, 0, 0, 0, 0]), "Java 8 class file"),
        (Data([0xCA, 0xFE, 0xBA, 0xBE, 0xFF, 0xFF, 0xFF, 0xFF]), "huge nfat_arch"),
        (Data([0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x00]), "zero nfat_arch"),
        (Data([0xCA, 0xFE, 0xBA, 0xBF, 0x00, 0x00, 0x00, 0x02]), "fat 64 header truncated"),
    ])
    func unreadableContainersThrow(data: Data, why: String) {
        #expect(throws: MachOError.self, "\(why)") { try MachOFile(data: data) }
    }

    @Test func javaClassFileIsNamedAsSuch() {
        let java = Data([0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x41, 0, 0, 0, 0])
        #expect(throws: MachOError.implausibleFatHeader(archCount: 65, limit: 30)) { try MachOFile(data: java) }
    }

    static func fat(_ entries: [(offset: UInt32, size: UInt32)], total: Int, slice: Data) -> Data {
        let b = ByteBuilder()
        b.u32(0xCAFE_BABE, .big).u32(UInt32(entries.count), .big)
        for entry in entries {
            b.u32(0x0100_000C, .big).u32(0, .big).u32(entry.offset, .big).u32(entry.size, .big).u32(12, .big)
        }
        b.pad(to: 4096).bytes(slice).pad(to: total)
        return b.data
    }

    @Test func fatSlicesOutsideTheFileOrOverlappingAreRejected() {
        let slice = SyntheticImage().build()
        let size = UInt32(slice.count)
        #expect(throws: MachOError.self) {
            try MachOFile(data: Self.fat([(4096, size + 1)], total: 4096 + slice.count, slice: slice))
        }
        #expect(throws: MachOError.self) {
            try MachOFile(data: Self.fat([(UInt32.max - 10, 100)], total: 8192, slice: slice))
        }
        #expect(throws: MachOError.self) { try MachOFile(data: Self.fat([(8, size)], total: 8192, slice: slice)) }
        #expect(throws: MachOError.self) {
            try MachOFile(data: Self.fat([(4096, size), (4100, size - 4)], total: 4096 + slice.count, slice: slice))
        }
        let good = try? MachOFile(data: Self.fat([(4096, size)], total: 4096 + slice.count, slice: slice))
        #expect(good?.slices.first?.fileOffset == 4096)
        #expect(good?.slices.first?.linkEvidence.first?.offset ?? 0 > 4096)
    }

    @Test func fatFileKeepsGoodSlicesAndReportsBadOnes() throws {
        let slice = SyntheticImage().build()
        let b = ByteBuilder()
        b.u32(0xCAFE_BABE, .big).u32(2, .big)
        b.u32(0x0100_000C, .big).u32(0, .big).u32(4096, .big).u32(UInt32(slice.count), .big).u32(12, .big)
        b.u32(0x0100_0007, .big).u32(3, .big).u32(16384, .big).u32(64, .big).u32(12, .big)
        b.pad(to: 4096).bytes(slice).pad(to: 16384).bytes(Data(repeating: 0xEE, count: 64))
        let file = try MachOFile(data: b.data)
        #expect(file.slices.count == 1)
        #expect(file.problems == [.notMachO(magic: 0xEEEE_EEEE)])
    }

    static func header(ncmds: UInt32, sizeofcmds: UInt32, commands: Data, total: Int = 256) -> Data {
        let b = ByteBuilder()
        b.u32(0xFEED_FACF).u32(0x0100_000C).u32(0).u32(2).u32(ncmds).u32(sizeofcmds).u32(0).u32(0).bytes(commands)
            .pad(to: total)
        return b.data
    }

    @Test func loadCommandTableAbuseIsRejectedWithTheOffset() {
        let uuid = Synthetic.command(0x1B, Data(count: 16))
        #expect(throws: MachOError.limitExceeded(offset: 16, what: "ncmds", value: 0xFFFF_FFFF, limit: 10_000)) {
            try MachOFile(data: Self.header(ncmds: 0xFFFF_FFFF, sizeofcmds: 24, commands: uuid))
        }
        #expect(
            throws: MachOError.malformed(
                offset: 20,
                reason: "sizeofcmds 100000 runs past the end of the image (256 bytes)")
        ) {
            try MachOFile(data: Self.header(ncmds: 1, sizeofcmds: 100_000, commands: uuid))
        }
        #expect(throws: MachOError.malformed(offset: 32, reason: "load command 0 has cmdsize 0 (minimum 8)")) {
            try MachOFile(
                data: Self.header(
                    ncmds: 1, sizeofcmds: 24,
                    commands: Synthetic.command(0x1B, Data(count: 16), cmdsize: 0)))
        }
        #expect(throws: MachOError.malformed(offset: 32, reason: "load command 0 cmdsize 20 is not a multiple of 8")) {
            try MachOFile(
                data: Self.header(
                    ncmds: 1, sizeofcmds: 24,
                    commands: Synthetic.command(0x1B, Data(count: 16), cmdsize: 20)))
        }
        #expect(
            throws: MachOError.malformed(
                offset: 32,
                reason: "load command 0 (cmdsize 4096) runs past sizeofcmds")
        ) {
            try MachOFile(
                data: Self.header(
                    ncmds: 1, sizeofcmds: 24,
                    commands: Synthetic.command(0x1B, Data(count: 16), cmdsize: 4096)))
        }
        #expect(throws: MachOError.malformed(offset: 16, reason: "4 load commands cannot fit in sizeofcmds 24")) {
            try MachOFile(data: Self.header(ncmds: 4, sizeofcmds: 24, commands: uuid))
        }
        // Two commands declared, one present: the second read runs into zero padding (cmdsize 0).
        #expect(throws: MachOError.self) { try MachOFile(data: Self.header(ncmds: 2, sizeofcmds: 48, commands: uuid)) }
    }

    @Test func badCommandContentsBecomeProblemsNotFailures() throws {
        let segment = ByteBuilder()
        // 1000 sections, none present
        segment.name("__TEXT").u64(0).u64(0).u64(0).u64(0).u32(5).u32(5).u32(1000).u32(0)
        let dylib = ByteBuilder()
        dylib.u32(4000).u32(0).u32(0).u32(0)  // name offset beyond the command
        let symtab = ByteBuilder()
        symtab.u32(0xFFFF_FF00).u32(10).u32(0xFFFF_FF00).u32(100)  // outside the file
        let signature = Synthetic.codeSignatureCommand(dataoff: 0x7FFF_FFFF, datasize: 64)
        let commands = [
            Synthetic.command(0x19, segment.data), Synthetic.command(0xC, dylib.data),
            Synthetic.command(0x2, symtab.data), signature,
        ]
        let slice =
            try #require(
                try MachOFile(
                    data: Synthetic.thin64(
                        commands: commands,
                        trailer: Data(count: 64))
                ).slices.first)
        #expect(slice.loadCommands.count == 4)
        #expect(slice.segments.isEmpty && slice.linkedDylibs.isEmpty && slice.symbols.isEmpty)
        #expect(slice.problems.count == 3)
        #expect(slice.problems.first?.description.contains("claims 1000 sections") == true)
        #expect(slice.signatureError?.contains("LC_CODE_SIGNATURE data") == true)
        #expect(slice.codeSignature == nil)
    }

    @Test func superBlobWithHugeCountOrBadLengthIsReported() {
        var image = SyntheticImage()
        image.editSignature = { $0.replaceSubrange(8..<12, with: [0x7F, 0xFF, 0xFF, 0xFF]) }
        let huge = try? MachOFile(data: image.build()).slices.first
        #expect(huge?.codeSignature == nil)
        #expect(huge?.signatureError?.contains("SuperBlob blob count") == true)
        #expect(huge?.linkEvidence.isEmpty == false)

        image.editSignature = { $0.replaceSubrange(4..<8, with: [0x00, 0x00, 0x00, 0x04]) }
        #expect(
            (try? MachOFile(data: image.build()).slices.first)?.signatureError?
                .contains("smaller than its header") == true)

        image.editSignature = { $0.replaceSubrange(0..<4, with: [0xFA, 0xDE, 0x0C, 0x02]) }
        #expect(
            (try? MachOFile(data: image.build()).slices.first)?.signatureError?
                .contains("does not start with a SuperBlob") == true)
    }

    @Test func superBlobLengthBeyondDatasizeIsClampedWithADiagnostic() throws {
        var image = SyntheticImage()
        image.editSignature = { $0.replaceSubrange(4..<8, with: [0x00, 0x10, 0x00, 0x00]) }
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        #expect(signature.diagnostics.first?.description.contains("exceeds LC_CODE_SIGNATURE datasize") == true)
        #expect(signature.codeDirectories.count == 1)
    }

    @Test func blobOffsetsOutsideTheSuperBlobAreDiagnosedAndSkipped() throws {
        var image = SyntheticImage()
        // Index entry 2 (slot 5, XML) → offset far outside.
        image.editSignature = { $0.replaceSubrange(12 + 2 * 8 + 4..<12 + 2 * 8 + 8, with: [0x00, 0xFF, 0xFF, 0x00]) }
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        #expect(signature.entitlementsXML == nil)
        #expect(signature.derEntitlements != nil)
        #expect(signature.blobHashChecks.first { $0.slot == 5 }?.status == .missingBlob)
        #expect(signature.diagnostics.contains { $0.description.contains("blob magic (slot 0x5)") })
    }

    @Test func codeDirectoryHashOffsetUnderflowIsDiagnosed() throws {
        var image = SyntheticImage()
        image.codeDirectoryOptions = (hashOffset: 40, nSpecial: 7)
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        #expect(signature.codeDirectories.first?.specialSlotHashes.isEmpty == true)
        #expect(signature.diagnostics.contains { $0.description.contains("would overlap the CodeDirectory header") })
        #expect(signature.blobHashChecks.map(\.status) == [.missingHash, .missingHash])
        #expect(!signature.entitlementsHashesMatch)
    }

    @Test func codeDirectoryWithHugeSpecialSlotCountIsCapped() throws {
        var image = SyntheticImage()
        image.codeDirectoryOptions = (hashOffset: nil, nSpecial: 0xFFFF_FFFF)
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        #expect(signature.diagnostics.contains { $0.description.contains("nSpecialSlots") })
    }

    @Test func tamperedEntitlementsAreReportedAsHashMismatch() throws {
        var image = SyntheticImage()
        image.hashOverrides = [5: Data(repeating: 0xAB, count: 32)]
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        let check = try #require(signature.blobHashChecks.first { $0.slot == 5 })
        #expect(check.status == .mismatch && !check.ok)
        #expect(check.expected == String(repeating: "ab", count: 32))
        #expect(
            signature.diagnostics.contains { $0.description.contains("XML entitlements (slot 5) hash does not match") })
    }

    @Test func malformedXMLEntitlementsKeepTheBytesAndExplain() throws {
        var image = SyntheticImage()
        image.entitlementsXML = Data("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8)
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        #expect(signature.entitlementsXML != nil && signature.xmlEntitlements == nil)
        #expect(signature.entitlements == .dictionary(["get-task-allow": .bool(true)]))  // falls back to DER
        #expect(signature.diagnostics.contains { if case .invalidPlist = $0 { true } else { false } })
        #expect(signature.entitlementsComparison == nil)
    }

    @Test func malformedDEREntitlementsKeepTheBytesAndExplain() throws {
        var image = SyntheticImage()
        image.entitlementsDER = Data([0x70, 0x05, 0x02, 0x01, 0x01, 0xB0])
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        #expect(signature.entitlementsDER?.count == 6 && signature.derEntitlements == nil)
        #expect(signature.diagnostics.contains { if case .invalidDER = $0 { true } else { false } })
        #expect(signature.blobHashChecks.map(\.status) == [.match, .match])
    }

    @Test func symbolNamesOutsideTheStringTableAreCountedNotTrusted() throws {
        var image = SyntheticImage()
        image.symbols = ["_main"]
        var data = image.build()
        let slice = try #require(try MachOFile(data: data).slices.first)
        let symtab = try #require(slice.symbolTable)
        data.replaceSubrange(symtab.symbolOffset..<symtab.symbolOffset + 4, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let damaged = try #require(try MachOFile(data: data).slices.first)
        #expect(damaged.symbols.isEmpty)
        #expect(damaged.problems.first?.description.contains("1 symbol names lie outside the string table") == true)
    }

    @Test func sectionPointingOutsideTheFileMakesTheScanUnreliable() throws {
        var data = SyntheticImage().build()
        // First section header of the __TEXT segment: header 32 + segment command 72; `offset` at +48.
        let offsetField = 32 + 72 + 48
        data.replaceSubrange(offsetField..<offsetField + 4, with: [0x00, 0x00, 0x00, 0x7F])
        let slice = try #require(try MachOFile(data: data).slices.first)
        #expect(!slice.linkScan.isReliable)
        #expect(slice.linkScan.notes == ["__TEXT,__objc_methname lies outside the file; not scanned"])
        #expect(!slice.linkEvidence.contains { $0.section == "__TEXT,__objc_methname" })
        #expect(slice.linkEvidence.contains { $0.section == "LC_SYMTAB" })
    }

    @Test func symbolCapTruncatesWithAProblem() throws {
        var limits = MachOLimits()
        limits.maxSymbols = 2
        let slice = try #require(try MachOFile(data: SyntheticImage().build(), limits: limits).slices.first)
        #expect(slice.symbols.count == 2)
        #expect(slice.problems.contains { if case .limitExceeded(_, "nsyms", 5, 2) = $0 { true } else { false } })
    }
}
