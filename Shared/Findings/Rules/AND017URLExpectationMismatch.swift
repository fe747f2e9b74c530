import AndroidApp
import Foundation

/// AND-017: a URL marked "must not open the app" can open it on Android, or one marked "must
/// open" does not (URL-002's Android twin).
public struct AND017URLExpectationMismatch: FindingRule {
    public let id = "AND-017"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "URL does not behave as the tester expected on Android"
    public let explanation = """
        The tester marked the URL with an expectation (! in the URL list: must not open the app; =: must open it) and \
        Android's decision differs.
        """
    static let opensExplanation = """
        The tester marked this URL as one that must not open the app (! in the URL list), and on Android it can: a \
        matching intent filter takes it (directly as a verified App Link or custom scheme, or through the chooser). A \
        sensitive URL that reaches the app hands its parameters to the link handler without the web page's protections.
        """
    static let staysExplanation = """
        The tester marked this URL as one that must open the app (= in the URL list), and on Android it does not open \
        it directly: users land in the browser or a chooser.
        """
    public let remediation = """
        Change the intent filters (paths, hosts, autoVerify), the host's assetlinks.json or its Android 15 dynamic \
        rules, or the expectation; re-run to confirm. The trace shows which filter and which host decided.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks, .androidDataElement]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        facts.urlChecks.compactMap { check -> Finding? in
            let decision = check.decision
            let outcome =
                "Android (API \(facts.sdk)) decides: \(decision.outcome.text)"
                + (decision.activities.isEmpty ? "" : " (\(decision.activities.joined(separator: ", ")))")
            let evidence: [Evidence] = [.text("\(check.url): \(decision.outcome.text)")]
            let trace = decision.trace.isEmpty ? "" : " Trace: " + decision.trace.joined(separator: "; ") + "."
            switch check.expectation {
            case .mustNotOpen where check.meetsExpectation == false:
                return finding(
                    subject: check.url, detail: "Must not open the app; \(outcome).\(trace)",
                    evidence: evidence,
                    explanation: Self.opensExplanation)
            case .mustOpen where check.meetsExpectation == false:
                return finding(
                    subject: check.url, detail: "Must open the app; \(outcome).\(trace)", evidence: evidence,
                    category: .reliability, explanation: Self.staysExplanation)
            default:
                return nil
            }
        }
    }
}
