import Foundation

/// AASA-018: Whole-site claim or sensitive paths routed into the app (from the association file's lint diagnostics).
public struct AASA018SensitivePaths: FindingRule {
    public let id = "AASA-018"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "Whole-site claim or sensitive paths routed into the app"
    public let explanation = """
        Patterns like * or /* route every URL on the domain into the app, including login, logout, password reset, \
        OAuth callbacks, payments and delete/approve actions. A link then triggers that action in the app without the \
        page's context; Apple warns that apps must validate links and confirm before acting.
        """
    public let remediation = """
        Claim only the paths the app handles, exclude sensitive ones explicitly (excludes first), and make the app \
        confirm with the user before any state-changing action from a link.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleApplinks, .appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        lintFindings(facts)
    }
}
