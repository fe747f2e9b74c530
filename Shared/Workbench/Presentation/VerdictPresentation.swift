import Findings
import SiteAssociation

/// One URL verdict as a face shows it: a headline, the deciding rule, the hook value.
public struct VerdictPresentation: Sendable, Equatable {
    public var verdict: AppVerdict
    public var expectation: URLExpectation

    public init(_ verdict: AppVerdict, expectation: URLExpectation = .none) {
        self.verdict = verdict
        self.expectation = expectation
    }

    /// "Opens the app", "Blocked by an exclude rule (opens in Safari)", "No rule matches (opens in Safari)".
    public var headline: String {
        switch verdict.decision {
        case .match: "Opens the app"
        case .exclude: "Blocked by an exclude rule (opens in Safari)"
        case .noMatch: "No rule matches (opens in Safari)"
        }
    }

    /// `data-decision` / the identifier's value: `match`, `exclude`, `no_match`.
    public var hookDecision: String { verdict.decision.rawValue }

    /// The deciding rule as written, or "no deciding rule".
    public var rule: String { verdict.ruleText ?? "no deciding rule" }

    /// true / false when the tester gave an expectation (`=` / `!` in the URL list), else nil.
    public var meetsExpectation: Bool? {
        switch expectation {
        case .none: nil
        case .mustOpen: verdict.decision == .match
        case .mustNotOpen: verdict.decision != .match
        }
    }

    /// What VoiceOver reads.
    public var accessibilityLabel: String { "\(verdict.appID): \(headline)" }
}
