import Foundation

/// AASA-014: Rules or details that can never decide (from the association file's lint diagnostics).
public struct AASA014DeadRules: FindingRule {
    public let id = "AASA-014"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Rules or details that can never decide"
    public let explanation = """
        A rule shadowed by an earlier rule that matches everything it matches never decides (an exclude placed after a \
        broader match is silently ineffective), and a detail naming an app ID already named by an earlier detail is \
        ignored for that app: the file does not do what it seems to say.
        """
    public let remediation = """
        Put excludes before the broader rules they carve out of, merge the details of one app into one, and remove \
        details that can never match.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        lintFindings(facts)
    }
}
