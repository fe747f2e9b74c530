import Foundation

/// AASA-016: Lenient-parse trap in the association file (from the association file's lint diagnostics).
public struct AASA016LenientParseTraps: FindingRule {
    public let id = "AASA-016"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "Lenient-parse trap in the association file"
    public let explanation = """
        Apple's reader is lenient where a reviewer expects strictness: a ? dictionary with a non-string value is \
        dropped entirely (the rule then matches any query), flags like exclude or caseSensitive that are not booleans \
        read as false, a non-string / or # leaves that part unconstrained, a component that is not a dictionary \
        matches everything, and an undefined substitution variable makes a pattern match nothing.
        """
    public let remediation = """
        Use strings for every pattern and query value, real JSON booleans for flags, dictionaries for components, and \
        define every substitution variable; re-test the affected URLs.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        lintFindings(facts)
    }
}
