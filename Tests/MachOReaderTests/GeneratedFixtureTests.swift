import Foundation
import MachOReader
import Testing

/// The signed iOS fixtures under `Tests/Fixtures/macho/` (facts in `Tests/Fixtures/EXPECTED.md`,
/// read back with llvm-objdump, ktool and openssl by the fixture generator).
@Suite struct GeneratedFixtureTests {
    static let associatedDomains: PlistValue = .array([
        .string("applinks:example.com"), .string("applinks:*.example.org"),
        .string("webcredentials:example.com"), .string("applinks:dev.example.com?mode=developer"),
    ])

    static let linkLabEntitlements: PlistValue = .dictionary([
        "application-identifier": .string("ABCDE12345.com.example.linklab"),
        "com.apple.developer.associated-domains": associatedDomains,
        "com.apple.developer.team-identifier": .string("ABCDE12345"),
        "get-task-allow": .bool(true),
    ])

    /// Evidence every build of the LinkLab program carries: (kind, name, section, slice offset or nil for LC_SYMTAB).
    static let linkLabEvidence: [(LinkEvidenceKind, String, String, Int?)] = [
        (.webView, "loadRequest:", "__TEXT,__objc_methname", 16608),
        (.outgoing, "openURL:options:completionHandler:", "__TEXT,__objc_methname", 16621),
        (.receiver, "application:continueUserActivity:restorationHandler:", "__TEXT,__objc_methname", 16699),
        (.receiver, "scene:continueUserActivity:", "__TEXT,__objc_methname", 16752),
        (.receiver, "scene:willConnectToSession:options:", "__TEXT,__objc_methname", 16780),
        (.webView, "WKWebView", "__TEXT,__objc_classname", 16842),
        (.webView, "WKWebView", "LC_SYMTAB", nil),
        (.outgoing, "UIApplicationOpenURLOptionUniversalLinksOnly", "LC_SYMTAB", nil),
        (.webView, "loadRequest:", "LC_SYMTAB", nil),
        (.outgoing, "openURL:options:completionHandler:", "LC_SYMTAB", nil),
    ]

    static func expectLinkLabEvidence(_ slice: MachOSlice, sliceToFile: Int) {
        for (kind, name, section, offset) in linkLabEvidence {
            let hit = slice.linkEvidence.first { $0.kind == kind && $0.name == name && $0.section == section }
            #expect(hit != nil, "missing \(name) in \(section)")
            if let offset { #expect(hit?.offset == offset + sliceToFile, "\(name) offset") }
        }
        #expect(slice.linkEvidence.count == linkLabEvidence.count)
        #expect(
            slice.linkScan.names(.receiver) == [
                "application:continueUserActivity:restorationHandler:", "scene:continueUserActivity:",
                "scene:willConnectToSession:options:",
            ])
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("arm64-applinks-der.bin"),
            "Tests/Fixtures/macho/arm64-applinks-der.bin is missing (scripts/fixtures/make-fixtures.sh makes it)"))
    func readsThinAdhocSliceWithXMLAndDEREntitlementsThatAgree() throws {
        let file = try MachOFile(data: try TestFiles.macho("arm64-applinks-der.bin"))
        let slice = try #require(file.slices.first)
        #expect(slice.arch == "arm64" && slice.fileType == "execute" && slice.loadCommands.count == 21)
        #expect(
            slice.buildVersion?.platformName == "ios" && slice.buildVersion?.minOS == "15.0"
                && slice.buildVersion?.sdk == "17.0")
        #expect(
            slice.linkedDylibs.map(\.name) == [
                "/System/Library/Frameworks/UIKit.framework/UIKit",
                "/System/Library/Frameworks/WebKit.framework/WebKit",
                "/usr/lib/libSystem.B.dylib", "/usr/lib/libobjc.A.dylib",
            ])
        #expect(slice.encryption?.cryptID == 0)
        #expect(slice.codeSignatureLocation?.sliceOffset == 66352)
        let signature = try #require(slice.codeSignature)
        #expect(signature.length == 1891)
        #expect(signature.blobs.map(\.slot) == [0, 2, 5, 7])
        #expect(signature.blobs.map(\.length) == [876, 12, 650, 309])
        let directory = try #require(signature.primaryCodeDirectory)
        #expect(directory.version == 0x20400 && directory.flags == 0x2 && directory.isAdhoc)
        #expect(
            directory.hashType == .sha256 && directory.identifier == "com.example.linklab" && directory.teamID == nil)
        #expect(directory.codeLimit == 66352 && directory.codeSlotCount == 17 && directory.pageSizeLog2 == 12)
        #expect(directory.specialSlotHashes.keys.sorted() == [2, 5, 7])
        #expect(signature.cms == .absent && !signature.hasCMS)
        #expect(signature.entitlementsSource == "xml+der")
        #expect(signature.xmlEntitlements == Self.linkLabEntitlements)
        #expect(signature.derEntitlements == Self.linkLabEntitlements)
        #expect(signature.entitlementsComparison?.agree == true)
        #expect(signature.blobHashChecks.map(\.slot) == [5, 7])
        #expect(signature.blobHashChecks.allSatisfy { $0.ok })
        #expect(signature.diagnostics.isEmpty)
        Self.expectLinkLabEvidence(slice, sliceToFile: 0)
        #expect(slice.linkScan.isReliable)
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("unsigned-arm64.bin"),
            "Tests/Fixtures/macho/unsigned-arm64.bin is missing (scripts/fixtures/make-fixtures.sh makes it)"))
    func unsignedSliceHasNoSignatureButStillHasEvidence() throws {
        let slice = try #require(try MachOFile(data: try TestFiles.macho("unsigned-arm64.bin")).slices.first)
        #expect(!slice.hasCodeSignature && slice.codeSignature == nil && slice.signatureError == nil)
        #expect(slice.loadCommands.count == 20)
        Self.expectLinkLabEvidence(slice, sliceToFile: 0)
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("encrypted-cryptid1.bin"),
            "Tests/Fixtures/macho/encrypted-cryptid1.bin is missing (scripts/fixtures/make-fixtures.sh makes it)"))
    func encryptedSliceMarksTheScanUnreliableButKeepsSymbolEvidence() throws {
        let slice = try #require(try MachOFile(data: try TestFiles.macho("encrypted-cryptid1.bin")).slices.first)
        #expect(slice.isEncrypted && slice.encryption?.cryptID == 1)
        #expect(!slice.linkScan.isReliable)
        #expect(slice.linkScan.notes.contains { $0.contains("cryptid 1") })
        #expect(slice.linkEvidence.allSatisfy { $0.section == "LC_SYMTAB" })
        #expect(
            Set(slice.linkEvidence.map(\.matchedString)) == [
                "_OBJC_CLASS_$_WKWebView", "_UIApplicationOpenURLOptionUniversalLinksOnly",
                "_objc_msgSend$loadRequest:", "_objc_msgSend$openURL:options:completionHandler:",
            ])
        #expect(slice.codeSignature?.blobHashChecks.allSatisfy { $0.ok } == true)
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("legacy-receivers-only.bin"),
            "Tests/Fixtures/macho/legacy-receivers-only.bin is missing (scripts/fixtures/make-fixtures.sh makes it)"))
    func legacyReceiversAreFound() throws {
        let slice = try #require(try MachOFile(data: try TestFiles.macho("legacy-receivers-only.bin")).slices.first)
        #expect(
            slice.linkEvidence.map(\.name) == [
                "application:handleOpenURL:",
                "application:openURL:sourceApplication:annotation:",
            ])
        #expect(slice.linkEvidence.map(\.offset) == [16451, 16478])
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("no-receivers.bin"),
            "Tests/Fixtures/macho/no-receivers.bin is missing (scripts/fixtures/make-fixtures.sh makes it)"))
    func stringsThatOnlyContainReceiverNamesDoNotCount() throws {
        let slice = try #require(try MachOFile(data: try TestFiles.macho("no-receivers.bin")).slices.first)
        #expect(slice.linkEvidence.isEmpty)
        #expect(slice.linkScan.isReliable)
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("xml-der-disagree.bin"),
            "Tests/Fixtures/macho/xml-der-disagree.bin is missing (scripts/fixtures/make-fixtures.sh makes it)"))
    func patchedDERFailsItsSlotHashAndDisagreesWithXML() throws {
        let signature =
            try #require(try MachOFile(data: try TestFiles.macho("xml-der-disagree.bin")).slices.first?.codeSignature)
        #expect(signature.blobHashChecks.map(\.status) == [.match, .mismatch])
        let comparison = try #require(signature.entitlementsComparison)
        #expect(!comparison.agree)
        #expect(
            comparison.differences == [
                EntitlementsComparison.Difference(
                    path: "com.apple.developer.associated-domains[0]", xml: "\"applinks:example.com\"",
                    der: "\"applinks:attacker.io\"")
            ])
        #expect(
            signature.diagnostics.contains { $0.description.contains("DER entitlements (slot 7) hash does not match") })
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("xml-der-disagree-rehashed.bin"),
            "Tests/Fixtures/macho/xml-der-disagree-rehashed.bin is missing (scripts/fixtures/make-fixtures.sh makes it)"
        ))
    func rehashedDERPassesHashesButStillDisagrees() throws {
        let signature =
            try #require(
                try MachOFile(data: try TestFiles.macho("xml-der-disagree-rehashed.bin")).slices.first?
                    .codeSignature)
        #expect(signature.blobHashChecks.allSatisfy { $0.ok })
        #expect(signature.entitlementsComparison?.agree == false)
        #expect(
            signature.derEntitlements?["com.apple.developer.associated-domains"]?.arrayValue?
                .first == .string("applinks:attacker.io"))
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("fat-arm64-x86_64.bin"),
            "Tests/Fixtures/macho/fat-arm64-x86_64.bin is missing (scripts/fixtures/make-fixtures.sh makes it)"))
    func fatFileHasAbsoluteSliceOffsetsAndPerSliceSignatures() throws {
        let file = try MachOFile(data: try TestFiles.macho("fat-arm64-x86_64.bin"))
        #expect(file.isFat && file.fatMagic == 0xCAFE_BABE && file.problems.isEmpty)
        #expect(file.slices.map(\.arch) == ["x86_64", "arm64"])
        #expect(file.slices.map(\.fileOffset) == [4096, 32768])
        #expect(file.slices.map(\.size) == [13064, 69280])
        #expect(file.slices.map(\.fatAlignment) == [12, 14])
        let simulator = file.slices[0]
        let device = file.slices[1]
        #expect(simulator.buildVersion?.platformName == "iossimulator")
        #expect(!simulator.hasCodeSignature)
        #expect(
            simulator.linkEvidence.first { $0.name == "loadRequest:" && $0.section == "__TEXT,__objc_methname" }?.offset
                == 6128)
        #expect(device.codeSignature?.entitlementsSource == "xml+der")
        #expect(device.codeSignature?.blobHashChecks.allSatisfy { $0.ok } == true)
        Self.expectLinkLabEvidence(device, sliceToFile: 32768)
    }

    @Test(
        .enabled(
            if: TestFiles.hasMachO("../app/LinkLab.app/Frameworks/LinkSDK.framework/LinkSDK"),
            "Tests/Fixtures/app/LinkLab.app/Frameworks/LinkSDK.framework/LinkSDK is missing (make-fixtures.sh makes it)"
        ))
    func frameworkDylibHasInstallNameAndEmptyEntitlements() throws {
        let slice =
            try #require(
                try MachOFile(data: try TestFiles.macho("../app/LinkLab.app/Frameworks/LinkSDK.framework/LinkSDK"))
                    .slices.first)
        #expect(slice.fileType == "dylib")
        #expect(slice.installName == "@rpath/LinkSDK.framework/LinkSDK")
        #expect(slice.codeSignature?.xmlEntitlements == .dictionary([:]))
        #expect(slice.codeSignature?.entitlementsSource == "xml")
        #expect(slice.codeSignature?.primaryCodeDirectory?.specialSlotHashes.keys.sorted() == [1, 2, 3, 5])
        #expect(slice.linkEvidence.map(\.name) == ["application:openURL:options:"])
    }
}
