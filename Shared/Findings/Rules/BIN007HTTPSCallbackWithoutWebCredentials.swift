import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// BIN-007: the code uses `ASWebAuthenticationSession`'s https callback (iOS 17.4+), and no
/// `webcredentials` association backs it.
public struct BIN007HTTPSCallbackWithoutWebCredentials: FindingRule {
    public let id = "BIN-007"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "https sign-in callback without a webcredentials association"
    public let explanation =
        "The code calls ASWebAuthenticationSession's https callback (callbackWithHTTPSHost:path:, "
        + "Swift .https(host:path:), iOS 17.4+). Apple requires the callback host to be a domain associated with the "
        + "app; the system's error for a missing one asks for the webcredentials service. Without it a sign-in "
        + "session that uses the https callback cannot complete, for every user. Medium when the app's own code "
        + "calls it and the app declares no custom scheme; low when only a framework calls it or a custom scheme "
        + "may carry the callback instead (an SDK supporting both carries the selector either way)."
    public let remediation =
        "Add webcredentials:<callback host> to the Associated Domains entitlement and list the "
        + "app under \"webcredentials\" in that host's association file."
    public let references: [Reference] = [
        .masvsPlatform1, .appleWebAuthenticationHTTPSCallback,
        .appleSupportingAssociatedDomains,
    ]

    /// The selector Swift's `.https(host:path:)` calls.
    static let httpsCallbackSelector = "callbackWithHTTPSHost:path:"

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for unit in CodeUnit.units(of: facts.app) {
            let hits = unit.evidence.filter { $0.name == Self.httpsCallbackSelector }
            guard let hit = hits.first else { continue }
            let entries = unit.bundle.associatedDomains.filter { $0.service == "webcredentials" && $0.isAccepted }
            let problem: String
            if entries.isEmpty {
                problem = "declares no webcredentials domain"
            } else {
                guard let appID = unit.bundle.applicationIdentifier else { continue }
                var listing: [String] = []
                var known = true
                for entry in entries {
                    guard let file = Self.file(for: entry, in: facts) else {
                        known = false
                        break
                    }
                    if (file.webcredentials?.apps ?? []).contains(appID) { listing.append(entry.host) }
                }
                guard known, listing.isEmpty else { continue }
                problem =
                    "declares " + entries.map(\.raw).joined(separator: ", ")
                    + ", but no such host's file lists \(appID) under webcredentials"
            }
            // An SDK that supports both callbacks carries the selector whether or not the app uses
            // it: only the app's own code without a custom scheme makes the https callback certain.
            let inAppCode = unit.bundle.slices.flatMap(\.linkEvidence).contains {
                $0.name == Self.httpsCallbackSelector
            }
            let certain = inAppCode && unit.bundle.urlSchemes.isEmpty
            let whereFound = inAppCode ? "calls" : "embeds a framework that calls"
            let alternative =
                unit.bundle.urlSchemes.isEmpty
                ? ""
                : " It also declares the custom scheme\(unit.bundle.urlSchemes.count == 1 ? "" : "s") "
                    + unit.bundle.urlSchemes.prefix(5).map { "\($0)://" }.joined(separator: ", ")
                    + ", which a sign-in session may use instead: this matters if the https callback is used."
            findings.append(
                finding(
                    subject: unit.bundle.path,
                    detail: "\(unit.bundle.label) \(whereFound) \(Self.httpsCallbackSelector) and \(problem)."
                        + alternative,
                    evidence: [EvidenceBuilder.binary(hit)] + entries.map(EvidenceBuilder.domain),
                    severity: certain ? nil : .low))
        }
        return findings
    }

    /// The association file serving `entry` (supplied or fetched), nil when none was read.
    static func file(for entry: AssociatedDomain, in facts: AnalysisFacts) -> AssociationFile? {
        let report = facts.domains.first { $0.fetchedHost == entry.host.lowercased() && $0.port == entry.port }
        return report?.effectiveResult?.file
    }
}
