import AppInspection
import Foundation

/// ENT-001: no bundle declares associated domains — the app does not use universal links.
public struct ENT001NoAssociatedDomains: FindingRule {
    public let id = "ENT-001"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "The app declares no associated domains"
    public let explanation = """
        No bundle carries com.apple.developer.associated-domains in its signed entitlements, so the app does not take \
        part in universal links, shared web credentials or App Clip links. Links to the company's web site open in the \
        browser; deep links, if any, arrive through custom URL schemes, which any app can claim.
        """
    public let remediation = """
        Nothing to fix if the app is not meant to handle universal links. If it is, add the Associated Domains \
        capability with applinks:<host> entries and publish an apple-app-site-association file on each host.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        guard let app = facts.app, !app.bundles.isEmpty else { return [] }
        let declaring = app.bundles.filter {
            !$0.associatedDomains.isEmpty || $0.entitlements[LinkNames.associatedDomainsKey] != nil
        }
        guard declaring.isEmpty else { return [] }
        let main = app.mainBundle ?? app.bundles[0]
        var evidence: [Evidence] = [
            .text(
                """
                \(main.label): entitlements source \(main.entitlementsSource.rawValue), \
                no \(LinkNames.associatedDomainsKey) key
                """)
        ]
        for slice in main.slices {
            evidence.append(
                .binary(
                    BinaryLocation(
                        file: main.executablePath, slice: slice.arch,
                        section: slice.signed ? "LC_CODE_SIGNATURE" : nil)))
        }
        return [
            finding(
                subject: main.path,
                detail: "\(app.bundles.count) bundle(s) inspected; none declares associated domains.",
                evidence: evidence)
        ]
    }
}
