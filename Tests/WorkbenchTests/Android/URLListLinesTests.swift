import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The URL list line by line (`URLListLines`, the Mac app's lazy list) against the page the web
/// face fetches (`urlListPage`): the same lines in the same order, each presented alike, with
/// Android rows and the cross-platform cell when the document holds the APK.
@MainActor @Suite struct URLListLinesTests {
    static let lines = """
        https://example.com/buy/1
        not a url at all
        !https://example.com/admin
        =linklab://open/item
        https://shop.example.com/cart
        """

    @Test(arguments: [true, false])
    func everyLineIsTheLineThePageShows(ios: Bool) async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: ios)
        document.setURLLines(Self.lines + "\n" + (try WorkbenchDocumentAndroidTests.urls()))
        let lines = document.urlListLines
        let page = document.urlListPage(offset: 0, limit: Int.max, version: "v")
        #expect(lines.count == page.total && lines.count == page.items.count && lines.count > 5)
        #expect(lines.summary == page.summary)
        for index in 0..<lines.count {
            #expect(lines.line(at: index) == page.items[index], "line \(index)")
        }
        // Every decided line carries its Android rows; with both apps, its cross-platform cell.
        let decided = (0..<lines.count).map(lines.line(at:)).filter { $0.problem == nil }
        #expect(decided.allSatisfy { !$0.androidRows.isEmpty })
        #expect(decided.allSatisfy { ($0.crossPlatform != nil) == ios })
        #expect(lines.test(at: 1) == nil, "line 2 is not a URL")
        #expect(lines.line(at: 1).problem != nil)
        // The custom scheme is a line of the list (Android decides it) with its expectation judged.
        let custom = try #require(decided.first { $0.url == "linklab://open/item" })
        #expect(custom.expectationMet != nil && custom.iosRows.isEmpty)
    }

    @Test func withoutAnAndroidAppTheLinesAreTheIOSOnes() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        document.setURLLines(Self.lines)
        let lines = document.urlListLines
        let page = document.urlListPage(offset: 0, limit: Int.max, version: "v")
        #expect(lines.count == page.items.count)
        for index in 0..<lines.count { #expect(lines.line(at: index) == page.items[index]) }
        #expect((0..<lines.count).allSatisfy { lines.line(at: $0).androidRows.isEmpty })
        #expect(lines.summary == document.urlListSummary)
    }
}
