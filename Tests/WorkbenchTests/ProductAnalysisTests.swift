import Foundation
import Reports
import TestSupport
import Testing
import Workbench

/// `ProductAnalysis`, the one value `linklab scan` renders whichever apps it read: the case
/// follows the apps given, and its findings, reports and JSON are the platform's own (or the
/// two-platform analysis's), never a second rendering.
@Suite struct ProductAnalysisTests {
    @Test func theCaseFollowsTheAppsAndEveryOutputIsThatAnalysiss() async throws {
        let ios = try await SampleScan.analysis()
        let android = try await SamplePairTests.android()
        let entries = try SampleScan.urls()
        #expect(ProductAnalysis(ios: nil, android: nil, entries: entries) == nil)

        let iosOnly = try #require(ProductAnalysis(ios: ios, android: nil, entries: entries))
        #expect(iosOnly.android == nil && iosOnly.title == ios.appName)
        #expect(iosOnly.findings == ios.findings && iosOnly.canRender(.testLinks))
        #expect(try iosOnly.report(.markdown) == ios.report(.markdown))

        let androidOnly = try #require(ProductAnalysis(ios: nil, android: android, entries: entries))
        #expect(androidOnly.ios == nil && androidOnly.title == android.snapshot.manifest.packageName)
        #expect(!androidOnly.canRender(.testLinks) && !androidOnly.canRender(.session))
        #expect(try androidOnly.scanDocument() == android.scanDocument())

        let both = try #require(ProductAnalysis(ios: ios, android: android, entries: entries))
        let pair = CrossPlatformAnalysis(ios: ios, android: android, entries: entries)
        #expect(both.title == "\(ios.appName) / \(android.snapshot.manifest.packageName)")
        #expect(both.findings == pair.findings && both.findings.contains { $0.id.hasPrefix("XPL-") })
        #expect(try both.report(.sarif) == pair.report(.sarif))
        #expect(try both.scanDocument() == pair.scanDocument())
        #expect(ExportFormat.allCases.allSatisfy { both.canRender($0) == iosOnly.canRender($0) })
    }

    /// The one rule `scan` asks before scanning and `canRender` after: the test-link page only
    /// with the iOS app, never a session, every report format with or without it.
    @Test(arguments: ExportFormat.allCases)
    func whatRendersFollowsTheIOSAppAlone(kind: ExportFormat) {
        let expected: (withIOS: Bool, withoutIOS: Bool) =
            switch kind {
            case .session: (false, false)
            case .testLinks: (true, false)
            case .markdown, .html, .pdf, .json, .sarif: (true, true)
            }
        #expect(ProductAnalysis.renders(kind, withIOSApp: true) == expected.withIOS)
        #expect(ProductAnalysis.renders(kind, withIOSApp: false) == expected.withoutIOS)
    }
}
