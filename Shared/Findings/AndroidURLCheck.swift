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
    public var opensApp: Bool { decision.opensApp }
    /// Whether Android's decision meets the tester's expectation (nil without one).
    public var meetsExpectation: Bool? { expectation.isMet(onAndroid: decision.outcome) }
}

extension URLExpectation {
    /// Whether an Android link with `outcome` meets this expectation (nil for none): `=` wants
    /// the app opened without the user choosing (`Outcome.opensApp`); `!` wants the browser, as
    /// a chooser can hand the link to the app. The one rule behind AND-017, `match --android`'s
    /// "not what the tester expects" and the URL tester's Android column.
    public func isMet(onAndroid outcome: AndroidLinkDecision.Outcome) -> Bool? {
        switch self {
        case .none: nil
        case .mustOpen: outcome.opensApp
        case .mustNotOpen: outcome == .browser
        }
    }
}
