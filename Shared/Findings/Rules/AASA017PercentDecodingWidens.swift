import Foundation

/// AASA-017: percentEncoded: false widens matching (from the association file's lint diagnostics).
public struct AASA017PercentDecodingWidens: FindingRule {
    public let id = "AASA-017"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "percentEncoded: false widens matching"
    public let explanation = """
        With percentEncoded: false the URL is percent-decoded before matching: %2F becomes a path separator, so \
        /files/public%2F..%2Fprivate matches /files/public/* and reaches the app, which may then resolve it to a path \
        the rule meant to exclude.
        """
    public let remediation = """
        Keep percentEncoded true (the default) unless a pattern needs decoded characters, and have the app normalise \
        and re-validate decoded paths.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        lintFindings(facts)
    }
}
