import Foundation
import MachOReader
import TestSupport
import Testing

/// Our side of the MachOKit cross-check (Tests/AppTests/MachOKitCrossCheckTests.swift on macOS):
/// the summary of each fixture, checked against the facts other tools read (Tests/Fixtures/EXPECTED.md).
@Suite struct MachOSummaryTests {
    static let dylibs = [
        "load /System/Library/Frameworks/UIKit.framework/UIKit",
        "load /System/Library/Frameworks/WebKit.framework/WebKit",
        "load /usr/lib/libSystem.B.dylib", "load /usr/lib/libobjc.A.dylib",
    ]
    static let arm64: Int32 = 0x0100_000C, x86_64: Int32 = 0x0100_0007

    private func summary(_ name: String) throws -> MachOSummary {
        try MachOSummary(data: try Fixtures.data("macho/\(name)"))
    }

    @Test func thinSignedSliceHasItsHeaderBuildVersionDylibsBlobsAndEncryption() throws {
        let slices = try summary("arm64-applinks-der.bin").slices
        #expect(slices.count == 1)
        let slice = try #require(slices.first)
        #expect(slice.cpuType == Self.arm64 && slice.cpuSubtype == 0 && slice.fileType == 2)
        #expect(slice.platform == 2 && slice.minimumOS == "15.0")
        #expect(slice.dylibs == Self.dylibs)
        let xml = try #require(slice.entitlementsXML)
        #expect(String(decoding: xml, as: UTF8.self).hasPrefix("<?xml"))
        #expect(xml.count == 650 - 8)
        let der = try #require(slice.entitlementsDER)
        #expect(der.count == 309 - 8 && der.first == 0x70)
        #expect(slice.codeDirectories == [.init(identifier: "com.example.linklab", teamID: nil, hashType: 2)])
        #expect(slice.encryption == .init(offset: 16384, size: 16384, id: 0))
    }

    @Test func teamEncryptionFatAndUnsignedSlices() throws {
        #expect(try summary("arm64-dev-signed.bin").slices.first?.codeDirectories.first?.teamID == "ABCDE12345")
        #expect(try summary("encrypted-cryptid1.bin").slices.first?.encryption?.id == 1)
        let fat = try summary("fat-arm64-x86_64.bin").slices
        #expect(fat.map(\.cpuType) == [Self.x86_64, Self.arm64])
        #expect(fat.map(\.platform) == [7, 2])
        #expect(fat[0].entitlementsXML == nil && fat[0].codeDirectories.isEmpty)
        #expect(fat[1] == (try summary("arm64-applinks-der.bin")).slices[0])
        // FAT_MAGIC_64: the same layout, but its x86_64 slice is signed (ad hoc, no entitlements).
        let fat64 = try summary("fat64-arm64-x86_64.bin").slices
        #expect(fat64.map(\.cpuType) == [Self.x86_64, Self.arm64])
        #expect(fat64[0].codeDirectories == [.init(identifier: "com.example.linklab", teamID: nil, hashType: 2)])
        #expect(fat64[0].entitlementsXML == nil && fat64[0].entitlementsDER == nil)
        #expect(fat64[1] == fat[1])
        let unsigned = try #require(try summary("unsigned-arm64.bin").slices.first)
        #expect(unsigned.entitlementsXML == nil && unsigned.entitlementsDER == nil && unsigned.codeDirectories.isEmpty)
    }

    @Test func differencesNameTheFieldAndBothValues() throws {
        let ours = try summary("arm64-applinks-der.bin")
        #expect(MachOSummary.differences(ours, ours).isEmpty)
        var theirs = ours
        theirs.slices[0].minimumOS = "15.1"
        theirs.slices[0].entitlementsDER = Data([0x70, 0x01])
        theirs.slices[0].encryption = nil
        #expect(
            MachOSummary.differences(ours, theirs) == [
                "slice 0 minimumOS: ours 15.0, theirs 15.1",
                "slice 0 entitlementsDER: ours 301 bytes \(MachOSummary.blobHex(ours.slices[0].entitlementsDER, 32))…, "
                    + "theirs 2 bytes 7001",
                "slice 0 encryption: ours cryptoff 16384 cryptsize 16384 cryptid 0, theirs none",
            ])
        #expect(MachOSummary.differences(ours, MachOSummary(slices: [])) == ["slice count: ours 1, theirs 0"])
        #expect(MachOSummary.versionString(major: 17, minor: 2, patch: 1) == "17.2.1")
        #expect(MachOSummary.versionString(major: 15, minor: 0, patch: 0) == "15.0")
    }

    @Test func everyMachOFixtureEitherSummarisesOrFailsCleanly() throws {
        let folder = Fixtures.url("macho")
        var read = 0
        var refused = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            do {
                _ = try MachOSummary(data: data)
                read += 1
            } catch {
                refused += 1
                #expect(!error.description.isEmpty, "\(name): a MachOError that says nothing")
            }
        }
        #expect(read > 0 && refused > 0, "read \(read), refused \(refused): the fixtures hold both kinds")
    }
}

/// What the Mac cross-check gives MachOKit: every Mach-O in the repository our reader reads
/// without a problem; the malformed fixtures are kept from it.
@Suite struct MachOSummaryWellFormedTests {
    @Test func theMalformedFixturesAreExactlyTheOnesKeptFromASecondReader() throws {
        let folder = Fixtures.url("macho")
        var kept: [String] = []
        var compared = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            if let summary = MachOSummary.wellFormed(data) {
                #expect(summary == (try MachOSummary(data: data)), "\(name)")
                compared += 1
            } else {
                kept.append(name)
            }
        }
        #expect(
            kept == [
                "cmdsize-zero.bin", "not-macho-java-class.bin", "signature-out-of-range.bin",
                "truncated-load-commands.bin",
            ])
        #expect(compared == 12)
    }
}
