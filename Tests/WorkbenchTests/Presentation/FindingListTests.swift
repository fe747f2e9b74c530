import Findings
import Foundation
import SiteAssociation
import Testing
import Workbench

@Suite struct FindingListTests {
    private func finding(_ id: String, _ severity: Severity, _ subject: String, title: String = "Title") -> Finding {
        Finding(id: id, severity: severity, title: title, subject: subject, explanation: "Why", remediation: "Fix")
    }

    private var sample: [TriagedFinding] {
        let date = Date(timeIntervalSince1970: 0)
        return [
            TriagedFinding(finding: finding("AASA-007", .high, "example.com", title: "Exclude rule shadowed")),
            TriagedFinding(
                finding: finding("ENT-002", .medium, "com.example.app"),
                triage: Triage(status: .falsePositive, note: "staging only", setAt: date)),
            TriagedFinding(finding: finding("AASA-010", .medium, "shop.example.com")),
            TriagedFinding(finding: finding("INFO-001", .info, "com.example.app")),
        ]
    }

    @Test func countsEverySeverityIncludingZeroAndSuppressedApart() {
        let list = FindingList(sample)
        #expect(list.counts == [.critical: 0, .high: 1, .medium: 1, .low: 0, .info: 1])
        #expect(list.suppressedCount == 1)
        #expect(list.countSummary == "1 high · 1 medium · 1 info · 1 suppressed")
    }

    @Test func groupsBySeverityMostSevereFirstThenSuppressedAndDropsEmptyGroups() {
        let groups = FindingList(sample).groups
        #expect(groups.map(\.id) == ["high", "medium", "info", "suppressed"])
        #expect(groups[1].findings.map(\.finding.id) == ["AASA-010"])
        #expect(groups[1].title == "Medium (1)")
        #expect(groups[3].findings.map(\.finding.id) == ["ENT-002"])
        #expect(groups[3].title == "Suppressed (1)")
    }

    @Test func theCountsAreWhatTheGroupsShowWithNoFilter() {
        let list = FindingList(sample)
        for severity in Severity.allCases {
            let shown = list.groups.first { $0.severity == severity }?.findings.count ?? 0
            #expect(list.counts[severity] == shown)
        }
        #expect(list.groups.first { $0.severity == nil }?.findings.count == list.suppressedCount)
    }

    @Test func everyWordOfTheQueryMustMatchAndSeveritiesFilter() {
        #expect(FindingList(sample, query: "aasa shop").visible.map(\.finding.id) == ["AASA-010"])
        #expect(FindingList(sample, query: "medium false").visible.map(\.finding.id) == ["ENT-002"])
        #expect(FindingList(sample, severities: [.info, .high]).visible.map(\.finding.id) == ["AASA-007", "INFO-001"])
        #expect(FindingList(sample, query: "nothing-like-this").emptyText == "No finding matches the filter.")
        #expect(FindingList([]).emptyText == "No findings.")
        #expect(FindingList(sample).emptyText == nil)
    }

    @Test func searchMatchesIDTitleSubjectAndNoteCaseInsensitively() {
        #expect(FindingList(sample, query: "aasa").visible.map(\.finding.id) == ["AASA-007", "AASA-010"])
        #expect(FindingList(sample, query: "SHADOWED").visible.map(\.finding.id) == ["AASA-007"])
        #expect(FindingList(sample, query: "shop.").visible.map(\.finding.id) == ["AASA-010"])
        #expect(FindingList(sample, query: "staging").visible.map(\.finding.id) == ["ENT-002"])
        #expect(FindingList(sample, query: "  ").visible.count == 4)
    }

    @Test func statusFilterKeepsOnlyThoseStatuses() {
        let open = FindingList(sample, statuses: [.open])
        #expect(open.visible.map(\.finding.id) == ["AASA-007", "AASA-010", "INFO-001"])
        #expect(open.counts[.medium] == 1, "counts describe the whole document, not the filter")
    }

    @Test func nextAndPreviousWalkTheVisibleOrderAndStopAtTheEnds() {
        let list = FindingList(sample)
        let prints = list.groups.flatMap(\.findings).map(\.fingerprint)
        #expect(prints.count == 4 && prints.last == sample[1].fingerprint, "the suppressed group comes last")
        #expect(list.next(after: nil) == prints.first)
        #expect(list.next(after: prints[0]) == prints[1])
        #expect(list.next(after: prints[3]) == prints[3])
        #expect(list.previous(before: prints[1]) == prints[0])
        #expect(list.previous(before: prints[0]) == prints[0])
        #expect(list.previous(before: nil) == prints.last)
        #expect(list.next(after: "not-there") == prints.first)
        #expect(FindingList([]).next(after: nil) == nil)
    }

    @Test func badgesHaveTextAndAccessibilityLabels() {
        #expect(TriageStatus.falsePositive.badge == "False positive")
        #expect(
            TriageStatus.allCases.map(\.badge) == ["Open", "Confirmed", "False positive", "Accepted risk", "Fixed"])
        let row = FindingRow(sample[1])
        #expect(row.accessibilityLabel == "Medium: ENT-002, Title, com.example.app. Triage: False positive.")
    }
}

@Suite struct VerdictPresentationTests {
    @Test func decisionsReadAsSentencesAndKeepTheHookValue() {
        let match = VerdictPresentation(AppVerdict(appID: "A.b", decision: .match, ruleText: "{\"/\":\"/buy/*\"}"))
        #expect(match.headline == "Opens the app")
        #expect(match.hookDecision == "match")
        #expect(match.rule == "{\"/\":\"/buy/*\"}")
        #expect(
            VerdictPresentation(AppVerdict(appID: "A.b", decision: .exclude)).headline
                == "Blocked by an exclude rule (opens in Safari)")
        let none = VerdictPresentation(AppVerdict(appID: "A.b", decision: .noMatch))
        #expect(none.headline == "No rule matches (opens in Safari)")
        #expect(none.hookDecision == "no_match")
        #expect(none.rule == "no deciding rule")
        #expect(none.accessibilityLabel == "A.b: No rule matches (opens in Safari)")
    }

    @Test func expectationMismatchIsFlagged() {
        let verdict = AppVerdict(appID: "A.b", decision: .noMatch)
        #expect(VerdictPresentation(verdict, expectation: .mustOpen).meetsExpectation == false)
        #expect(VerdictPresentation(verdict, expectation: .mustNotOpen).meetsExpectation == true)
        #expect(VerdictPresentation(verdict, expectation: URLExpectation.none).meetsExpectation == nil)
    }
}

@Suite struct ExportNamingTests {
    @Test func fileNameIsSourceStemDateAndExtension() {
        let date = Date(timeIntervalSince1970: 1_743_581_647)  // 2025-04-02 08:14:07 UTC
        #expect(
            ExportNaming.fileName(source: "LinkLab Sample.ipa", fileExtension: "md", date: date)
                == "LinkLab Sample report 2025-04-02.md")
        #expect(
            ExportNaming.fileName(source: nil, fileExtension: "sarif", date: date)
                == "UniversalLinkLab report 2025-04-02.sarif")
        #expect(
            ExportNaming.fileName(source: "../../etc/pa:ss\u{0}wd.ipa", fileExtension: "pdf", date: date)
                == "pa-ss-wd report 2025-04-02.pdf")
        #expect(ExportNaming.sessionName(source: "Sample.ipa") == "Sample.linklab")
        #expect(ExportNaming.sessionName(source: nil) == "Untitled.linklab")
    }

    @Test func hugeNamesAreShortened() {
        let name = ExportNaming.fileName(
            source: String(repeating: "a", count: 1000) + ".ipa", fileExtension: "md",
            date: Date(timeIntervalSince1970: 0))
        #expect(name.count <= 120)
        #expect(name.hasSuffix(" report 1970-01-01.md"))
    }
}

@Suite struct NoMatchWordingTests {
    /// A no_match reads as the step that decided it: every reason has its own headline and
    /// its own short form, and none of them claims that no detail lists the app unless that is
    /// the reason.
    @Test func everyReasonReadsDifferently() {
        let headlines = NoMatchReason.allCases.map { VerdictPresentation(.noMatch("A.b", $0)).headline }
        let locations = NoMatchReason.allCases.map { VerdictPresentation(.noMatch("A.b", $0)).ruleLocation }
        #expect(Set(headlines).count == NoMatchReason.allCases.count)
        #expect(Set(locations).count == NoMatchReason.allCases.count)
        for reason in NoMatchReason.allCases where reason != .appNotListed {
            #expect(VerdictPresentation(.noMatch("A.b", reason)).ruleLocation != "no detail lists this app ID")
        }
        #expect(
            VerdictPresentation(
                .noMatch(
                    "A.b",
                    .port)
            ).headline == "The URL's port is not the claimed one (opens in Safari)")
        #expect(VerdictPresentation(.noMatch("A.b", .noRuleMatched)).ruleLocation == "no rule matched")
        let match = VerdictPresentation(AppVerdict(appID: "A.b", decision: .match, detail: 1, rule: 2))
        #expect(match.ruleLocation == "details[1] rule 2")
    }
}

@Suite struct HiddenCharacterPresentationTests {
    /// A finding from a hostile input reaches every face with its hidden characters as markers;
    /// the tester's own note is kept as typed (a face edits it).
    @Test func rowsDetailsAndVerdictsShowMarkers() {
        let finding = Finding(
            id: "AASA-027", category: .security, severity: .medium, title: "T\u{202E}x",
            subject: "example.com\u{200B}", explanation: "One \u{2066}two.",
            evidence: [.text("rule /a\u{202E}b")], remediation: "Fix.", references: [])
        let triaged = TriagedFinding(
            finding: finding,
            triage: Triage(
                status: .confirmed, note: "n\u{202E}",
                setAt: Date(timeIntervalSince1970: 0)))
        let row = FindingRowPresentation(triaged)
        #expect(row.title == "T‹U+202E›x" && row.subject == "example.com‹U+200B›")
        let detail = FindingDetailPresentation(triaged)
        #expect(detail.paragraphs == ["One ‹U+2066›two."])
        #expect(detail.evidence.first?.text.contains("/a‹U+202E›b") == true)
        #expect(detail.note == "n\u{202E}")
        let verdict = VerdictPresentation(
            AppVerdict(
                appID: "A.b", decision: .match, detail: 0, rule: 0,
                ruleText: #"{"/":"/a\#u{202E}b"}"#))
        #expect(verdict.rule == #"{"/":"/a‹U+202E›b"}"#)
    }
}
