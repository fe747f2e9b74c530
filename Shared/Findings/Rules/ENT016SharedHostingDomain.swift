import AppInspection
import Foundation

/// ENT-016: an associated domain under a shared-hosting suffix of the Public Suffix List's
/// private section (`*.github.io`, `*.herokuapp.com`, …).
public struct ENT016SharedHostingDomain: FindingRule {
    public let id = "ENT-016"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Associated domain on a shared-hosting service"
    public let explanation =
        "The association file of this domain is served by a hosting service where anyone can open "
        + "a site (the suffix is in the private section of the Public Suffix List). The product holds the name only "
        + "as long as its account there: once the site is deleted or the account lapses, someone else can register "
        + "the same name, publish a file that lists their own app, and receive the links — and any token in them — "
        + "that still point there."
    public let remediation =
        "Serve the association file from a domain the organisation owns (a CNAME to the hosting "
        + "service is fine while it is maintained), then move the links and the entitlement entry to it."
    public let references: [Reference] = [.masvsPlatform1, .publicSuffixList, .appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.flatMap { bundle in
            bundle.associatedDomains.filter(\.isAccepted).compactMap { entry -> Finding? in
                guard let suffix = PlatformTraps.privateSuffix(of: entry.host) else { return nil }
                let isSuffix = entry.host.lowercased() == suffix
                return finding(
                    subject: "\(bundle.path): \(entry.raw)",
                    detail: "\(bundle.label) claims \(entry.raw); \(suffix) is a shared-hosting suffix ("
                        + PlatformTraps.publicSuffixListSource + ")"
                        + (isSuffix ? ", and the entry names the suffix itself, which the service runs." : "."),
                    evidence: [EvidenceBuilder.domain(entry)])
            }
        }
    }
}
