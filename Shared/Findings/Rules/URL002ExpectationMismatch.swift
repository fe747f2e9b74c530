import Foundation
import SiteAssociation

/// URL-002: a URL marked "must not open the app" opens it, or one marked "must open" does not.
public struct URL002ExpectationMismatch: FindingRule {
    public let id = "URL-002"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "URL does not behave as the tester expected"
    public let explanation = """
        The tester marked the URL with an expectation (! in the URL list: must not open the app; =: must open it) and \
        the verdict differs.
        """
    /// Why a URL that must not open the app but does matters (a security finding).
    static let opensExplanation = """
        The tester marked this URL as one that must not open the app (! in the URL list), and the association file \
        routes it into the app. A sensitive URL that opens the app hands its parameters to the app's link handler \
        without the web page's protections (confirmation pages, CSRF tokens, the browser's session).
        """
    /// Why a URL that must open the app but does not matters (a reliability finding).
    static let staysExplanation = """
        The tester marked this URL as one that must open the app (= in the URL list), and it does not: users who tap \
        it land in the browser instead of the app.
        """
    public let remediation = """
        Fix the association file (an exclude rule placed before the broader match, percentEncoded left true, \
        string-only ? values) or the expectation; re-run to confirm.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        let subjectIDs = facts.linkAppIDs
        return facts.urlTests.compactMap { test in
            guard test.expectation != .none else { return nil }
            let relevant = subjectIDs.isEmpty ? test.verdicts : test.verdicts.filter { subjectIDs.contains($0.appID) }
            let opening = relevant.filter { $0.decision == .match }
            let problem: String
            switch test.expectation {
            case .mustNotOpen where !opening.isEmpty:
                problem =
                    "must not open the app, but it opens "
                    + opening.map { URLTestText.describe($0) }.joined(separator: "; ")
            case .mustOpen where opening.isEmpty:
                problem =
                    "must open the app, but "
                    + (relevant.isEmpty
                        ? "no app ID was decided" : relevant.map { URLTestText.describe($0) }.joined(separator: "; "))
            default:
                return nil
            }
            let shown = test.expectation == .mustNotOpen ? opening : relevant
            var evidence: [Evidence] = []
            for place in shown.compactMap({ URLTestText.ruleEvidence($0, test: test, facts: facts) })
            where !evidence.contains(place) {
                evidence.append(place)
            }
            evidence += shown.map { .text("trace for \($0.appID): " + $0.trace.joined(separator: " → ")) }
            if let line = test.line { evidence.append(.text("URL list line \(line)")) }
            let opens = test.expectation == .mustNotOpen
            return finding(
                subject: test.url, detail: "\(test.url) \(problem).", evidence: evidence,
                remediation: missingEntitlementRemediation(test, facts: facts),
                category: opens ? .security : .reliability,
                explanation: opens ? Self.opensExplanation : Self.staysExplanation)
        }
    }

    /// When the app has no `applinks:` entry for the URL's host, the file is not the cause:
    /// the remediation names the entitlement to add (nil keeps the rule's own remediation).
    private func missingEntitlementRemediation(_ test: URLTest, facts: AnalysisFacts) -> String? {
        guard test.domain == nil, test.expectation == .mustOpen, facts.app != nil,
            let components = URLComponents(string: test.url), let host = components.host?.lowercased()
        else { return nil }
        let port = components.port == 443 && components.scheme?.lowercased() == "https" ? nil : components.port
        let claims = facts.bundles.flatMap(\.associatedDomains)
        guard !URLTest.hasApplinksClaim(host: host, port: port, claims: claims) else { return nil }
        let entry = "applinks:" + host + (port.map { ":\($0)" } ?? "")
        return "Add \(entry) to the app's com.apple.developer.associated-domains entitlement (and to its provisioning "
            + "profile's App ID): without it iOS never consults \(host)'s association file for links, whatever the "
            + "file says. Or fix the expectation if the URL is not meant to open the app."
    }
}
