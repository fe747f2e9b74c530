import Foundation
import Testing
import Workbench

/// Sparkle starts only with a real EdDSA key and feed, and never under a test (issue: a
/// placeholder key shows "Unable to Check For Updates" after every launch).
@Suite struct UpdaterAvailabilityTests {
    /// 32 non-zero bytes, base64, as `generate_keys` prints a public key (made up for the test).
    static let realKey = Data((1...32).map { UInt8($0 * 7 % 251) }).base64EncodedString()

    @Test func theInfoPlistTheBuildUsesKeepsTheUpdaterOff() throws {
        let info = try ProjectFiles.plist(ProjectFiles.infoPlist)
        let decision = UpdaterAvailability.decide(
            publicEDKey: info["SUPublicEDKey"] as? String,
            feedURL: info["SUFeedURL"] as? String, environment: [:])
        #expect(decision.reason?.contains("SUPublicEDKey") == true, "placeholder key: \(decision)")
        #expect(decision != .start)
    }

    @Test func aRealKeyAndFeedStartIt() {
        #expect(
            UpdaterAvailability.decide(
                publicEDKey: Self.realKey,
                feedURL: "https://updates.linklab.app/appcast.xml",
                environment: ["HOME": "/Users/t"]) == .start)
    }

    @Test(arguments: ["LINKLAB_UITEST", "LINKLAB_OPEN", "XCTestConfigurationFilePath"])
    func neverUnderATest(key: String) {
        let decision = UpdaterAvailability.decide(
            publicEDKey: Self.realKey,
            feedURL: "https://updates.linklab.app/appcast.xml",
            environment: [key: "/tmp/x"])
        #expect(decision.reason?.contains(key) == true)
    }

    @Test(arguments: [
        "", "REPLACE_WITH_BASE64_ED25519_PUBLIC_KEY_FROM_generate_keys=",
        Data(count: 32).base64EncodedString(), Data(repeating: 9, count: 31).base64EncodedString(),
    ])
    func notAKey(text: String) {
        #expect(!UpdaterAvailability.isEdDSAPublicKey(text))
    }

    @Test(arguments: [
        "http://updates.linklab.app/a.xml", "https://updates.universallinklab.invalid/appcast.xml",
        "https://example.com/appcast.xml", "https://localhost/appcast.xml", "not a url",
    ])
    func notAReleaseFeed(text: String) {
        #expect(!UpdaterAvailability.isReleaseFeed(text))
        #expect(
            UpdaterAvailability.decide(publicEDKey: Self.realKey, feedURL: text, environment: [:]).reason?
                .contains("SUFeedURL") == true)
    }
}
