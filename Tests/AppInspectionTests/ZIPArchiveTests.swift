import Foundation
import MachOReader
import TestSupport
import Testing

@testable import AppInspection

/// The ZIP layer on archives built byte by byte.
@Suite struct ZIPArchiveTests {
    static let info = ZIPBuilder.infoPlist(["CFBundleIdentifier": "com.example.stored", "CFBundleExecutable": "Stored"])

    static func inspect(_ builder: ZIPBuilder, limits: ZIPLimits = ZIPLimits()) throws(InspectionError) -> AppSnapshot {
        try AppInspector(limits: limits).inspect(data: builder.build(), name: "test.ipa")
    }

    @Test func storedEntriesAreReadWithTheirCRC() throws {
        var zip = ZIPBuilder()
        zip.add("Payload/Stored.app/Info.plist", Self.info)
        let snapshot = try Self.inspect(zip)
        #expect(snapshot.mainBundle?.bundleIdentifier == "com.example.stored")
        #expect(snapshot.diagnostics.contains { $0.id == "bundle.missing-executable" })
    }

    @Test func zip64RecordsAndExtraFieldsAreFollowed() throws {
        var zip = ZIPBuilder()
        zip.zip64EndRecord = true
        zip.add("Payload/Stored.app/Info.plist", Self.info, forceZIP64: true)
        #expect(try Self.inspect(zip).mainBundle?.bundleIdentifier == "com.example.stored")
    }

    @Test func crcMismatchIsAnError() {
        var zip = ZIPBuilder()
        zip.add("Payload/Stored.app/Info.plist", Self.info, crc: 0xDEAD_BEEF)
        #expect(
            throws: InspectionError.corruptEntry(
                name: "Payload/Stored.app/Info.plist",
                reason: "CRC-32 mismatch")
        ) {
            try Self.inspect(zip)
        }
    }

    @Test func localHeaderNamingAnotherFileIsAnError() {
        var zip = ZIPBuilder()
        zip.add("Payload/Stored.app/Info.plist", Self.info, localName: "Payload/Stored.app/Other.plis")
        #expect {
            try Self.inspect(zip)
        } throws: { error in
            guard case .malformedArchive(let reason, _) = error as? InspectionError else { return false }
            return reason.contains("different file")
        }
    }

    @Test(arguments: ["Payload\\..\\evil", "C:/evil", "Payload/A.app/../../x", "/etc/passwd"])
    func unsafeNamesAreRefused(_ name: String) {
        var zip = ZIPBuilder()
        zip.add("Payload/Stored.app/Info.plist", Self.info)
        zip.add(name, Data("x".utf8))
        #expect {
            try Self.inspect(zip)
        } throws: { error in
            guard case .unsafeEntryName = error as? InspectionError else { return false }
            return true
        }
    }

    @Test func entryCountLimitIsEnforced() {
        var zip = ZIPBuilder()
        for index in 0..<5 { zip.add("Payload/Stored.app/f\(index)", Data()) }
        var limits = ZIPLimits()
        limits.maxEntries = 3
        #expect(throws: InspectionError.limitExceeded(what: "archive entry count", limit: 3, actual: 5)) {
            try Self.inspect(zip, limits: limits)
        }
    }

    @Test func entryNameLengthLimitIsEnforced() {
        var zip = ZIPBuilder()
        zip.add("Payload/" + String(repeating: "a", count: 2_000), Data())
        #expect {
            try Self.inspect(zip)
        } throws: { error in
            guard case .limitExceeded = error as? InspectionError else { return false }
            return true
        }
    }

    @Test func executableNameThatEscapesTheBundleIsNotRead() throws {
        var zip = ZIPBuilder()
        zip.add(
            "Payload/Stored.app/Info.plist",
            ZIPBuilder.infoPlist(["CFBundleIdentifier": "com.example.stored", "CFBundleExecutable": "../../Other"]))
        let app = try #require(try Self.inspect(zip).mainBundle)
        #expect(app.diagnostics.contains { $0.id == "plist.unsafe-executable-name" })
        #expect(app.slices.isEmpty)
    }

    @Test func shallowestAppUnderPayloadIsTheMainApp() throws {
        var zip = ZIPBuilder()
        zip.add("Top/Payload/Deep.app/Info.plist", ZIPBuilder.infoPlist(["CFBundleIdentifier": "deep"]))
        zip.add("Payload/Main.app/Info.plist", ZIPBuilder.infoPlist(["CFBundleIdentifier": "main"]))
        zip.add("Payload/Main.app/PlugIns/Ext.appex/Info.plist", ZIPBuilder.infoPlist(["CFBundleIdentifier": "ext"]))
        zip.add("__MACOSX/Payload/._Main.app", Data([0x00, 0x05, 0x16, 0x07]))
        let snapshot = try Self.inspect(zip)
        #expect(snapshot.bundles.map(\.bundleIdentifier) == ["main", "ext"])
        #expect(snapshot.diagnostics.contains { $0.id == "ipa.multiple-apps" })
    }

    @Test func appStoreDownloadIsNoted() throws {
        var zip = ZIPBuilder()
        zip.add("Payload/Stored.app/Info.plist", Self.info)
        zip.add("Payload/Stored.app/SC_Info/Stored.sinf", Data([1, 2, 3]))
        let app = try #require(try Self.inspect(zip).mainBundle)
        #expect(app.isAppStoreDownload)
    }

    @Test func emptyArchiveHasNoApp() {
        #expect(throws: InspectionError.noAppBundle(path: "test.ipa")) {
            try Self.inspect(ZIPBuilder())
        }
    }

    @Test func malformedProfileIsADiagnostic() throws {
        var zip = ZIPBuilder()
        zip.add("Payload/Stored.app/Info.plist", Self.info)
        zip.add("Payload/Stored.app/embedded.mobileprovision", Data([0x30, 0x80, 0x06, 0x09, 0x2A]))
        let app = try #require(try Self.inspect(zip).mainBundle)
        #expect(app.provisioningProfile == nil)
        #expect(app.diagnostics.contains { $0.id == "profile.malformed" })
    }
}

/// Large executables are loaded without copying their machine code.
@Suite struct SparseExecutableTests {
    @Test func sparseLoadKeepsEverythingTheReaderNeeds() throws {
        let original = try Fixtures.data("macho/arm64-applinks-der.bin")
        let buffer = SparseExecutableBuffer(size: original.count)
        for start in stride(from: 0, to: original.count, by: 4_096) {
            let chunk = [UInt8](original[start..<min(original.count, start + 4_096)])
            chunk.withUnsafeBufferPointer { #expect(buffer.write($0, at: UInt64(start))) }
        }
        let sparse = try MachOFile(data: buffer.data)
        let full = try MachOFile(data: original)
        let sparseSlice = try #require(sparse.slices.first)
        let fullSlice = try #require(full.slices.first)
        #expect(sparseSlice.codeSignature?.entitlements == fullSlice.codeSignature?.entitlements)
        #expect(sparseSlice.codeSignature?.blobHashChecks == fullSlice.codeSignature?.blobHashChecks)
        #expect(sparseSlice.linkEvidence == fullSlice.linkEvidence)
        // The instruction bytes were not copied.
        let text = try #require(fullSlice.section("__TEXT", "__text"))
        let range = Int(text.sliceOffset)..<(Int(text.sliceOffset) + Int(text.size))
        #expect(buffer.data[range].allSatisfy { $0 == 0 })
        #expect(!original[range].allSatisfy { $0 == 0 })
    }

    @Test func sparseLoadCopiesOnlyTheRangesTheReaderReads() throws {
        // Memory must not grow with data sections either (unwind info, constants, fixups):
        // only headers, load commands, signature, symbol/string tables and scanned sections count.
        let original = try Fixtures.data("macho/arm64-applinks-der.bin")
        let buffer = SparseExecutableBuffer(size: original.count)
        [UInt8](original).withUnsafeBufferPointer { #expect(buffer.write($0, at: 0)) }
        let full = try #require(try MachOFile(data: original).slices.first)
        for name in ["__unwind_info", "__eh_frame", "__stubs"] {
            let section = try #require(full.sections.first { $0.name == name })
            let range = Int(section.sliceOffset)..<(Int(section.sliceOffset) + Int(section.size))
            #expect(!original[range].allSatisfy { $0 == 0 })
            #expect(buffer.data[range].allSatisfy { $0 == 0 }, "\(name) was copied")
        }
        #expect(buffer.copiedBytes < original.count / 2, "copied \(buffer.copiedBytes) of \(original.count) bytes")
        let sparse = try #require(try MachOFile(data: buffer.data).slices.first)
        #expect(sparse.linkEvidence == full.linkEvidence)
        #expect(sparse.symbols == full.symbols)
    }

    @Test func writesPastTheDeclaredSizeAreRefused() {
        let buffer = SparseExecutableBuffer(size: 4)
        [UInt8](repeating: 1, count: 8).withUnsafeBufferPointer { #expect(!buffer.write($0, at: 0)) }
    }
}

/// Duplicate names and unpacked folders with links.
@Suite struct BundleTreeTests {
    @Test func duplicateEntryNamesAreADiagnostic() throws {
        var zip = ZIPBuilder()
        zip.add("Payload/Stored.app/Info.plist", ZIPBuilder.infoPlist(["CFBundleIdentifier": "first"]))
        zip.add("Payload/Stored.app/Info.plist", ZIPBuilder.infoPlist(["CFBundleIdentifier": "second"]))
        let snapshot = try AppInspector().inspect(data: zip.build())
        #expect(snapshot.mainBundle?.bundleIdentifier == "first")
        #expect(snapshot.diagnostics.contains { $0.id == "ipa.duplicate-entry" })
    }

    @Test func folderSymlinksLeavingTheBundleAreNotFollowed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-\(UUID().uuidString)")
        let app = root.appendingPathComponent("Link.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try ZIPBuilder.infoPlist(["CFBundleIdentifier": "com.example.link", "CFBundleExecutable": "Link"])
            .write(to: app.appendingPathComponent("Info.plist"))
        let outside = root.appendingPathComponent("outside.bin")
        try Data("secret".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: app.appendingPathComponent("Link"), withDestinationURL: outside)
        let snapshot = try AppInspector.inspect(at: app)
        let bundle = try #require(snapshot.mainBundle)
        #expect(bundle.bundleIdentifier == "com.example.link")
        #expect(bundle.slices.isEmpty)
        #expect(snapshot.diagnostics.contains { $0.id == "folder.skipped" && $0.path == "Link.app/Link" })
        #expect(snapshot.diagnostics.contains { $0.id == "bundle.missing-executable" })
    }
}

/// Hostile fat headers fed to the sparse loader.
@Suite struct SparseExecutableHostileTests {
    @Test(arguments: [UInt64.max, UInt64(Int.max), 1 << 40, 7])
    func fatSliceOffsetsOutsideTheFileAreIgnored(_ offset: UInt64) {
        var header = Data([0xCA, 0xFE, 0xBA, 0xBF, 0, 0, 0, 1])
        header.append(contentsOf: [0x01, 0, 0, 0x0C, 0, 0, 0, 0])
        for shift in stride(from: 56, through: 0, by: -8) { header.append(UInt8((offset >> UInt64(shift)) & 0xFF)) }
        header.append(contentsOf: [UInt8](repeating: 0xFF, count: 16))
        let buffer = SparseExecutableBuffer(size: header.count + 64)
        [UInt8](header).withUnsafeBufferPointer { #expect(buffer.write($0, at: 0)) }
    }
}

/// The time bound across all entries read from one archive.
@Suite struct InflateBudgetTests {
    @Test func totalInflatedBytesAreCapped() {
        var zip = ZIPBuilder()
        zip.add(
            "Payload/Stored.app/Info.plist",
            ZIPBuilder.infoPlist(["CFBundleIdentifier": "a", "CFBundleExecutable": "Stored"]))
        zip.add("Payload/Stored.app/Stored", Data(repeating: 0x41, count: 4_096))
        var limits = ZIPLimits()
        limits.maxInflatedBytesPerInspection = 1_000
        #expect {
            try AppInspector(limits: limits).inspect(data: zip.build())
        } throws: { error in
            guard case .limitExceeded(let what, _, _) = error as? InspectionError else { return false }
            return what.contains("total bytes inflated")
        }
    }
}

/// Real IPAs hold tens of thousands of files (asset catalogs, localisations).
@Suite struct LargeArchiveTests {
    @Test func fiftyThousandEntriesAreListedAndOnlyTheNeededOnesRead() throws {
        var zip = ZIPBuilder()
        zip.add("Payload/Big.app/Info.plist", ZIPBuilder.infoPlist(["CFBundleIdentifier": "com.example.big"]))
        for index in 0..<50_000 {
            zip.add("Payload/Big.app/Assets/\(index / 1_000)/image-\(index).png", Data())
        }
        let snapshot = try AppInspector().inspect(data: zip.build())
        #expect(snapshot.mainBundle?.bundleIdentifier == "com.example.big")
        #expect(snapshot.bundles.count == 1)
    }
}
