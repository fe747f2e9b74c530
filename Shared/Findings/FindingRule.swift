import Foundation

/// What every rule of the catalogue declares beside its logic, whatever platform's facts it
/// reads: stable ID, category, severity and texts.
public protocol FindingRuleMetadata: Sendable {
    /// Stable ID (`ENT-005`); never reused for another meaning once published.
    var id: String { get }
    /// Security or reliability: the category of its findings (URL-002 sets it per finding).
    var category: FindingCategory { get }
    /// Default severity of its findings (a rule may escalate one, e.g. SCH-001).
    var severity: Severity { get }
    /// One line, the same for every finding of the rule.
    var title: String { get }
    /// Why it matters, in plain language.
    var explanation: String { get }
    /// What to change.
    var remediation: String { get }
    /// Where to read more.
    var references: [Reference] { get }
}

/// One rule of the findings catalogue (`docs/findings.md`): its stable ID, severity and texts
/// declared beside its logic, and a pure function from one platform's facts to findings.
///
/// `Facts` names what the rule reads: `AnalysisFacts` for an iOS app (ENT, SCH, BIN, AASA, URL
/// rules), `AndroidFacts` for an Android app (AND rules), `ProbeFacts` for the probes run on a
/// device (PRB rules), `CrossPlatformFacts` for both apps side by side (XPL rules). A rule joins
/// its facts' `RuleCatalogue` in `FindingRules`.
public protocol FindingRule<Facts>: FindingRuleMetadata {
    /// The facts this rule reads.
    associatedtype Facts
    /// The findings these facts produce (none when the rule does not apply). Never throws.
    func evaluate(_ facts: Facts) -> [Finding]
}

extension FindingRuleMetadata {
    /// What every finding of this rule cites: its own `references`, then the OWASP identifiers of
    /// both generations its ID maps to (`OWASPMapping.citing`) that the list does not name.
    public var citedReferences: [Reference] { OWASPMapping.citing(references, forRule: id) }

    /// A finding of this rule about `subject`; `detail` (what was found here) goes before the
    /// rule's general explanation. It cites `citedReferences`.
    func finding(
        subject: String, detail: String? = nil, evidence: [Evidence],
        severity: Severity? = nil, remediation: String? = nil, category: FindingCategory? = nil,
        explanation: String? = nil
    ) -> Finding {
        let general = explanation ?? self.explanation
        let text = detail.map { "\(Self.sentenceCased($0))\n\n\(general)" } ?? general
        return Finding(
            id: id, category: category ?? self.category, severity: severity ?? self.severity,
            title: title, subject: subject,
            explanation: text, evidence: evidence, remediation: remediation ?? self.remediation,
            references: citedReferences)
    }
}

extension FindingRuleMetadata {
    /// Association-file keys a detail may start with: they keep their case.
    static var keyWords: Set<String> {
        [
            "applinks", "webcredentials", "appclips", "activitycontinuation", "components", "paths", "defaults",
            "details", "exclude", "appID", "appIDs", "get-task-allow",
        ]
    }

    /// `text` with its first letter capitalised when its first word is an ordinary lowercase
    /// word ("rule 2 …" → "Rule 2 …"); key names (`applinks`, `percentEncoded`), paths, URLs and
    /// quoted text are left as they are.
    static func sentenceCased(_ text: String) -> String {
        guard let first = text.first, first.isLowercase, first.isLetter else { return text }
        let word = text.prefix { $0.isLetter || $0 == "-" }
        let next = text.dropFirst(word.count).first
        guard !keyWords.contains(String(word)), !word.contains(where: \.isUppercase),
            next == nil || next == " " || next == ","
        else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
