import AppInspection
import Foundation
import MachOReader
import TestSupport
import Testing

/// Real IPAs from fastlane's test fixtures (../shared/fixtures/fastlane; skipped when absent).
@Suite(
    .enabled(
        if: Fixtures.sharedURL("fixtures/fastlane") != nil,
        "Tests/Fixtures/third-party/fastlane is missing (the committed fastlane IPAs)"))
struct FastlaneFixtureTests {
    static func fixture(_ name: String) throws -> URL {
        try #require(Fixtures.sharedURL("fixtures/fastlane/\(name)"), "missing ../shared/fixtures/fastlane/\(name)")
    }

    static let receivers = [
        "application:continueUserActivity:restorationHandler:",
        "application:handleOpenURL:",
        "application:openURL:options:",
        "application:openURL:sourceApplication:annotation:",
    ]

    @Test func signedIPAShowsApplicationIdentifierDomainsHandlersAndProfile() throws {
        let snapshot = try AppInspector.inspect(at: Self.fixture("very-capable-app.ipa"))
        #expect(snapshot.source.kind == .ipa)
        #expect(snapshot.source.sha256.hasPrefix("78de685e89e5f867"))
        let app = try #require(snapshot.mainBundle)
        #expect(app.role == .app)
        #expect(app.path == "Payload/very-capable-app.app")
        #expect(app.bundleIdentifier == "org.fastlane.very-capable-app")
        #expect(app.applicationIdentifier == "TestFixture.org.fastlane.very-capable-app")
        #expect(app.entitlementsSource == .xml)
        #expect(app.associatedDomains.map(\.raw) == ["webcredentials:example.com"])
        let domain = try #require(app.associatedDomains.first)
        #expect(
            domain.service == "webcredentials" && domain.host == "example.com" && !domain.wildcard && domain.port == nil
        )
        let slice = try #require(app.slices.first)
        #expect(app.slices.count == 1)
        #expect(slice.arch == "arm64")
        #expect(slice.signed && !slice.encrypted)
        #expect(Set(Self.receivers).isSubset(of: Set(slice.linkHandlers)))
        let profile = try #require(app.provisioningProfile)
        #expect(profile.usesIndefiniteLength)
        #expect(profile.entitlements["com.apple.developer.associated-domains"] == .string("*"))
        #expect(!profile.teamIdentifier.isEmpty)
        #expect(profile.expirationDate != nil)
        #expect(!profile.developerCertificates.isEmpty)
        #expect(profile.developerCertificates.allSatisfy { $0.error == nil && !$0.subject.isEmpty })
    }

    @Test func unpackedAppFolderReadsTheSameClaims() throws {
        let snapshot = try AppInspector.inspect(at: Self.fixture("very-capable-app.app"))
        #expect(snapshot.source.kind == .app)
        let app = try #require(snapshot.mainBundle)
        #expect(app.path == "very-capable-app.app")
        #expect(app.applicationIdentifier == "TestFixture.org.fastlane.very-capable-app")
        #expect(app.associatedDomains.map(\.raw) == ["webcredentials:example.com"])
        #expect(app.archivedEntitlements != nil)
        #expect(app.provisioningProfile != nil)
        #expect(Set(Self.receivers).isSubset(of: Set(app.slices.flatMap(\.linkHandlers))))
    }

    @Test func extraTopFolderWatchAppAndAppleDoubleFiles() throws {
        let snapshot = try AppInspector.inspect(at: Self.fixture("ContainsWatchApp.ipa"))
        #expect(snapshot.bundles.map(\.role) == [.app, .watch])
        #expect(
            snapshot.bundles.map(\.path) == [
                "ContainsWatchApp/Payload/Sample.app",
                "ContainsWatchApp/Payload/Sample.app/Watch/Sample WatchKit App.app",
            ])
        #expect(snapshot.bundles.map(\.bundleIdentifier) == ["com.example.Sample", "com.example.Sample.watchkitapp"])
        #expect(!snapshot.bundles.contains { $0.path.contains("__MACOSX") })
        #expect(snapshot.diagnostics.contains { $0.id == "bundle.missing-executable" })
    }

    @Test func appOnlyUnderExtraTopFolder() throws {
        let snapshot = try AppInspector.inspect(at: Self.fixture("iOSAppOnly.ipa"))
        #expect(snapshot.bundles.map(\.path) == ["iOSAppOnly/Payload/Sample.app"])
        #expect(snapshot.mainBundle?.bundleIdentifier == "com.example.Sample")
    }

    @Test func watchPlistUnderWrongNameIsADiagnosticNotAnError() throws {
        let snapshot = try AppInspector.inspect(at: Self.fixture("IncorrectlySigned.ipa"))
        #expect(snapshot.bundles.map(\.role) == [.app, .watch])
        let watch = try #require(snapshot.bundles.last)
        #expect(watch.bundleIdentifier == nil)
        #expect(watch.diagnostics.contains { $0.id == "bundle.missing-info-plist" })
    }

    @Test func archiveWithoutAppBundleIsAnError() throws {
        #expect {
            try AppInspector.inspect(at: Self.fixture("no-app-bundle.ipa"))
        } throws: { error in
            guard case .noAppBundle = error as? InspectionError else { return false }
            return true
        }
    }

    @Test func textFileIsNotAnApp() throws {
        #expect(throws: InspectionError.unrecognisedInput(path: try Self.fixture("not-an-ipa.ipa").path)) {
            try AppInspector.inspect(at: Self.fixture("not-an-ipa.ipa"))
        }
    }
}
