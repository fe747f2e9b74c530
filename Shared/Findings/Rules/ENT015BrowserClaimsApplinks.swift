import AppInspection
import Foundation

/// ENT-015: an app that may be the default web browser also claims `applinks` domains.
public struct ENT015BrowserClaimsApplinks: FindingRule {
    public let id = "ENT-015"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "Default-browser app claims universal links"
    public let explanation =
        "The app holds the default-browser entitlement (com.apple.developer.web-browser). Apple's "
        + "documentation says apps registered as browsers are not allowed to register universal links; an older "
        + "version of Apple's default-browser page said the system ignores such claims. If it does, none of these "
        + "domains' links open the app, whatever their association files say: try one on a device."
    public let remediation =
        "Drop the applinks entries from the browser app (it opens web links anyway), or ship the "
        + "link-handling features in an app without the browser entitlement."
    public let references: [Reference] = [.masvsPlatform1, .appleDefaultBrowser, .appleTN3155]

    /// The entitlement that makes an app eligible as the default browser.
    static let browserKey = "com.apple.developer.web-browser"

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.compactMap { bundle in
            guard bundle.entitlements[Self.browserKey]?.boolValue == true else { return nil }
            let claims = bundle.associatedDomains.filter { $0.service == "applinks" && $0.isAccepted }
            guard !claims.isEmpty else { return nil }
            return finding(
                subject: bundle.path,
                detail: "\(bundle.label) has \(Self.browserKey) = true and claims "
                    + claims.map(\.raw).joined(separator: ", ") + ".",
                evidence: [.entitlement(key: Self.browserKey, value: "true")] + claims.map(EvidenceBuilder.domain))
        }
    }
}
