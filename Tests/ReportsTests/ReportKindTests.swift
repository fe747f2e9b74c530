import Foundation
import Reports
import Testing

/// The kind of assessment a report names on its cover and running header comes from its title,
/// so an Android or two-platform report never calls itself a universal links assessment.
@Suite struct ReportKindTests {
    @Test(arguments: [
        ("Universal links assessment: LinkLab", "Universal links assessment"),
        ("Android App Links assessment: com.example.app", "Android App Links assessment"),
        (
            "Universal links and App Links assessment: LinkLab / com.example.app",
            "Universal links and App Links assessment"
        ),
        ("A title without a colon", "A title without a colon"),
    ])
    func theKindIsTheTitlesFirstPart(title: String, kind: String) throws {
        let document = ReportDocument(title: title, generatedBy: "test")
        #expect(document.kind == kind)
        let html = document.html()
        #expect(html.contains("<p class=\"kicker\">\(kind)</p>"))
        if kind != "Universal links assessment" { #expect(!html.contains("Universal links security assessment")) }
    }
}
