import AndroidApp
import Findings
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The URL tester with both apps of the sample product: one row per platform for each URL
/// (iOS per app ID, Android per activity), the cross-platform table of the list, and the
/// Android what-if (an edited `assetlinks.json`, then reverted).
@MainActor @Suite struct CrossPlatformPresentationTests {
    typealias Pair = WorkbenchDocumentAndroidTests

    /// The Android decision the document's list made for `url`.
    static func listDecision(_ document: WorkbenchDocument, _ url: String) throws -> AndroidLinkDecision {
        try #require(document.androidAnalysis?.decisions.first { $0.url == url })
    }

    @Test func aTypedURLHasOneRowPerPlatform() async throws {
        let document = try await Pair.opened()
        let url = "https://example.com/open/item/7"
        let shown = document.presentation(ofTyped: url)
        let decision = try Self.listDecision(document, url)
        // iOS: a row per app ID, as without an APK.
        let iosAlone = URLTestPresentation(document.decide(url: url), apps: AuditedApps(document.app))
        #expect(shown.iosRows.map(\.appID) == iosAlone.verdicts.map(\.appID))
        #expect(!shown.iosRows.isEmpty)
        // Android: a row per matching activity, the first deciding, as the list decided it.
        let android = shown.androidRows
        #expect(android.allSatisfy { $0.platformName == "Android" && $0.appID == "com.example.app" })
        let activities = decision.activities.isEmpty ? [""] : decision.activities
        #expect(android.map(\.key) == activities)
        let deciding = try #require(android.first)
        #expect(deciding.hooks["deciding"] == "true")
        #expect(android.dropFirst().allSatisfy { $0.hooks["deciding"] == "false" })
        #expect(deciding.decision == decision.outcome.rawValue)
        #expect(deciding.ruleLocation.hasSuffix(decision.filterLine.map { ", filter at line \($0)" } ?? ""))
        #expect(deciding.hooks["verified"] == String(decision.outcome == .opensApp))
        #expect(deciding.trace == nil)
        // The trace on demand.
        let traced = try #require(document.presentation(ofTyped: url, traced: true).androidRows.first)
        #expect(traced.trace == decision.trace && !decision.trace.isEmpty)
        // The cross-platform cell agrees with both rows.
        let cell = try #require(shown.crossPlatform)
        let iosOpens = shown.verdicts.contains { $0.isAuditedApp && $0.decision == "match" }
        #expect(cell.outcomes.map(\.platform) == ["ios", "android"])
        #expect(cell.outcomes.last?.outcome == decision.outcome.rawValue)
        #expect(
            cell.verdict
                == (iosOpens
                    ? (decision.opensApp ? "both" : "ios_only")
                    : (decision.opensApp ? "android_only" : "neither")))
    }

    /// A host whose file no longer lists the app: a URL an activity matches goes to the browser,
    /// and the row says why (the host does not verify), naming the host.
    @Test func anUnverifiedHostSaysWhyTheBrowserOpensIt() async throws {
        let document = try await Pair.opened()
        try document.useFile(Data("[]".utf8), name: "empty.json", forHost: "example.com", on: .android)
        let decision = try #require(
            document.androidAnalysis?.decisions.first {
                $0.browserReason == .notVerified && $0.url.hasPrefix("https://example.com/")
            })
        let row = try #require(document.presentation(ofTyped: decision.url).androidRows.first)
        #expect(row.decision == "browser" && row.reason == "not_verified" && row.hooks["verified"] == "false")
        #expect(row.badge == Badge("not verified", tone: "warn", hook: "verification"))
        #expect(row.key == decision.activities.first && row.hooks["activity"] == row.key)
        let reason = try #require(row.detail)
        #expect(reason.contains("example.com") && reason.hasPrefix("host not verified"))
        #expect(row.headline.contains("browser"))
    }

    /// The list's table is the one a two-platform scan makes of the same facts.
    @Test func theListCarriesTheCrossPlatformTable() async throws {
        let document = try await Pair.opened()
        let ios = try #require(document.currentAnalysis)
        let android = try #require(document.androidAnalysis)
        // The list's lines as the document reads them with an Android app: web URLs and custom
        // schemes (the table then equals `scan app.ipa app.apk`'s: 6 both, 10 iOS, 4 Android, 4 neither).
        let entries = try Pair.urls().split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .enumerated().compactMap { index, line in
                try? URLList.entry(String(line), line: index + 1, schemes: .webOrCustom) ?? nil
            }
        #expect(entries.count == document.urlListCount - document.urlLineIssues.count)
        let oracle = CrossPlatformAnalysis(ios: ios, android: android, entries: entries).table
        let urls = document.presentation().urls
        let table = try #require(urls.crossPlatform)
        #expect(table.counts.map(\.verdict) == ["both", "ios_only", "android_only", "neither"])
        #expect(table.counts.map(\.count) == table.counts.map { oracle.counts[$0.verdict] ?? -1 })
        #expect(table.counts.map(\.count) == [6, 10, 4, 5])
        #expect(table.counts.map(\.count).reduce(0, +) == entries.count)
        #expect(table.rows.map(\.url) == oracle.rows.map(\.url))
        #expect(table.rows.map(\.cell.verdict) == oracle.rows.map(\.verdict.rawValue))
        #expect(Set(table.rows.map(\.cell.verdict)).count > 1)
        #expect(table.androidApp == "com.example.app" && table.androidSDK == 35)
        // Every decided line carries its cell and its Android rows; a line that is not a URL neither.
        let decided = urls.items.filter { $0.problem == nil }
        #expect(decided.map { $0.crossPlatform?.verdict } == oracle.rows.map(\.verdict.rawValue))
        #expect(decided.allSatisfy { !$0.androidRows.isEmpty })
        #expect(urls.items.filter { $0.problem != nil }.allSatisfy { $0.verdicts.isEmpty && $0.crossPlatform == nil })
        // A slice of the list is presented as the whole list presents its lines.
        let page = document.urlListPage(offset: 3, limit: 5, version: "v")
        #expect(page.items == Array(urls.items[3..<8]))
        // Expectations are judged on Android too.
        let marked = try #require(decided.first { $0.expectation == "mustNotOpen" })
        let markedDecision = try Self.listDecision(document, marked.url)
        let onAndroid = marked.expectations.first { $0.platform == "android" }
        #expect(onAndroid?.met == (markedDecision.outcome == .browser))
        #expect(marked.expectationMet == marked.expectations.allSatisfy(\.met))
    }

    @Test func withoutAnAndroidAppNothingChanges() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        document.setURLLines(try Pair.urls())
        let urls = document.presentation().urls
        #expect(urls.crossPlatform == nil)
        #expect(
            urls.items.allSatisfy { item in
                item.androidRows.isEmpty && item.crossPlatform == nil && item.expectations.isEmpty
                    && !item.showsPlatforms
            })
        #expect(document.presentation(ofTyped: "https://example.com/buy/42").androidRows.isEmpty)
        // An APK alone: Android rows, no table (no iOS side to compare).
        let apkOnly = try await Pair.opened(ios: false)
        #expect(apkOnly.presentation().urls.crossPlatform == nil)
    }

    /// What-if on Android: the host's `assetlinks.json` edited to list another package flips an
    /// Android verdict and changes nothing of the iOS half; revert brings back what was supplied.
    @Test func anAssetLinksWhatIfFlipsAnAndroidVerdictAndRevertRestoresIt() async throws {
        let document = try await Pair.opened()
        let host = "example.com"
        let beforeDecisions = try #require(document.androidAnalysis?.decisions)
        let beforeReport = try #require(document.android?.assetLinks.first { $0.host == host })
        let iosBefore = document.urlTests
        let iosFindingsBefore = document.findings.filter { !$0.finding.id.hasPrefix("AND-") }
        let served = try #require(try document.decidingText(forHost: host, on: .android))
        #expect(served.text.contains("com.example.app"))

        // Unchanged text is no edit.
        try document.edit(served.text, forHost: host, on: .android)
        #expect(document.android?.states[host] == .supplied && document.editedHosts(on: .android).isEmpty)

        try document.edit(
            served.text.replacingOccurrences(of: "com.example.app", with: "com.example.other"),
            forHost: host, on: .android)
        #expect(document.android?.states[host] == .edited && document.editedHosts(on: .android) == [host])
        let after = try #require(document.androidAnalysis?.decisions)
        let flipped = zip(beforeDecisions, after).filter { $0.outcome != $1.outcome }
        #expect(!flipped.isEmpty)
        #expect(
            flipped.allSatisfy { before, now in
                before.opensApp && now.browserReason == .notVerified && now.url.hasPrefix("https://\(host)/")
            })
        #expect(document.urlTests == iosBefore)
        // iOS findings unchanged (the cross-platform ones follow the Android verdicts).
        func iosOnly(_ list: [TriagedFinding]) -> [TriagedFinding] {
            list.filter { !$0.finding.id.hasPrefix("AND-") && !$0.finding.id.hasPrefix("XPL-") }
        }
        #expect(iosOnly(document.findings) == iosOnly(iosFindingsBefore))
        #expect(try document.decidingText(forHost: host, on: .android)?.text.contains("com.example.other") == true)
        #expect(document.presentation().exportWarning?.contains("assetlinks.json active on example.com") == true)
        let url = try #require(flipped.first?.0.url)
        #expect(document.presentation(ofTyped: url).androidRows.first?.reason == "not_verified")
        // A session saves what the host served, never the what-if.
        let saved = try SessionFile.read(document.save())
        #expect(saved.android?.hosts.first { $0.host == host }?.state == .supplied)

        try document.revert(host: host, on: .android)
        #expect(document.android?.states[host] == .supplied && document.editedHosts(on: .android).isEmpty)
        #expect(document.android?.assetLinks.first { $0.host == host } == beforeReport)
        #expect(document.androidAnalysis?.decisions == beforeDecisions)
        #expect(document.presentation().exportWarning == nil)
        #expect(throws: WorkbenchDocumentError.hostNotClaimed("evil.example")) {
            try document.edit("[]", forHost: "evil.example", on: .android)
        }
        // Reverting a host that is not edited changes nothing.
        try document.revert(host: host, on: .android)
        #expect(document.androidAnalysis?.decisions == beforeDecisions)
    }

    /// Text edited in a browser (LF line breaks) of a fetched 200 answer keeps that answer's
    /// status and URL; text back to what was served is a revert.
    @Test func aWhatIfOfAFetchedAnswerKeepsItsTransport() {
        let address = "https://example.com/.well-known/assetlinks.json"
        var fetched = RouteResult(route: .origin, url: address, userAgent: nil)
        fetched.status = 200
        fetched.body = Data("[]".utf8)
        let edited = WorkbenchDocument.assetLinksWhatIf(Data("[ ]".utf8), on: fetched)
        #expect(edited.route == .origin && edited.status == 200 && edited.url == fetched.url)
        #expect(edited.body == Data("[ ]".utf8) && edited.bytes == 3)
        var missing = fetched
        missing.status = 404
        let local = WorkbenchDocument.assetLinksWhatIf(Data("[]".utf8), on: missing)
        #expect(local.route == .local && AssetLinksReport(host: "example.com", result: local).outcome == .supplied)
        let huge = WorkbenchDocument.assetLinksWhatIf(Data(count: AssetLinksPolicy.bodyLimit + 1), on: nil)
        #expect(huge.truncated && huge.body.count == AssetLinksPolicy.bodyLimit)
    }
}
