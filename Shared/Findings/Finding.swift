import Foundation

/// Something the analysis found: a stable rule ID, a severity, what it is about, why it
/// matters, the evidence, what to do, and where to read more.
///
/// Encodes as one entry of the `findings` array of `cli.md` (`id`, `category`, `severity`,
/// `title`, `subject`, `explanation`, `evidence`, `remediation`, `references`). A document
/// written before `category` existed decodes with the rule's category from the catalogue.
public struct Finding: Sendable, Hashable, Codable {
    /// Stable rule ID (`AASA-007`); never reused for another meaning once published.
    public var id: String
    /// Security (an attacker gains something) or reliability (links break for users).
    public var category: FindingCategory
    /// How much it matters.
    public var severity: Severity
    /// One line, the same for every finding of this ID.
    public var title: String
    /// What it is about: a bundle, a host, a URL, an entitlement.
    public var subject: String
    /// Why it matters, in plain language.
    public var explanation: String
    /// The facts a tester can check.
    public var evidence: [Evidence]
    /// What to change.
    public var remediation: String
    /// Where to read more.
    public var references: [Reference]

    /// A finding; evidence and references default to none, the category to the rule's
    /// (`FindingCategory.default(forRule:)`).
    public init(
        id: String, category: FindingCategory? = nil, severity: Severity, title: String, subject: String,
        explanation: String, evidence: [Evidence] = [], remediation: String,
        references: [Reference] = []
    ) {
        self.id = id
        self.category = category ?? FindingCategory.default(forRule: id)
        self.severity = severity
        self.title = title
        self.subject = subject
        self.explanation = explanation
        self.evidence = evidence
        self.remediation = remediation
        self.references = references
    }

    /// The ID's family prefix (`AASA` for `AASA-007`).
    public var idPrefix: String {
        id.split(separator: "-", maxSplits: 1).first.map(String.init) ?? id
    }

    private enum CodingKeys: String, CodingKey {
        case id, category, severity, title, subject, explanation, evidence, remediation, references
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        category =
            try container.decodeIfPresent(FindingCategory.self, forKey: .category)
            ?? FindingCategory.default(forRule: id)
        severity = try container.decode(Severity.self, forKey: .severity)
        title = try container.decode(String.self, forKey: .title)
        subject = try container.decode(String.self, forKey: .subject)
        explanation = try container.decode(String.self, forKey: .explanation)
        evidence = try container.decode([Evidence].self, forKey: .evidence)
        remediation = try container.decode(String.self, forKey: .remediation)
        references = try container.decode([Reference].self, forKey: .references)
    }
}

extension Finding {
    /// Report order: security before reliability, then more severe first, then by ID
    /// (numerically within a prefix), then subject.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.category != rhs.category { return lhs.category < rhs.category }
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        if lhs.id != rhs.id { return idOrder(lhs.id, rhs.id) }
        if lhs.subject != rhs.subject { return lhs.subject < rhs.subject }
        // Same rule and subject: fall back to content so the order never depends on input order.
        let left = lhs.evidence.map(\.summary)
        let right = rhs.evidence.map(\.summary)
        if left != right { return left.lexicographicallyPrecedes(right) }
        return (lhs.title, lhs.explanation, lhs.remediation) < (rhs.title, rhs.explanation, rhs.remediation)
    }

    /// Orders IDs by prefix, then by the number after the dash (`AASA-9` before `AASA-10`).
    public static func idOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = splitID(lhs)
        let right = splitID(rhs)
        if left.prefix != right.prefix { return left.prefix < right.prefix }
        if left.number != right.number {
            switch (left.number, right.number) {
            case (let l?, let r?): return l < r
            case (nil, _): return false
            case (_, nil): return true
            }
        }
        return lhs < rhs
    }

    private static func splitID(_ id: String) -> (prefix: String, number: Int?) {
        guard let dash = id.lastIndex(of: "-") else { return (id, nil) }
        return (String(id[..<dash]), Int(id[id.index(after: dash)...]))
    }
}

extension Sequence where Element == Finding {
    /// The findings in report order (category, severity, ID, subject): stable, so reports diff well.
    public func sortedForReport() -> [Finding] {
        sorted(by: Finding.reportOrder)
    }

    /// How many findings there are of each severity (every severity present, zero when none).
    public func countsBySeverity() -> [Severity: Int] {
        var counts = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0, 0) })
        for finding in self { counts[finding.severity, default: 0] += 1 }
        return counts
    }

    /// How many findings there are of each category and severity (zeros included).
    public func countsByCategory() -> [FindingCategory: [Severity: Int]] {
        var counts: [FindingCategory: [Severity: Int]] = [:]
        for category in FindingCategory.allCases {
            counts[category] = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0, 0) })
        }
        for finding in self { counts[finding.category, default: [:]][finding.severity, default: 0] += 1 }
        return counts
    }
}
