import Foundation

/// AASA-027 (added): keys or strings of the association file hold bidirectional controls or
/// invisible characters (from the association file's lint diagnostics, `AASA-L034`).
///
/// Why: a device matches the characters as they are, while a reviewer reads what the text
/// renders to: a right-to-left override can make `/admin/*` in an exclude rule display as
/// another path, and a zero-width space makes a rule that looks like `/account/*` match
/// nothing a user can type. Every face shows these characters as visible markers (`‹U+202E›`).
public struct AASA027HiddenCharacters: FindingRule {
    public let id = "AASA-027"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "Hidden or bidirectional characters in the association file"
    public let explanation = """
        A key or string of the file holds bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) \
        or invisible characters (zero-width spaces and joiners, U+FEFF, the soft hyphen, tag characters). Apple's \
        matcher compares the characters as they are, but an editor, a code review or a browser shows them reordered or \
        not at all: the rule a reviewer approves is not the rule the device applies (the Trojan Source technique). \
        Shown here with each hidden character as a visible marker.
        """
    public let remediation = """
        Remove every bidirectional control and invisible character from the file, review the rules as the markers show \
        them, and reject such characters in the pipeline that publishes the file.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.trojanSource, .appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        lintFindings(facts)
    }
}
