import AndroidApp
import Foundation

/// One URL the tester asked about on Android, with the expectation (`!` must not open the
/// app, `=` must) and Android's decision.
public struct AndroidURLCheck: Sendable, Equatable {
    public var url: String
    public var expectation: URLExpectation
    public var decision: AndroidLinkDecision

    public init(url: String, expectation: URLExpectation, decision: AndroidLinkDecision) {
        self.url = url
        self.expectation = expectation
        self.decision = decision
    }

    /// True when tapping the URL can land in the app: directly, or through a chooser.
    public var mayOpenApp: Bool { decision.outcome != .browser }
    /// True when tapping the URL opens the app without asking.
    public var opensApp: Bool { decision.outcome == .opensApp || decision.outcome == .opensAppUnverified }
}
