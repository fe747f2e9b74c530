import Foundation

/// AASA-021: Schema problem in the association file (from the association file's lint diagnostics).
public struct AASA021SchemaProblems: FindingRule {
    public let id = "AASA-021"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Schema problem in the association file"
    public let explanation = """
        The file uses wrong key names or types (appId, path, \"exclude\": \"yes\"), a BOM, comments, trailing commas, \
        or malformed app IDs. Misspelled keys are ignored (a detail keyed appId names no app), and a BOM, comments or \
        trailing commas make strict JSON parsers reject the whole file.
        """
    public let remediation = """
        Fix the keys and types to Apple's schema (appIDs, components, /, ?, #, exclude), remove the BOM, comments and \
        trailing commas, and validate with a strict JSON parser.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        lintFindings(facts)
    }
}
