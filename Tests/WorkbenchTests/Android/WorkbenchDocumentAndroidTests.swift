import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// One document for both apps of a product: the sample IPA and APK in one `WorkbenchDocument`,
/// offline, each Android host's `assetlinks.json` supplied as `linklab scan --assetlinks` would.
@MainActor @Suite struct WorkbenchDocumentAndroidTests {
    static let samples = SampleScan.root.appendingPathComponent("Samples")
    /// The sample APK's hosts with an `assetlinks.json` in `Samples/assetlinks/`.
    static let androidHosts = ["example.com", "example.org", "shop.example.com"]
    /// Every host the sample APK verifies: those, and the two planted ones no file can stand for
    /// (`linklab.page.link`, shut down; `links.linklab.invalid`, never resolves: `Samples/README.md`).
    static let apkHosts = androidHosts + ["linklab.page.link", "links.linklab.invalid"]

    static func urls() throws -> String {
        try String(contentsOf: samples.appendingPathComponent("urls-both.txt"), encoding: .utf8)
    }

    /// The sample IPA (if `ios`), then the sample APK, with the sample's files supplied.
    static func opened(ios: Bool = true) async throws -> WorkbenchDocument {
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        if ios {
            document.openApp(at: SampleScan.ipa)
            await document.settled()
        }
        document.addAndroidApp(at: samples.appendingPathComponent("LinkLabSample.apk"))
        await document.settled()
        for host in androidHosts {
            // Named as the scan shows a supplied file (ShownFileName), so evidence compares equal.
            let file = samples.appendingPathComponent("assetlinks/\(host).json")
            try document.useFile(Data(contentsOf: file), name: ShownFileName.of(file.path), forHost: host, on: .android)
        }
        document.setURLLines(try urls())
        return document
    }

    /// What `linklab scan LinkLabSample.apk --offline --assetlinks …` finds, for the same URLs.
    static func scanned() async throws -> AndroidAnalysis {
        let lines = try urls().split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        return try await SamplePairTests.android(urls: lines)
    }

    @Test func bothAppsInOneDocumentDecideAndFindAsTheirScansDo() async throws {
        let document = try await Self.opened()
        let scan = try await Self.scanned()
        let android = try #require(document.androidAnalysis)
        #expect(document.phase == .ready)
        #expect(document.app != nil && document.android?.snapshot.manifest.packageName == "com.example.app")
        #expect(android.findings == scan.findings)
        #expect(android.decisions == scan.decisions && !android.decisions.isEmpty)
        // The document's findings are both catalogues', in report order, each triaged like the others.
        let ios = try #require(document.currentAnalysis).findings
        #expect(ios.allSatisfy { !$0.id.hasPrefix("AND-") } && ios.contains { $0.id == "ENT-005" })
        // … and the cross-platform ones of the two-platform report.
        let xpl = try #require(document.currentCrossPlatform).table.findings
        #expect(!xpl.isEmpty)
        #expect(Set(document.findings.map(\.finding)) == Set(ios + scan.findings + xpl))
        #expect(document.findings.map(\.finding) == (ios + scan.findings + xpl).sortedForReport())
        let fingerprint = try #require(document.findings.first { $0.finding.id.hasPrefix("AND-") }?.fingerprint)
        try document.setTriage(fingerprint: fingerprint, status: .falsePositive, note: "checked on device")
        #expect(document.findings.first { $0.fingerprint == fingerprint }?.triage?.status == .falsePositive)
    }

    @Test func anAndroidOnlyDocumentHoldsTheAPKAlone() async throws {
        let document = try await Self.opened(ios: false)
        #expect(document.app == nil && document.domains.isEmpty && document.phase == .ready)
        #expect(document.findings.map(\.finding) == (try await Self.scanned()).findings)
        #expect(document.source?.name == "LinkLabSample.apk")
    }

    /// A host's file decides its hosts' verdicts: supplying a file that lists another package
    /// changes that host's Android verdicts and nothing of the iOS half.
    @Test func anAssetLinksFileChangesTheAndroidVerdictsOnly() async throws {
        let document = try await Self.opened()
        let before = try #require(document.androidAnalysis)
        let iosBefore = document.urlTests
        try document.useFile(Data("[]".utf8), name: "empty.json", forHost: "example.com", on: .android)
        let after = try #require(document.androidAnalysis)
        #expect(after.decisions != before.decisions)
        #expect(document.urlTests == iosBefore)
        #expect(document.android?.states["example.com"] == .supplied)
        #expect(throws: WorkbenchDocumentError.hostNotClaimed("evil.example")) {
            try document.useFile(Data("[]".utf8), name: "x.json", forHost: "evil.example", on: .android)
        }
    }

    /// A file given to an Android host is kept as an iOS host's is: its name without the folders
    /// of the tester's machine, its whole size (cut at Android's cap), the host read as an iOS
    /// host is read (case and surrounding spaces ignored).
    @Test func anAndroidHostsFileIsNamedAndSizedAsAnIOSHostsIs() async throws {
        let document = try await Self.opened(ios: false)
        let big = Data(repeating: UInt8(ascii: " "), count: AssetLinksPolicy.bodyLimit + 10)
        try document.useFile(big, name: "/home/tester/client/big.json", forHost: " Example.COM ", on: .android)
        let android = try #require(document.android)
        let result = try #require(android.assetLinks.first { $0.host == "example.com" }?.result)
        #expect(result.url == "file://big.json")
        #expect(result.bytes == big.count && result.truncated && result.body.count == AssetLinksPolicy.bodyLimit)
        let ios = WorkbenchDocument.localResult(big, name: "/home/tester/client/big.json", limit: 1 << 20)
        #expect(ios.url == result.url && ios.bytes == result.bytes)
        // A name of one letter and a thousand combining marks is one character but 2,001 bytes.
        let marks = "a" + String(repeating: "\u{301}", count: 1_000)
        let capped = WorkbenchDocument.localRoute(Data(), name: marks, limit: 10)
        #expect(capped.url.utf8.count <= "file://".count + 255)
    }

    @Test func aSessionWithBothAppsReopensWithTheSameFindingsAndVerdicts() async throws {
        let document = try await Self.opened()
        let fingerprint = try #require(document.findings.first { $0.finding.id.hasPrefix("AND-") }?.fingerprint)
        try document.setTriage(fingerprint: fingerprint, status: .acceptedRisk, note: "by design")
        let data = try document.save()
        let file = try SessionFile.read(data)
        #expect(
            file.schemaVersion == 2 && file.android?.hosts.map(\.host) == Self.apkHosts.sorted()
                || file.android?.hosts.count == Self.apkHosts.count)
        let reopened = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        try reopened.openSession(data)
        #expect(reopened.findings == document.findings)
        #expect(reopened.androidAnalysis?.decisions == document.androidAnalysis?.decisions)
        #expect(reopened.android == document.android)
        #expect(reopened.urlTests == document.urlTests)
        #expect(!reopened.notes.contains { $0.contains("findings differ") })
        #expect(try reopened.save() == data)
    }

    /// The session fuzzer's seed with both apps (`Fuzz/Session/seeds/sample-both.linklab`) is a
    /// session this build saves and opens; `LINKLAB_WRITE_SEEDS=1` writes it again.
    @Test func theFuzzSeedWithBothAppsOpens() async throws {
        let seed = SampleScan.root.appendingPathComponent("Fuzz/Session/seeds/sample-both.linklab")
        if ProcessInfo.processInfo.environment["LINKLAB_WRITE_SEEDS"] == "1" {
            try await Self.opened().save().write(to: seed)
        }
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        try document.openSession(Data(contentsOf: seed))
        #expect(document.android != nil && document.app != nil)
        #expect(document.findings.contains { $0.finding.id.hasPrefix("AND-") })
    }

    /// A session without an Android app stays schema 1, byte for byte, so an older linklab opens it.
    @Test func aSessionWithoutAndroidKeepsSchemaOne() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let data = try document.save()
        #expect(try SessionFile.read(data).schemaVersion == 1)
        #expect(!String(decoding: data, as: UTF8.self).contains("\"android\""))
    }

    @Test func aHostileAndroidHalfIsRefusedWithItsPath() async throws {
        let data = try await Self.opened().save()
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var android = try #require(json["android"] as? [String: Any])
        android["sdk"] = 100_000
        json["android"] = android
        let hostile = try JSONSerialization.data(withJSONObject: json)
        #expect(throws: SessionFileError.invalidField("android.sdk", "100000 is not an Android API level")) {
            try SessionFile.read(hostile)
        }
        var hosts = try #require(android["hosts"] as? [[String: Any]])
        android["sdk"] = 35
        hosts.append(hosts[0])
        android["hosts"] = hosts
        json["android"] = android
        #expect(throws: SessionFileError.invalidField("android.hosts", "a host twice")) {
            try SessionFile.read(try JSONSerialization.data(withJSONObject: json))
        }
    }

    @Test func aFileThatIsNotAnAPKLeavesTheIOSHalfAndSaysWhy() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let findings = document.findings
        document.addAndroidApp(at: SampleScan.ipa, name: "not-an.apk")
        await document.settled()
        #expect(document.android == nil && document.findings == findings && document.phase == .ready)
        #expect(document.notes.contains { $0.hasPrefix("not-an.apk: ") })
        #expect(!document.notes.contains { $0.contains(SampleScan.ipa.path) })
    }
}

/// The Android verdict line says why a link an activity matches still goes to the browser.
@Suite struct AndroidVerdictLineTests {
    @Test func aMatchedLinkThatGoesToTheBrowserSaysWhy() async throws {
        let analysis = try await SamplePairTests.android(urls: [
            "https://shop.example.com/shop/shoes/42",
            "https://example.com/buy/42", "https://example.org/x",
        ])
        let text = analysis.summaryText()
        #expect(
            text.contains(
                "https://shop.example.com/shop/shoes/42 → browser "
                    + "(com.example.app.LinkActivity matches, but the host does not verify, so the browser opens it)"))
        #expect(text.contains("https://example.com/buy/42 → opens the app (com.example.app.LinkActivity)"))
        #expect(analysis.decisions.map(\.browserReason) == [.notVerified, nil, nil])
    }
}

/// The App tab's Android section (`AndroidAppCard`) holds what `linklab inspect app.apk` prints.
@MainActor @Suite struct AndroidAppCardTests {
    @Test func theSampleAPKsCardHasItsIdentityCertificatesActivitiesAndClaims() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let card = try #require(document.androidAppCard)
        let snapshot = try #require(document.android?.snapshot)
        let inspect = AndroidReport.inspectText(snapshot)
        #expect(card.title == "com.example.app")
        #expect(card.identifiers.map(\.label) == ["Package", "Version", "SDK", "Build", "Modelled on", "Input"])
        #expect(card.identifiers.first { $0.label == "Input" }?.text == "LinkLabSample.apk")
        #expect(!card.certificates.isEmpty && card.certificates.allSatisfy { inspect.contains($0.sha256) })
        #expect(card.activities.map(\.name).allSatisfy { inspect.contains("    \($0) (line ") })
        let filterLines = inspect.components(separatedBy: "      filter line").count - 1
        #expect(card.activities.flatMap(\.filters).count == filterLines)
        let link = try #require(card.activities.first { $0.name == "com.example.app.LinkActivity" })
        let claims = link.filters.flatMap(\.claims)
        #expect(claims.contains { $0.hasPrefix("https://shop.example.com/") })
        // The data-merge trap (AND-005): a combination no single <data> element wrote is claimed too.
        let web = try #require(card.activities.first { $0.name == "com.example.app.WebLinkActivity" })
        #expect(web.filters.flatMap(\.claims).count > web.filters.flatMap(\.data).count)
        #expect(card.linkEvidence.count == snapshot.linkEvidence.count)
    }

    @Test func claimsAreBoundedForAHostileFilter() {
        let data = (0..<300).map { index in
            var element = AndroidManifest.DataElement(line: index)
            element.scheme = "s\(index)"
            element.host = "h\(index).example"
            element.path = "/p\(index)"
            return element
        }
        let filter = AndroidManifest.IntentFilter(
            autoVerify: false, actions: ["android.intent.action.VIEW"],
            categories: [
                "android.intent.category.BROWSABLE",
                "android.intent.category.DEFAULT",
            ], data: data)
        let manifest = AndroidManifest(
            packageName: "a.b", targetSDK: 35,
            activities: [
                AndroidManifest.Activity(name: "a.B", exported: true, intentFilters: [filter])
            ])
        let claims = AndroidLinkMatcher(manifest: manifest).filters[0].claims(limit: 50)
        #expect(claims.count == 51)
        #expect(claims.last == "… and \(300 * 300 * 300 - 50) more")
    }
}

/// Asked before going online: an APK added to a document that holds its fetches leaves its
/// hosts waiting, listed with the iOS app's for the tester's answer.
@MainActor @Suite struct AndroidHeldFetchTests {
    @Test func heldAndroidHostsWaitAndAreListedOnce() async throws {
        let document = WorkbenchDocument(settings: WorkbenchSettings(), now: { SampleScan.now })
        document.holdsFetches = true
        document.openApp(at: SampleScan.ipa)
        await document.settled()
        document.addAndroidApp(at: WorkbenchDocumentAndroidTests.samples.appendingPathComponent("LinkLabSample.apk"))
        await document.settled()
        let part = try #require(document.android)
        #expect(part.states.values.allSatisfy { $0 == .pending } && part.assetLinks.allSatisfy { $0.result == nil })
        let hosts = document.unfetchedHosts
        #expect(Set(hosts) == Set(document.domains.map(\.host) + part.hosts) && Set(hosts).count == hosts.count)
        #expect(hosts.contains("example.com") && hosts.filter { $0 == "example.com" }.count == 1)
    }
}

/// Cancel stops the Android half's fetches as it stops the iOS half's: the hosts wait again.
@MainActor @Suite struct AndroidCancelTests {
    @Test func cancelLeavesFetchingHostsWaiting() async throws {
        let document = WorkbenchDocument(settings: WorkbenchSettings(), now: { SampleScan.now })
        document.holdsFetches = true
        document.addAndroidApp(at: WorkbenchDocumentAndroidTests.samples.appendingPathComponent("LinkLabSample.apk"))
        await document.settled()
        #expect(document.source?.kind == "apk")
        var part = try #require(document.android)
        part.states = part.states.mapValues { _ in .fetching }
        document.android = part
        document.cancel()
        #expect(document.android?.states.values.allSatisfy { $0 == .pending } == true)
    }

    @Test func cancelDropsAnAPKStillBeingRead() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        document.addAndroidApp(
            at: WorkbenchDocumentAndroidTests.samples.appendingPathComponent("LinkLabSample.apk"),
            sdk: 1_000)
        document.cancel()
        await document.settled()
        #expect(document.android == nil && !document.findings.contains { $0.finding.id.hasPrefix("AND-") })
        document.addAndroidApp(
            at: WorkbenchDocumentAndroidTests.samples.appendingPathComponent("LinkLabSample.apk"),
            sdk: 1_000)
        await document.settled()
        #expect(document.android?.sdk == 100, "kept within what a session holds")
    }
}

/// Reports of a document that holds both apps are the two-platform report
/// (`TwoPlatformReportTests`); an Android-only document exports the Android report, with its triage.
@MainActor @Suite struct AndroidDocumentExportTests {
    @Test func aReportOfBothAppsCoversBoth() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let markdown = String(decoding: try document.export(.markdown), as: UTF8.self)
        #expect(!markdown.contains("covers the iOS app only"))
        #expect(markdown.contains("Universal links and App Links assessment: LinkLab / com.example.app"))
    }

    @Test func anAndroidOnlyDocumentExportsTheAndroidReportWithTriage() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let finding = try #require(document.findings.first)
        try document.setTriage(fingerprint: finding.fingerprint, status: .falsePositive, note: "checked")
        let markdown = String(decoding: try document.export(.markdown), as: UTF8.self)
        #expect(markdown.contains("Android App Links assessment: com.example.app"))
        #expect(markdown.contains("false-positive") || markdown.contains("False positive"))
        #expect(!(try document.export(.sarif)).isEmpty)
    }
}
