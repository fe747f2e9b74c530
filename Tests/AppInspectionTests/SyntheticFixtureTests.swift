import AppInspection
import Foundation
import MachOReader
import TestSupport
import Testing

/// The generated fixtures of Tests/Fixtures (see Tests/Fixtures/EXPECTED.md).
@Suite struct SyntheticFixtureTests {
    @Test func fullIPAListsEveryNestedBundleWithItsClaims() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("app/LinkLab.ipa"))
        let summary = snapshot.bundles.map { "\($0.role.rawValue) \($0.path)" }
        #expect(
            summary == [
                "app Payload/LinkLab.app",
                "extension Payload/LinkLab.app/PlugIns/Share.appex",
                "watch Payload/LinkLab.app/Watch/Watch.app",
                "extension Payload/LinkLab.app/Watch/Watch.app/PlugIns/WatchExtension.appex",
                "appclip Payload/LinkLab.app/AppClips/Clip.app",
                "framework Payload/LinkLab.app/Frameworks/LinkSDK.framework",
            ])
        let app = try #require(snapshot.mainBundle)
        #expect(app.bundleIdentifier == "com.example.linklab")
        #expect(app.applicationIdentifier == "ABCDE12345.com.example.linklab")
        #expect(app.teamIdentifier == "ABCDE12345")
        #expect(app.entitlementsSource == .xmlAndDER)
        #expect(
            app.associatedDomains.map(\.raw) == [
                "applinks:example.com", "applinks:*.example.org", "webcredentials:example.com",
                "applinks:dev.example.com?mode=developer",
            ])
        #expect(app.associatedDomains[1].wildcard && app.associatedDomains[1].host == "example.org")
        #expect(app.associatedDomains[3].modes == ["developer"])
        #expect(app.urlSchemes == ["linklab", "myapp"])
        #expect(app.queriedSchemes == ["fb", "twitter", "linklab-beta"])
        #expect(app.activityTypes == ["NSUserActivityTypeBrowsingWeb", "com.example.linklab.view-item"])
        #expect(app.hasSceneManifest)
        #expect(app.shortVersion == "1.2.3" && app.version == "45" && app.minimumOSVersion == "15.0")
        let slice = try #require(app.slices.first)
        #expect(slice.linkHandlers.contains("application:continueUserActivity:restorationHandler:"))
        #expect(slice.outgoingLinks.contains("openURL:options:completionHandler:"))
        let evidence =
            try #require(slice.linkEvidence.first { $0.name == "application:continueUserActivity:restorationHandler:" })
        #expect(evidence.offset == 16699 && evidence.section == "__TEXT,__objc_methname")
        #expect(evidence.file == "Payload/LinkLab.app/LinkLab")
        let profile = try #require(app.provisioningProfile)
        #expect(profile.name == "LinkLab Development" && !profile.usesIndefiniteLength)
        let share = try #require(snapshot.bundles.first { $0.path.hasSuffix("Share.appex") })
        #expect(share.associatedDomains.map(\.raw) == ["applinks:share.example.net"])
        #expect(share.provisioningProfile?.usesIndefiniteLength == true)
        let framework = try #require(snapshot.bundles.first { $0.role == .framework })
        #expect(framework.slices.first?.fileType == "dylib")
        #expect(framework.slices.first?.linkHandlers == ["application:openURL:options:"])
        #expect(!snapshot.bundles.contains { $0.path.contains("__MACOSX") })
    }

    @Test func unpackedAppFolderMatchesTheIPA() throws {
        let folder = try AppInspector.inspect(at: Fixtures.url("app/LinkLab.app"))
        let archive = try AppInspector.inspect(at: Fixtures.url("app/LinkLab.ipa"))
        #expect(folder.bundles.count == archive.bundles.count)
        #expect(folder.bundles.map(\.bundleIdentifier) == archive.bundles.map(\.bundleIdentifier))
        #expect(folder.bundles.map(\.associatedDomains) == archive.bundles.map(\.associatedDomains))
        #expect(folder.bundles.map(\.entitlements) == archive.bundles.map(\.entitlements))
    }

    @Test(arguments: ["app/profile-der.mobileprovision", "app/profile-ber.mobileprovision"])
    func profileReadsTheSameFromDERAndBER(_ name: String) throws {
        let profile = try ProvisioningProfile.parse(try Fixtures.data(name))
        #expect(profile.usesIndefiniteLength == name.contains("ber"))
        #expect(profile.name == "LinkLab Development")
        #expect(profile.uuid == "8D3F2B6A-1C4E-4F5A-9B7D-2E6C0A1B3C4D")
        #expect(profile.teamIdentifier == ["ABCDE12345"])
        #expect(profile.teamName == "Example Test Team")
        #expect(profile.applicationIdentifierPrefix == ["ABCDE12345"])
        #expect(profile.creationDate == ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z"))
        #expect(profile.expirationDate == ISO8601DateFormatter().date(from: "2036-01-01T00:00:00Z"))
        #expect(profile.provisionedDevices.count == 40)
        #expect(profile.provisionedDevices.first == "00008110-001A2B3C4D5E6F00")
        #expect(profile.entitlements["com.apple.developer.associated-domains"] == .string("*"))
        #expect(profile.distribution == "development")
        let certificate = try #require(profile.developerCertificates.first)
        #expect(certificate.commonName == "Apple Development: Link Lab Tester (TESTCERT01)")
        // The generator re-issues the test certificate (ten years from generation); the day is stable enough.
        let expiry = try #require(certificate.notValidAfter)
        let day = try #require(ISO8601DateFormatter().date(from: "2036-11-18T00:00:00Z"))
        #expect(expiry >= day.addingTimeInterval(-366 * 86_400) && expiry < day.addingTimeInterval(366 * 86_400))
    }

    @Test func bareMachOIsInspectedAsOneBundle() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("macho/fat-arm64-x86_64.bin"))
        #expect(snapshot.source.kind == .macho)
        let bundle = try #require(snapshot.bundles.first)
        #expect(snapshot.bundles.count == 1)
        #expect(bundle.slices.map(\.arch).sorted() == ["arm64", "x86_64"])
    }

    @Test func unsignedMachOIsReportedNotRejected() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("macho/unsigned-arm64.bin"))
        let bundle = try #require(snapshot.bundles.first)
        #expect(bundle.slices.first?.signed == false)
        #expect(bundle.entitlementsSource == .none)
        #expect(bundle.entitlements == .dictionary([:]))
        #expect(snapshot.diagnostics.contains { $0.id == "signature.missing" })
        #expect(bundle.slices.first?.linkHandlers.isEmpty == false)
    }

    @Test func encryptedBinaryScanIsMarkedUnreliable() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("macho/encrypted-cryptid1.bin"))
        let slice = try #require(snapshot.bundles.first?.slices.first)
        #expect(slice.encrypted)
        #expect(!slice.linkScanReliable)
        #expect(snapshot.diagnostics.contains { $0.id == "macho.encrypted" })
    }

    @Test func xmlAndDEREntitlementsThatDisagreeAreADiagnostic() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("macho/xml-der-disagree-rehashed.bin"))
        let diagnostic = try #require(snapshot.diagnostics.first { $0.id == "entitlements.xml-der-disagree" })
        // The tester must see what differs: the DER blob (enforced by recent iOS) names another domain.
        #expect(diagnostic.message.contains("com.apple.developer.associated-domains[0]"), "\(diagnostic.message)")
        #expect(
            diagnostic.message.contains("applinks:example.com") && diagnostic.message.contains("applinks:attacker.io"),
            "\(diagnostic.message)")
    }

    @Test func tinyValidIPAReadsCleanly() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("zip/tiny-valid.ipa"))
        let app = try #require(snapshot.mainBundle)
        #expect(app.bundleIdentifier == "com.example.tiny")
        #expect(app.associatedDomains.map(\.raw) == ["applinks:example.com"])
        #expect(app.slices.first?.linkHandlers == ["application:continueUserActivity:restorationHandler:"])
    }

    @Test func malformedBinaryInfoPlistIsADiagnostic() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("zip/malformed-infoplist.ipa"))
        let app = try #require(snapshot.mainBundle)
        #expect(app.bundleIdentifier == nil)
        #expect(app.diagnostics.contains { $0.id == "plist.malformed" })
        // The executable is still found by the bundle name and read.
        #expect(app.slices.count == 1)
    }

    @Test func missingExecutableIsADiagnostic() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("zip/missing-executable.ipa"))
        let app = try #require(snapshot.mainBundle)
        #expect(app.slices.isEmpty && app.entitlementsSource == .none)
        #expect(app.diagnostics.contains { $0.id == "bundle.missing-executable" && $0.message.contains("Ghost") })
    }

    @Test func unsignedExecutableInIPAIsADiagnostic() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("zip/unsigned-executable.ipa"))
        let app = try #require(snapshot.mainBundle)
        #expect(app.slices.first?.signed == false)
        #expect(app.diagnostics.contains { $0.id == "signature.missing" })
    }
}

/// Signature problems surface as diagnostics, never as errors.
@Suite struct SignatureDiagnosticTests {
    @Test func entitlementsEditedAfterSigningShowAHashMismatch() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("macho/xml-der-disagree.bin"))
        #expect(snapshot.diagnostics.contains { $0.id == "signature.hash-mismatch" })
        #expect(snapshot.diagnostics.contains { $0.id == "entitlements.xml-der-disagree" })
    }
}
