import Foundation

/// AASA-013: components and paths disagree (from the association file's lint diagnostics).
public struct AASA013ComponentsPathsDisagree: FindingRule {
    public let id = "AASA-013"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "components and paths disagree"
    public let explanation = """
        iOS 13 and later read only components; iOS 12 and earlier read only paths. When both lists exist and route \
        sample URLs differently, the same link opens the app on one iOS generation and the browser on the other, and a \
        review of one list misses what the other allows.
        """
    public let remediation = """
        Generate both lists from one source, or drop paths if iOS 12 no longer matters; check the listed URLs on both \
        generations.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        lintFindings(facts, lintIDs: ["AASA-L024"])
    }
}
