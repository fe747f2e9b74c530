import Foundation
import TestSupport
import Testing

@testable import Findings

@Suite struct FindingCategoryTests {
    static func finding(
        _ id: String, _ category: FindingCategory, _ severity: Severity,
        _ subject: String = "x"
    ) -> Finding {
        Finding(
            id: id, category: category, severity: severity, title: "t", subject: subject, explanation: "e",
            remediation: "r")
    }

    @Test(arguments: [
        ("high", nil, Severity.high), ("security:medium", FindingCategory.security, .medium),
        ("RELIABILITY:High", .reliability, .high), ("Info", nil, .info),
    ])
    func thresholdsParse(text: String, category: FindingCategory?, severity: Severity) throws {
        let threshold = try #require(FindingThreshold(parsing: text))
        #expect(threshold.category == category)
        #expect(threshold.severity == severity)
        #expect(FindingThreshold(parsing: threshold.description) == threshold)
    }

    @Test(arguments: ["", "severe", "sec:high", "high:security", "security:", ":high", "security:high:x", "security"])
    func malformedThresholdsAreRefused(text: String) {
        #expect(FindingThreshold(parsing: text) == nil)
        #expect(FindingThreshold.usage(text).contains("CATEGORY:SEVERITY"))
    }

    @Test func aCategoryThresholdIgnoresTheOtherCategory() throws {
        let outage = Self.finding("AASA-007", .reliability, .high)
        let scheme = Self.finding("SCH-001", .security, .medium)
        let security = try #require(FindingThreshold(parsing: "security:medium"))
        let any = try #require(FindingThreshold(parsing: "high"))
        #expect(!security.isTripped(by: outage))
        #expect(security.isTripped(by: scheme))
        #expect(any.isTripped(by: outage))
        #expect(!any.isTripped(by: scheme))
        #expect([security].isTripped(by: [outage, scheme]))
        #expect(![try #require(FindingThreshold(parsing: "security:high"))].isTripped(by: [outage, scheme]))
        #expect(![FindingThreshold]().isTripped(by: [outage, scheme]))
    }

    @Test func securityComesFirstWhateverTheSeverity() {
        let sorted = [
            Self.finding("AASA-007", .reliability, .high), Self.finding("SCH-001", .security, .low),
            Self.finding("AASA-018", .security, .medium),
        ].sortedForReport()
        #expect(sorted.map(\.id) == ["AASA-018", "SCH-001", "AASA-007"])
    }

    @Test func everyRuleHasACategoryAndNoReliabilityRuleIsCritical() {
        for rule in FindingRules.all {
            #expect(FindingCategory.default(forRule: rule.id) == rule.category)
            if rule.category == .reliability { #expect(rule.severity < .critical, "\(rule.id)") }
        }
        #expect(FindingCategory.default(forRule: "XYZ-999") == .reliability)
    }

    @Test func categoryIsEncodedAndOldDocumentsDecodeWithTheRulesCategory() throws {
        let finding =
            Finding(id: "SCH-001", severity: .low, title: "t", subject: "s", explanation: "e", remediation: "r")
        #expect(finding.category == .security)
        let data = try JSONEncoder().encode(finding)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["category"] as? String == "security")
        object.removeValue(forKey: "category")
        let old = try JSONDecoder().decode(Finding.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old == finding)
        object["category"] = "reliability"
        let explicit = try JSONDecoder().decode(Finding.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(explicit.category == .reliability)
        object["category"] = "other"
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(Finding.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test func countsByCategoryIncludeZeros() {
        let counts = [
            Self.finding("A-1", .security, .high), Self.finding("A-2", .reliability, .high),
            Self.finding("A-3", .reliability, .low),
        ].countsByCategory()
        #expect(counts[.security] == [.critical: 0, .high: 1, .medium: 0, .low: 0, .info: 0])
        #expect(counts[.reliability] == [.critical: 0, .high: 1, .medium: 0, .low: 1, .info: 0])
    }

    @Test func everySecurityRuleAndOutageHasAnImpactSentence() {
        for rule in FindingRules.all where rule.severity > .info {
            let sentence = FindingImpact.sentence(for: Self.finding(rule.id, rule.category, rule.severity))
            #expect(sentence != "t.", "\(rule.id) has no impact sentence")
            #expect(
                (sentence.first?.isUppercase == true || sentence.hasPrefix("iOS")) && sentence.hasSuffix("."),
                "\(rule.id)")
        }
    }

    /// The rules whose category depends on the finding have one sentence per category.
    @Test(arguments: ["URL-002", "AND-017", "XPL-001"])
    func aRuleOfEitherCategorySaysWhatEachCosts(id: String) {
        let security = FindingImpact.sentence(for: Self.finding(id, .security, .medium))
        let reliability = FindingImpact.sentence(for: Self.finding(id, .reliability, .low))
        #expect(security != "t." && reliability != "t." && security != reliability, "\(id)")
    }
}

@Suite struct DetailCaseTests {
    @Test(arguments: [
        ("rule 2 {} can never decide", "Rule 2 {} can never decide"),
        ("whole-site claim routes", "Whole-site claim routes"),
        ("applinks on example.com names", "applinks on example.com names"),
        ("percentEncoded false", "percentEncoded false"),
        ("get-task-allow is true", "get-task-allow is true"),
        ("https://example.org/login must not", "https://example.org/login must not"),
        ("\"components\" and", "\"components\" and"), ("Payload/App.app", "Payload/App.app"),
    ])
    func detailsStartWithACapitalUnlessTheyStartWithAName(input: String, expected: String) {
        #expect(SCH001CustomURLSchemes.sentenceCased(input) == expected)
    }
}

/// `docs/findings.md` names every rule whose category depends on the finding: a rule that passes
/// `category:` when it makes a finding is listed there.
@Suite struct PerFindingCategoryDocTests {
    @Test func everyRuleThatSetsItsCategoryPerFindingIsNamedInTheCatalogue() throws {
        let root = Fixtures.repositoryRoot
        let rules = root.appendingPathComponent("Shared/Findings/Rules")
        var ids: Set<String> = []
        let setsCategory = try Regex(#"(?m)^\s+(?:id: "[A-Z]+-\d+", )?category: (?!FindingCategory)"#)
        let idPattern = try Regex(#"let id = "([A-Z]+-\d{3})""#)
        for file in try FileManager.default.contentsOfDirectory(atPath: rules.path) {
            let text = try String(contentsOf: rules.appendingPathComponent(file), encoding: .utf8)
            guard text.contains(setsCategory),
                let id = text.firstMatch(of: idPattern)?.output[1].substring
            else { continue }
            ids.insert(String(id))
        }
        #expect(ids == ["URL-002", "AND-017", "XPL-001"], "per-finding categories: \(ids.sorted())")
        let doc = try String(contentsOf: root.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "A rule has one category"))
        let paragraph = String(doc[start.lowerBound...].prefix(900))
        for id in ids { #expect(paragraph.contains(id), "docs/findings.md does not name \(id) as per-finding") }
    }
}
