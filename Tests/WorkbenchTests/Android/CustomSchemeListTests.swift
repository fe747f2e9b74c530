import Foundation
import TestSupport
import Testing

@testable import Workbench

/// With an Android app, the workbench's URL list takes custom schemes as `scan app.ipa app.apk`
/// does: a `linklab-admin://…` line is decided for Android and in the verdict table (iOS by the
/// schemes the app declares), not refused as "not a URL"; a document without an iOS app lists
/// every line with its Android rows.
@MainActor
@Suite struct CustomSchemeListTests {
    static let scheme = "linklab-admin://users/delete"

    @Test func aCustomSchemeLineIsDecidedForAndroidAndInTheTable() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let urls = document.presentation().urls
        #expect(!document.urlLineIssues.contains { $0.text.contains(Self.scheme) })
        let item = try #require(urls.items.first { $0.url == Self.scheme })
        // iOS does not decide it: the expectation is judged on Android alone.
        #expect(item.problem == nil && item.iosRows.isEmpty && item.expectations.isEmpty)
        #expect(item.note?.hasPrefix("Not a universal link") == true)
        #expect(!item.androidRows.isEmpty && item.expectationMet != nil)
        #expect(urls.crossPlatform?.rows.contains { $0.url == Self.scheme } == true)
        // The view's table is the report's: the same rows as the two-platform analysis.
        let both = try #require(document.currentCrossPlatform)
        #expect(urls.crossPlatform?.rows.map(\.url) == both.table.rows.map(\.url))
        #expect(urls.summary.contains("; Android: "))
        // Slices carry the same line, and the count covers it.
        let page = document.urlListPage(offset: 0, limit: 2_000, version: "v")
        #expect(page.total == document.urlListCount && page.items.contains { $0.url == Self.scheme })
        // iOS never decided it: its tests are the http(s) lines only.
        #expect(document.urlTests.allSatisfy { $0.url.hasPrefix("http") })
        // Without the Android app the line is "not a URL" again.
        document.removeAndroidApp()
        #expect(document.urlLineIssues.contains { $0.text.contains(Self.scheme) })
        #expect(!document.presentation().urls.items.contains { $0.url == Self.scheme && $0.problem == nil })
    }

    @Test func anAndroidOnlyDocumentListsEveryLineWithItsAndroidRows() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let urls = document.presentation().urls
        let entries = try WorkbenchDocumentAndroidTests.urls().split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let items = urls.items.filter { $0.problem == nil }
        #expect(items.count == entries.count && !items.isEmpty)
        #expect(items.allSatisfy { !$0.androidRows.isEmpty && $0.iosRows.isEmpty })
        #expect(items.allSatisfy { $0.note == "No iOS app in this document: decided for Android only." })
        #expect(urls.summary.hasPrefix("Android: \(entries.count) URLs"))
        #expect(urls.crossPlatform == nil)
    }
}
