import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// AASA-024 (added): an `appclips:` host whose file does not list the App Clip.
///
/// Why: App Clip invocation from the web site (Smart App Banner, links) requires the clip's
/// app ID under `appclips.apps`; without it the clip cannot be launched from that domain.
public struct AASA024AppClipNotListed: FindingRule {
    public let id = "AASA-024"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "App Clip not listed under appclips"
    public let explanation = """
        An App Clip declares appclips:<host>, but the host's association file does not name the clip's app ID in \
        appclips.apps, so the system does not associate the clip with the site: invocations from the web (Smart App \
        Banners, links, App Clip Codes pointing at the site) fail.
        """
    public let remediation =
        "Add the App Clip's application-identifier to \"appclips\": {\"apps\": [...]} in the host's file."
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        notListed(facts, service: "appclips") { $0.appclips?.apps ?? [] }
    }
}

extension FindingRule {
    /// One finding per bundle whose `service:` entry's host file lacks its app ID in `apps(file)`.
    func notListed(_ facts: AnalysisFacts, service: String, apps: (AssociationFile) -> [String]) -> [Finding] {
        var findings: [Finding] = []
        for report in facts.domains {
            guard let result = report.effectiveResult, let file = result.file else { continue }
            let listed = apps(file)
            for (bundle, entry) in facts.entries(service, servedBy: report) {
                guard let appID = bundle.applicationIdentifier, !listed.contains(appID) else { continue }
                findings.append(
                    finding(
                        subject: "\(report.host): \(appID)",
                        detail: "\(bundle.label) declares \(entry.raw); \(service) on \(report.host) lists "
                            + (listed.isEmpty ? "no app" : listed.joined(separator: ", ")) + ".",
                        evidence: [EvidenceBuilder.file(report.host, "/\(service)"), EvidenceBuilder.domain(entry)]))
            }
        }
        return findings
    }
}
