import Findings
import Foundation
import Testing

@testable import Reports

@Suite struct HTMLReportTests {
    static let hostile = "\"><script>alert(1)</script><img src=x onerror=alert(2)>&amp;"

    static var hostileDocument: ReportDocument {
        let finding = Finding(
            id: "AASA-018", severity: .medium, title: "Sensitive paths", subject: hostile,
            explanation: hostile,
            evidence: [
                .text(hostile),
                .network(NetworkObservation(host: hostile, headerName: "X", headerValue: hostile)),
            ],
            remediation: hostile,
            references: [
                Reference(title: hostile, url: "javascript:alert(3)"),
                Reference(title: "ok", url: "https://e.example/\"onmouseover=\"x"),
            ])
        return ReportDocument(
            title: hostile, subtitle: hostile, identity: [KeyValue(hostile, hostile)],
            generatedBy: hostile,
            findings: [finding],
            sections: [
                ReportSection(
                    title: hostile,
                    blocks: [
                        .paragraph(hostile), .code(CodeBlock(caption: hostile, text: hostile)),
                        .table(
                            ReportTable(
                                columns: [hostile],
                                rows: [[hostile]])),
                        .findings([finding]),
                    ])
            ],
            entitlements: [EntitlementsListing(bundle: hostile, text: hostile)])
    }

    @Test func hostileTextNeverBecomesMarkup() {
        let html = Self.hostileDocument.html()
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("href=\"javascript"))
        #expect(!html.contains("\"onmouseover=\""))
        #expect(html.contains("&amp;amp;"))  // input "&amp;" shown as typed
    }

    @Test func testLinkPageLinksOnlyWebURLs() {
        let page = TestLinkPage(
            title: Self.hostile,
            links: [
                .init(url: "javascript:alert(1)"), .init(url: "JavaScript:alert(1)"),
                .init(url: " javascript:alert(1)"),
                .init(url: "data:text/html,<script>"), .init(url: "https://a.example/\"><b>"),
                .init(url: "shopapp://open?id=1"),
            ], generatedBy: "tests")
        let html = page.html()
        #expect(!html.contains("<script"))
        #expect(!html.lowercased().contains("href=\"javascript"))
        #expect(!html.contains("href=\" javascript"))
        #expect(!html.contains("href=\"data:"))
        #expect(html.contains("href=\"https://a.example/&quot;&gt;&lt;b&gt;\""))
        #expect(html.contains("href=\"shopapp://open?id=1\""))
        #expect(html.components(separatedBy: "<svg").count == 3)
    }

    @Test func reportLinksOnlyWebURLs() {
        #expect(HTMLEscape.safeHref("shopapp://x") == nil)
        #expect(HTMLEscape.safeHref("shopapp://x", customSchemes: true) == "shopapp://x")
        #expect(HTMLEscape.safeHref("https://a.example/?a=1&b=2") == "https://a.example/?a=1&amp;b=2")
        #expect(HTMLEscape.safeHref("java\nscript:x", customSchemes: true) == nil)
    }

    @Test func preformattedTextKeepsItsFirstLine() {
        let html = SampleReport.document.html()
        #expect(html.contains("<pre><code>details[0] appIDs"))
    }

    @Test func reportIsSelfContained() {
        let html = SampleReport.document.html()
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src="))
        #expect(!html.contains("@import"))
        #expect(html.contains("@media print"))
        for severity in Severity.allCases {
            #expect(html.contains(".sev-\(severity.rawValue) { background: \(severity.hexColor); }"))
        }
    }

    @Test func everyFindingHasACardWithItsEvidence() {
        let html = SampleReport.document.html()
        for finding in SampleReport.findings {
            #expect(html.contains("id=\"\(HTMLReport.anchorBase(finding))"))
        }
        #expect(html.contains("SWCERR00301 Timeout"))
        #expect(html.contains("application:continueUserActivity:restorationHandler:"))
    }
}

@Suite struct SampleURLTests {
    @Test(arguments: [
        ("shop.example.com", "/buy/*", nil as String?, "https://shop.example.com/buy/sample"),
        ("shop.example.com", "/item/???", nil, "https://shop.example.com/item/xxx"),
        ("shop.example.com", "help", nil, "https://shop.example.com/help"),
        ("shop.example.com:8443", "/a b/*", "q=1", "https://shop.example.com:8443/a%20b/sample?q=1"),
        ("shop.example.com", "/caf%C3%A9/*", nil, "https://shop.example.com/caf%C3%A9/sample"),
        ("shop.example.com", "/ü", nil, "https://shop.example.com/%C3%BC"),
    ])
    func claimedPathsBecomeTappableURLs(host: String, pattern: String, query: String?, expected: String) {
        #expect(TestLinkPage.sampleURL(host: host, pathPattern: pattern, query: query) == expected)
    }
}
