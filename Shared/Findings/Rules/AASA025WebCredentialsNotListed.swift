import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// AASA-025 (added): a `webcredentials:` host whose file does not list the app.
///
/// Why: Password AutoFill and passkeys for the domain silently do not work, and testers
/// checking credential sharing need to know the association is not in place.
public struct AASA025WebCredentialsNotListed: FindingRule {
    public let id = "AASA-025"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "App not listed under webcredentials"
    public let explanation = """
        The app declares webcredentials:<host>, but the host's association file does not name it in \
        webcredentials.apps: Password AutoFill does not offer the domain's saved passwords and passkeys for the domain \
        fail in the app.
        """
    public let remediation = """
        Add the app's application-identifier to \"webcredentials\": {\"apps\": [...]}, or remove the entitlement entry \
        if credential sharing is not wanted.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        notListed(facts, service: "webcredentials") { $0.webcredentials?.apps ?? [] }
    }
}
