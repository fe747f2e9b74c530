import Findings
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// `ProductAnalysis.textSections`, the words of `linklab scan`'s text face for the sample's three
/// cases (iOS alone, Android alone, both apps): one unheaded part per app alone; with both apps
/// the "iOS" and "Android" parts, then the verdict table's, which together list the product's
/// findings.
@Suite struct ProductAnalysisTextTests {
    @Test func theIOSAppAloneIsOneUnheadedPartWithItsNameIdentityAndCounts() async throws {
        let ios = try await SampleScan.analysis()
        let product = try #require(ProductAnalysis(ios: ios, android: nil, entries: try SampleScan.urls()))
        let sections = product.textSections
        try #require(sections.count == 1)
        let section = sections[0]
        #expect(section.heading == nil)
        #expect(section.title?.emphasized == "LinkLab")
        #expect(section.title?.rest == "  com.example.app  \(SampleScan.appID)  (LinkLabSample.ipa)")
        #expect(
            section.summary == [
                "8 domains (offline: 6 supplied, 2 not fetched), "
                    + "18 URLs tested (12 match, 3 exclude, 3 no_match)"
            ])
        #expect(section.notes.isEmpty && section.findings == ios.findings && !section.findings.isEmpty)
    }

    @Test func anIOSNoteIsItsPartsNote() async throws {
        var supplied = SampleScan.supplied
        supplied["unrelated.test"] = SampleScan.aasa("example.com")
        let ios = try await SampleScan.pipeline(supplied: supplied, urls: []).run()
        let section = try #require(ProductAnalysis.ios(ios).textSections.first)
        #expect(section.notes == ios.notes)
        #expect(section.notes.count == 1 && section.notes[0].hasPrefix("--aasa unrelated.test: "))
        #expect(section.summary == ["8 domains (offline: 6 supplied, 2 not fetched), 0 URLs tested"])
    }

    @Test func theAndroidAppAloneIsItsSummaryTextLineByLine() async throws {
        let android = try await SamplePairTests.android()
        let sections = ProductAnalysis.android(android).textSections
        try #require(sections.count == 1)
        let section = sections[0]
        #expect(section.heading == nil && section.title == nil && section.notes.isEmpty)
        #expect(section.summary.joined(separator: "\n") + "\n" == android.summaryText())
        #expect(section.summary.first?.hasPrefix("LinkLabSample.apk: com.example.app ") == true)
        #expect(section.summary.allSatisfy { !$0.unicodeScalars.contains("\n") })
        #expect(section.findings == android.findings && section.findings.count == 14)
    }

    @Test func bothAppsAreHeadedPartsThenTheVerdictTable() async throws {
        let ios = try await SampleScan.analysis()
        let android = try await SamplePairTests.android()
        let entries = try SampleScan.urls()
        let product = try #require(ProductAnalysis(ios: ios, android: android, entries: entries))
        guard case .both(let both) = product else { throw Failure("not both apps") }
        let sections = product.textSections
        try #require(sections.count == 3)
        #expect(sections.map(\.heading) == ["iOS", "Android", nil])

        var iosAlone = try #require(ProductAnalysis.ios(ios).textSections.first)
        iosAlone.heading = "iOS"
        #expect(sections[0] == iosAlone)
        var androidAlone = try #require(ProductAnalysis.android(both.android).textSections.first)
        androidAlone.heading = "Android"
        #expect(sections[1] == androidAlone)

        let table = sections[2]
        #expect(table.title == nil && table.notes.isEmpty)
        #expect(table.summary.joined(separator: "\n") + "\n" == both.table.summaryText())
        #expect(table.findings == both.table.findings && table.findings.contains { $0.id == "XPL-002" })
        // Every finding of the product once, in the part of its platform (the product orders them its own way).
        let listed = sections.flatMap(\.findings)
        let everyOneListed = product.findings.allSatisfy { finding in listed.contains { $0 == finding } }
        #expect(listed.count == product.findings.count && everyOneListed)
    }

    @Test func linesAreCutAtLineFeedsOnly() {
        #expect(ProductAnalysis.lines(of: "") == [])
        #expect(ProductAnalysis.lines(of: "\n") == [""])
        #expect(ProductAnalysis.lines(of: "a\r\nb\n\nc\n") == ["a\r", "b", "", "c"])
        #expect(ProductAnalysis.lines(of: "a\u{2028}b") == ["a\u{2028}b"])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
