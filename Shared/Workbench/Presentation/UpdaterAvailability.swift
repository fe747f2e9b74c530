import Foundation

/// Whether the Mac app starts its updater (Sparkle), decided from the Info.plist it was built
/// with and its launch environment. A placeholder `SUPublicEDKey` makes Sparkle's start fail
/// and show "Unable to Check For Updates" after every launch (in test hosts too, where the
/// alert blocks UI tests), so the updater starts only with a real key and a real feed, and
/// never under a test; otherwise "Check for Updates…" is disabled with `reason` as its help.
public enum UpdaterAvailability: Sendable, Equatable {
    /// Start the updater.
    case start
    /// Do not start it; the menu item says why.
    case off(reason: String)

    /// Launch-environment variables that mean "a test is driving this process": the app's UI-test
    /// hooks and XCTest's own variable in a unit-test host.
    public static let testEnvironmentKeys = ["LINKLAB_UITEST", "LINKLAB_OPEN", "XCTestConfigurationFilePath"]

    /// Decides from the Info.plist's `SUPublicEDKey` and `SUFeedURL` and the process environment.
    public static func decide(
        publicEDKey: String?, feedURL: String?,
        environment: [String: String]
    ) -> UpdaterAvailability {
        if let key = testEnvironmentKeys.first(where: { !(environment[$0] ?? "").isEmpty }) {
            return .off(reason: "Updates are off while tests drive the app (\(key) is set).")
        }
        guard let key = publicEDKey, isEdDSAPublicKey(key) else {
            return .off(
                reason: "Updates are off in this build: SUPublicEDKey is not an EdDSA public key "
                    + "(the placeholder was not replaced; see scripts/release/README.md).")
        }
        guard let feed = feedURL, isReleaseFeed(feed) else {
            return .off(reason: "Updates are off in this build: SUFeedURL is not an https address of a real host.")
        }
        return .start
    }

    /// True for the base64 of 32 bytes that are not all zero (an Ed25519 public key, as
    /// Sparkle's `generate_keys` prints it).
    public static func isEdDSAPublicKey(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Data(base64Encoded: trimmed), bytes.count == 32 else { return false }
        return bytes.contains { $0 != 0 }
    }

    /// True for an `https` URL whose host is not reserved for examples or tests (RFC 2606).
    public static func isReleaseFeed(_ text: String) -> Bool {
        guard let url = URL(string: text), url.scheme?.lowercased() == "https",
            let host = url.host?.lowercased(), host.contains(".")
        else { return false }
        let reserved = [".invalid", ".example", ".test", ".localhost", "example.com", "example.org", "example.net"]
        return !reserved.contains { host == $0.drop(while: { $0 == "." }) || host.hasSuffix($0) }
    }

    /// The help text of "Check for Updates…": nil when the updater runs.
    public var reason: String? {
        if case .off(let reason) = self { return reason }
        return nil
    }
}
