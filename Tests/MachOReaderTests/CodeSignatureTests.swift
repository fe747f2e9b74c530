import Foundation
import MachOReader
import Testing

@Suite struct CodeSignatureTests {
    /// FIPS 180 "abc" known answers (checked with Python's hashlib).
    @Test(arguments: [
        (CodeSignatureHashType.sha1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (.sha256Truncated, "ba7816bf8f01cfea414140de5dae2223b00361a3"),
        (.sha384, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
    ])
    func digestsMatchKnownAnswers(type: CodeSignatureHashType, hex: String) {
        #expect(type.digest(Data("abc".utf8)).hexString == hex)
        #expect(type.digestSize * 2 == hex.count)
    }

    @Test(arguments: [CodeSignatureHashType.sha1, .sha256, .sha256Truncated, .sha384])
    func entitlementsHashesVerifyWithEveryHashType(type: CodeSignatureHashType) throws {
        var image = SyntheticImage()
        image.hashType = type
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        #expect(signature.primaryCodeDirectory?.hashType == type)
        #expect(signature.primaryCodeDirectory?.hashSize == type.digestSize)
        #expect(signature.blobHashChecks.map(\.status) == [.match, .match])
        #expect(signature.blobHashChecks.allSatisfy { $0.hashType == type.description })
        #expect(signature.diagnostics.isEmpty)
    }

    @Test func unknownHashTypeIsReportedNotGuessed() throws {
        var image = SyntheticImage()
        image.editSignature = { signature in
            // CodeDirectory is the first blob: header 12 + 5 index entries × 8 = 52; hashType at +37.
            signature[52 + 37] = 9
        }
        let signature = try #require(try MachOFile(data: image.build()).slices.first?.codeSignature)
        #expect(signature.primaryCodeDirectory?.hashType == nil)
        #expect(signature.primaryCodeDirectory?.hashTypeValue == 9)
        #expect(signature.blobHashChecks.map(\.status) == [.unsupportedHashType, .unsupportedHashType])
    }

    @Test func codeDirectoryFlagsAndTeamAreDecoded() throws {
        let directory =
            Synthetic.codeDirectory(
                identifier: "com.example.app", teamID: "ABCDE12345", flags: 0x3_0002,
                specialHashes: [:])
        let signature = try CodeSignature(reader: ByteReader(Synthetic.superBlob([(0, directory)])))
        let parsed = try #require(signature.primaryCodeDirectory)
        #expect(parsed.identifier == "com.example.app" && parsed.teamID == "ABCDE12345")
        #expect(parsed.isAdhoc && parsed.hasRuntime && parsed.isLinkerSigned)
        #expect(signature.entitlementsSource == "none" && signature.blobHashChecks.isEmpty)
        #expect(signature.cms == .absent && !signature.hasRequirements)
    }

    @Test func alternateCodeDirectoriesAreAllChecked() throws {
        let xml = Synthetic.blob(0xFADE_7171, Data("<plist><dict/></plist>".utf8))
        let sha1 =
            Synthetic.codeDirectory(
                identifier: "a", hashType: 1, hashSize: 20,
                specialHashes: [5: CodeSignatureHashType.sha1.digest(xml)])
        let sha256 = Synthetic.codeDirectory(identifier: "a", specialHashes: [5: Data(repeating: 1, count: 32)])
        let sha384 = Synthetic.codeDirectory(identifier: "a", hashType: 4, hashSize: 48, specialHashes: [:])
        let signature =
            try CodeSignature(
                reader: ByteReader(
                    Synthetic.superBlob([
                        (0, sha1), (5, xml), (0x1000, sha256),
                        (0x1001, sha384),
                    ])))
        #expect(signature.codeDirectories.map(\.slot) == [0, 0x1000, 0x1001])
        #expect(signature.blobHashChecks.map(\.status) == [.match, .mismatch, .missingHash])
        #expect(signature.xmlEntitlements == .dictionary([:]))
    }

    @Test func wrongMagicInAKnownSlotIsDiagnosed() throws {
        let signature =
            try CodeSignature(
                reader: ByteReader(
                    Synthetic.superBlob([
                        (
                            5,
                            Synthetic.blob(0xFADE_7172, Data([0x31, 0x00]))
                        )
                    ])))
        #expect(signature.entitlementsXML == nil)
        #expect(
            signature.diagnostics.first?
                .description.contains("holds magic 0xfade7172, expected 0xfade7171") == true)
    }

    @Test func duplicateSlotsKeepTheFirstBlob() throws {
        let first = Synthetic.blob(0xFADE_7171, Data("<plist><string>a</string></plist>".utf8))
        let second = Synthetic.blob(0xFADE_7171, Data("<plist><string>b</string></plist>".utf8))
        let signature = try CodeSignature(reader: ByteReader(Synthetic.superBlob([(5, first), (5, second)])))
        #expect(signature.xmlEntitlements == .string("a"))
        #expect(signature.diagnostics.count == 1)
    }
}

@Suite struct DylibCommandTests {
    static func dylib(_ cmd: UInt32, _ name: String, current: UInt32 = 0x0001_0203) -> Data {
        let payload = ByteBuilder()
        payload.u32(24).u32(2).u32(current).u32(0x0001_0000).bytes(Array(name.utf8) + [0])
        return Synthetic.command(cmd, payload.data)
    }

    @Test func everyDylibLinkKindIsRecognised() throws {
        let commands = [
            Self.dylib(0xC, "/usr/lib/libA.dylib"), Self.dylib(0x8000_0018, "/usr/lib/libWeak.dylib"),
            Self.dylib(0x8000_001F, "/usr/lib/libRe.dylib"), Self.dylib(0x20, "/usr/lib/libLazy.dylib"),
            Self.dylib(0x8000_0023, "/usr/lib/libUp.dylib"), Self.dylib(0xD, "@rpath/Me.framework/Me"),
        ]
        let slice = try #require(try MachOFile(data: Synthetic.thin64(fileType: 6, commands: commands)).slices.first)
        #expect(slice.fileType == "dylib")
        #expect(slice.linkedDylibs.map(\.kind) == [.load, .weak, .reexport, .lazy, .upward])
        #expect(
            slice.linkedDylibs.map(\.name) == [
                "/usr/lib/libA.dylib", "/usr/lib/libWeak.dylib",
                "/usr/lib/libRe.dylib", "/usr/lib/libLazy.dylib", "/usr/lib/libUp.dylib",
            ])
        #expect(slice.linkedDylibs.first?.currentVersion == "1.2.3")
        #expect(slice.linkedDylibs.first?.compatibilityVersion == "1.0")
        #expect(slice.installName == "@rpath/Me.framework/Me")
    }

    @Test func buildVersionWinsOverVersionMin() throws {
        let build = ByteBuilder()
        build.u32(2).u32(0x000F_0000).u32(0x0011_0200).u32(0)
        let versionMin = ByteBuilder()
        versionMin.u32(0x000C_0000).u32(0x000D_0000)
        let slice = try #require(
            try MachOFile(
                data: Synthetic.thin64(commands: [
                    Synthetic.command(0x32, build.data), Synthetic.command(0x25, versionMin.data),
                ])
            ).slices.first)
        #expect(slice.buildVersion?.source == "LC_BUILD_VERSION")
        #expect(slice.buildVersion?.minOS == "15.0" && slice.buildVersion?.sdk == "17.2")
    }
}
