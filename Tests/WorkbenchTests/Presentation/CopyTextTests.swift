import AssociationFetch
import Foundation
import Testing

@testable import Workbench

/// The strings a tester copies, and Apple's answers cleared when the host's file changes.
@MainActor @Suite struct CopyTextTests {
    @Test func aFindingCopiesAsMarkdownWithItsTriage() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let item = try #require(document.findings.first { $0.finding.id == "ENT-005" })
        try document.setTriage(fingerprint: item.fingerprint, status: .confirmed, note: "seen on device")
        let triaged = try #require(document.findings.first { $0.fingerprint == item.fingerprint })
        let text = CopyText.finding(triaged)
        #expect(text.hasPrefix("### High: \(item.finding.title) (ENT-005)"))
        #expect(text.contains("**Subject:** `\(item.finding.subject)`"))
        #expect(text.contains(item.finding.remediation))
        for evidence in item.finding.evidence { #expect(text.contains("- \(evidence.summary)")) }
        #expect(text.contains("**Triage:** \(TriageStatus.confirmed.badge) — seen on device"))
        #expect(!CopyText.finding(item).contains("**Triage:**"), "an open finding without a note has no triage line")
    }

    @Test func aVerdictCopiesOnOneLine() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let test = document.presentation(ofTyped: "https://example.com/buy/42")
        let verdict = try #require(test.verdicts.first { $0.appID == SampleScan.appID })
        let text = CopyText.verdict(url: test.url, verdict)
        let rule = verdict.ruleText ?? ""
        #expect(text == "https://example.com/buy/42 → \(SampleScan.appID): \(verdict.headline) (\(rule))")
        #expect(verdict.ruleText != nil && !text.contains("\n"))
    }

    @Test func curlFetchesEachRouteWithoutFollowingRedirects() {
        #expect(
            CopyText.curl(host: "example.com", route: .origin)
                == #"""
                curl -sS -D - -H "Accept: application/json" https://example.com/.well-known/apple-app-site-association
                """#)
        #expect(
            CopyText.curl(host: "example.com", route: .cdn)
                == #"""
                curl -sS -D - -H "Accept: application/json" \#
                https://app-site-association.cdn-apple.com/a/v1/example.com
                """#)
        #expect(
            CopyText.curl(host: "shop.example.com:8443", route: .legacy)?
                .hasSuffix("https://shop.example.com:8443/apple-app-site-association") == true)
        #expect(CopyText.curl(host: "example.com", route: .local) == nil)
        #expect(CopyText.curl(host: "not a host", route: .origin) == nil)
        #expect(CopyText.curl(host: "example.com", route: .origin)?.contains(" -L") == false)
    }

    @Test func appleAnswersAreClearedWhenTheHostsFileChanges() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        var book = AppleAnswerBook<String>()
        let url = "https://example.com/buy/42"
        book.record(
            "matched", url: url, host: "example.com",
            file: document.associationFileData(forHost: "example.com"))
        #expect(book.answer(for: url, currentFile: document.associationFileData(forHost:)) == "matched")

        try document.edit(#"{"applinks":{"details":[]}}"#, forHost: "example.com")
        #expect(book.answer(for: url, currentFile: document.associationFileData(forHost:)) == nil)
        book.prune(currentFile: document.associationFileData(forHost:))
        #expect(book.isEmpty)
    }
}
