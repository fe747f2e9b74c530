import AndroidApp
import Foundation
import LinkReadings

/// AND-021: URL-003's Android twin (`docs/link-confusion.md` §5). A URL the tester tried whose
/// readings name different hosts or ports (the browser, Foundation's `URL`, Android's
/// `Uri.parse`), or that Android decides differently as given (an app calling `startActivity`
/// with `Uri.parse` of the string) and as Chrome passes it on when tapped (`Uri.parse` of the
/// browser's `href`).
public struct AND021LinkConfusion: FindingRule {
    public let id = "AND-021"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "Parsers read the link differently on Android (link confusion)"
    public let explanation =
        "A browser (the WHATWG URL Standard), Foundation's URL and Android's Uri.parse read "
        + "this URL differently: another host or port, or another decision. On Android an app that calls "
        + "startActivity with Uri.parse of the string hands the system one reading, and a link tapped in Chrome "
        + "arrives as Chrome serialised it: a check that reads the link one way (a user, a server-side allow-list, "
        + "a redirect filter, the app's own host check) approves a link that the parser routing it reads as "
        + "something else."
    public let remediation =
        "Parse once with the parser of the component that acts (the Uri the intent carries, "
        + "getHost() compared exactly), refuse links with userinfo, backslashes, encoded delimiters or non-ASCII "
        + "hosts, and reject such links server-side before they are issued."
    public let references: [Reference] = [.masvsPlatform1, .mastgTest0028, .whatwgURLStandard, .urlParserConfusion]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        let files = AndroidFacts.files(facts.assetLinks)
        return facts.urlChecks.compactMap { check -> Finding? in
            guard let reading = try? LinkReadings.read(check.url) else { return nil }
            var problems: [String] = []
            if let disagreement = reading.disagreement { problems.append(disagreement) }
            var extra: [Evidence] = []
            var decisionDiffers = false
            if case .success(let browser) = reading.browser, browser.href != check.url {
                let tapped = facts.matcher.decide(browser.href, verification: facts.verification, files: files)
                if tapped.outcome != check.decision.outcome {
                    decisionDiffers = true
                    problems.append(
                        "Android: \(check.decision.outcome.text) for the string as an app passes it, "
                            + "\(tapped.outcome.text) for \(browser.href) (the link as Chrome passes it on)")
                    let trace = tapped.trace.joined(separator: " → ")
                    extra.append(.text("Android decision for \(browser.href): " + trace))
                }
            }
            guard !problems.isEmpty else { return nil }
            let evidence = URL003LinkConfusion.evidence(reading) + extra
            let subject = LinkReadingText.visible(check.url)
            // Medium where the app is concerned (a reading names a host its filters declare, or
            // Android decides the two forms differently); info otherwise.
            let hosts = facts.matcher.filters.flatMap(\.hosts) + facts.candidateHosts
            let concerned = decisionDiffers || URL003LinkConfusion.namesClaimedHost(reading, claims: hosts)
            return finding(
                subject: subject,
                detail: subject + ": " + problems.joined(separator: "; ") + "."
                    + (concerned ? "" : " No reading names a host the app declares."),
                evidence: evidence, severity: concerned ? nil : .info)
        }
    }
}
