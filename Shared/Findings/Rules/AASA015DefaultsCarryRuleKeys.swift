import Foundation

/// AASA-015: defaults set /, ?, # or exclude (from the association file's lint diagnostics).
public struct AASA015DefaultsCarryRuleKeys: FindingRule {
    public let id = "AASA-015"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "defaults set /, ?, # or exclude"
    public let explanation = """
        Apple documents defaults for caseSensitive and percentEncoded only, but the system falls back to the merged \
        defaults for every rule key: a / in defaults restricts every rule that has none, and exclude: true turns every \
        rule into a block. The rules then mean something other than what they say.
        """
    public let remediation = """
        Keep only caseSensitive and percentEncoded in defaults; write /, ?, # and exclude in each component.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        lintFindings(facts)
    }
}
