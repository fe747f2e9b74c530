import AppInspection
import Foundation
import TestSupport
import Testing

@testable import Workbench

@Suite struct QuickLookPreviewTests {
    static let root = Fixtures.repositoryRoot
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func rows(_ preview: QuickLookPreview, _ section: String) throws -> [QuickLookPreview.Row] {
        try #require(preview.section(section), "section \(section)").rows
    }

    private func value(_ preview: QuickLookPreview, _ section: String, _ label: String) throws -> String {
        try #require(try rows(preview, section).first { $0.label == label }, "\(section) / \(label)").value
    }

    /// Runs a Python script with one argument (python3 is on Linux and macOS runners).
    private func python(_ script: String, _ argument: String, in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.currentDirectoryURL = folder
        process.arguments = ["python3", "-c", script, argument]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    @Test func sampleIPAShowsIdentityDomainsSchemesEntitlementsProfileAndHandlers() throws {
        let preview = QuickLookPreview.make(
            fileAt: Self.root.appendingPathComponent("Samples/LinkLabSample.ipa"),
            deadline: .seconds(60))
        #expect(preview.kind == .app)
        #expect(preview.title == "LinkLab" && preview.subtitle == "com.example.app")
        #expect(try value(preview, "App", "Bundle ID") == "com.example.app")
        #expect(try value(preview, "App", "Application identifier") == "ABCDE12345.com.example.app")
        #expect(try value(preview, "App", "Team") == "ABCDE12345")
        #expect(try value(preview, "App", "Version") == "1.2.3 (45)")
        #expect(try value(preview, "App", "Minimum iOS") == "15.0")
        let domains = try rows(preview, "Associated domains")
        #expect(
            domains.map(\.value) == [
                "applinks:example.com", "applinks:shop.example.com", "applinks:*.example.org",
                "applinks:go.example.net", "applinks:linklab.page.link",
                "applinks:linklab-help.github.io", "applinks:links.linklab.invalid",
                "webcredentials:example.com",
            ])
        #expect(domains.map(\.label) == Array(repeating: "applinks", count: 7) + ["webcredentials"])
        #expect(try rows(preview, "URL schemes").map(\.value) == ["linklab", "myapp", "linklab-oauth"])
        let entitlements = try rows(preview, "Signed entitlements")
        #expect(entitlements.first == QuickLookPreview.Row("XML / DER", "both present and they agree", tone: .good))
        #expect(
            entitlements.contains {
                $0.label == "com.apple.developer.associated-domains"
                    && $0.value.hasPrefix("applinks:example.com, applinks:shop.example.com")
            })
        #expect(try value(preview, "Provisioning profile", "Kind") == "development")
        #expect(try value(preview, "Provisioning profile", "Team").hasPrefix("ABCDE12345"))
        #expect(try value(preview, "Provisioning profile", "Expires").hasPrefix("20"))
        let handlers = try rows(preview, "Link handlers").map(\.value)
        #expect(handlers.contains("application:continueUserActivity:restorationHandler:"))
    }

    @Test func zippedAppIsPreviewedLikeAnIPA() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ql-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let zip = directory.appendingPathComponent("LinkLab.app.zip")
        // Finder's "Compress": LinkLab.app/ at the archive's top (zipped by Python, not by us).
        try python(
            """
            import os, sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for d, _, fs in os.walk("LinkLab.app"):
                    z.write(d)
                    for f in sorted(fs): z.write(os.path.join(d, f))
            """, zip.path, in: Self.root.appendingPathComponent("Tests/Fixtures/app"))
        let preview = QuickLookPreview.make(fileAt: zip, deadline: .seconds(60))
        #expect(preview.kind == .app, "\(preview.notices)")
        #expect(preview.subtitle == "com.example.linklab")
        #expect(try value(preview, "App", "Application identifier") == "ABCDE12345.com.example.linklab")
        #expect(!preview.fallsBackToSystemPreview)
        // A plain ZIP (no app inside) is declined: Quick Look shows its own preview.
        let plain = directory.appendingPathComponent("notes.zip")
        try python(
            "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w').writestr('a.txt', 'x')", plain.path,
            in: directory)
        let declined = QuickLookPreview.make(fileAt: plain)
        #expect(declined.kind == .unavailable && declined.fallsBackToSystemPreview)
        let renamed = directory.appendingPathComponent("notes.ipa")
        try FileManager.default.copyItem(at: plain, to: renamed)
        #expect(!QuickLookPreview.make(fileAt: renamed).fallsBackToSystemPreview, "an .ipa without an app says so")
    }

    @Test func xmlAndDEREntitlementsThatDisagreeAreAnError() throws {
        let url = Self.root.appendingPathComponent("Tests/Fixtures/macho/xml-der-disagree.bin")
        let preview = QuickLookPreview.app(try AppInspector.inspect(at: url), name: "x", now: Self.now)
        let row = try #require(try rows(preview, "Signed entitlements").first)
        #expect(row.tone == .error && row.value.contains("disagree"))
        #expect(preview.notices.first?.text.contains("XML and DER entitlements disagree") == true)
    }

    @Test func profileShowsKindTeamExpiryDevicesAndTheEntitlementsItAllows() throws {
        let url = Self.root.appendingPathComponent("Tests/Fixtures/app/profile-der.mobileprovision")
        let preview = QuickLookPreview.make(fileAt: url)
        #expect(preview.kind == .profile)
        #expect(preview.title == "LinkLab Development" && preview.subtitle == "LinkLab")
        #expect(try value(preview, "Profile", "Kind") == "development")
        #expect(try value(preview, "Profile", "Team") == "ABCDE12345 (Example Test Team)")
        #expect(try value(preview, "Profile", "Devices") == "40")
        let pinned = QuickLookPreview.profile(
            try ProvisioningProfile.parse(try Data(contentsOf: url)), name: "p",
            now: Self.now)
        #expect(try value(pinned, "Profile", "Expires") == "2036-01-01T00:00:00Z")
        let later = QuickLookPreview.profile(
            try ProvisioningProfile.parse(try Data(contentsOf: url)), name: "p",
            now: Date(timeIntervalSince1970: 2_200_000_000))
        #expect(try rows(later, "Profile").first { $0.label == "Expires" }?.tone == .error)
        #expect(try value(preview, "Entitlements allowed", "com.apple.developer.associated-domains") == "*")
        #expect(try value(preview, "Entitlements allowed", "keychain-access-groups") == "ABCDE12345.*, com.apple.token")
    }

    @Test func sessionShowsAppHostsFindingsBySeverityAndTriage() throws {
        let url = Self.root.appendingPathComponent("Fuzz/Session/seeds/sample.linklab")
        let preview = QuickLookPreview.make(fileAt: url)
        #expect(preview.kind == .session)
        #expect(preview.subtitle == "com.example.app")
        #expect(
            try rows(preview, "Hosts").map { "\($0.label) \($0.value)" } == [
                "example.com Supplied file", "shop.example.com Supplied file", "example.org Supplied file",
                "go.example.net Supplied file",
            ])
        #expect(
            try rows(preview, "Findings").map { "\($0.label) \($0.value)" }
                == ["critical 1", "high 2", "medium 17", "low 7", "info 27"])
        #expect(try value(preview, "Triage", "open") == "54")
        // Triage counts follow the file.
        var session = try SessionFile.read(try Data(contentsOf: url))
        session.findings[0].triage = Triage(status: .falsePositive, setAt: Self.now)
        session.findings[1].triage = Triage(status: .confirmed, setAt: Self.now)
        let triaged = QuickLookPreview.session(session, name: "s")
        #expect(try value(triaged, "Triage", "open") == "52")
        #expect(try value(triaged, "Triage", "false-positive") == "1")
        #expect(try value(triaged, "Triage", "confirmed") == "1")
    }

    @Test func aPreviewThatCannotFinishInTimeSaysSo() {
        let preview = QuickLookPreview.make(
            fileAt: Self.root.appendingPathComponent("Samples/LinkLabSample.ipa"),
            deadline: .zero)
        #expect(preview.kind == .unavailable)
        #expect(
            preview.notices.map(\.text) == [
                "The preview could not finish within 0 ms (a large file): "
                    + "open it in UniversalLinkLab to inspect it."
            ])
        #expect(
            QuickLookPreview.outOfTime(name: "x", deadline: .seconds(2)).notices.first?.text
                .contains("within 2 s") == true)
    }

    @Test(arguments: [
        "bomb-declared-size.ipa", "bomb-ratio.ipa", "overlapping-entries.ipa", "path-dotdot.ipa",
        "path-absolute.ipa", "name-nul.ipa", "truncated.ipa", "entry-count-claim.ipa",
        "entry-count-claim-zip64.ipa", "malformed-infoplist.ipa", "missing-executable.ipa",
        "unsigned-executable.ipa", "tiny-valid.ipa",
    ])
    func hostileArchivesGiveAPreviewNeverACrash(name: String) {
        let preview = QuickLookPreview.make(fileAt: Self.root.appendingPathComponent("Tests/Fixtures/zip/\(name)"))
        #expect(preview.kind == .app || preview.kind == .unavailable)
        if preview.kind == .unavailable { #expect(!preview.notices.isEmpty) }
        #expect(!preview.html.isEmpty)
    }

    @Test func garbageUnderEveryNameAndOversizedFilesAreUnavailable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ql-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        for name in ["a.ipa", "a.mobileprovision", "a.linklab", "a.zip", "a.unknown", "PK.ipa"] {
            let url = directory.appendingPathComponent(name)
            try (name == "PK.ipa" ? Data("PK\u{3}\u{4}".utf8) + garbage : garbage).write(to: url)
            let preview = QuickLookPreview.make(fileAt: url)
            #expect(preview.kind == .unavailable, "\(name)")
            #expect(preview.notices.count == 1, "\(name)")
        }
        let missing = QuickLookPreview.make(fileAt: directory.appendingPathComponent("gone.linklab"))
        #expect(missing.kind == .unavailable)
        // Larger than the caps: refused without reading past them.
        for (name, size, words) in [
            ("big.mobileprovision", ProvisioningProfile.maxBytes, "larger than 4 MiB"),
            ("big.linklab", QuickLookPreview.maximumSessionBytes, "larger than 16 MiB"),
        ] {
            let big = directory.appendingPathComponent(name)
            _ = FileManager.default.createFile(atPath: big.path, contents: nil)
            let handle = try FileHandle(forWritingTo: big)
            try handle.truncate(atOffset: UInt64(size + 1))
            try handle.close()
            #expect(QuickLookPreview.make(fileAt: big).notices.first?.text.contains(words) == true, "\(name)")
        }
    }

    @Test func htmlEscapesEveryTextAndLoadsNothing() {
        let hostile = "<script>alert(1)</script>&\"'\u{1B}[31m\u{202E}"
        let preview = QuickLookPreview(
            kind: .session, title: hostile, subtitle: hostile, notices: [.init(.error, hostile)],
            sections: [.init(hostile, [.init(hostile, hostile, tone: .warning, details: [hostile])])])
        let html = preview.html
        #expect(!html.lowercased().contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;"))
        #expect(!html.contains("\u{1B}"))
        #expect(html.contains("default-src 'none'"))
        #expect(!html.contains("src=") && !html.contains("href="))
        #expect(QuickLookPreview.clean(hostile) == "<script>alert(1)</script>&\"'\u{FFFD}[31m\u{FFFD}")
    }

    @Test func longListsAndTextsAreCapped() {
        let rows = (0..<1000).map { QuickLookPreview.Row("k\($0)", "v") }
        let capped = QuickLookPreview.capped(rows)
        #expect(capped.count == QuickLookPreview.maximumRows)
        #expect(capped.last?.value == "and 801 more")
        #expect(QuickLookPreview.clean(String(repeating: "x", count: 5000)).count == QuickLookPreview.maximumText + 1)
    }
}

/// The `.apk` preview: package, signing certificates, hosts claimed (`QuickLookPreview.android`).
@Suite struct QuickLookAndroidPreviewTests {
    @Test func sampleAPKShowsPackageCertificatesAndHosts() throws {
        let preview = QuickLookPreview.make(
            fileAt: QuickLookPreviewTests.root.appendingPathComponent(
                "Samples/LinkLabSample.apk"), deadline: .seconds(60))
        #expect(preview.kind == .android, "\(preview.notices)")
        #expect(preview.title == "com.example.app")
        let app = try #require(preview.section("App")).rows
        #expect(app.first { $0.label == "Package" }?.value == "com.example.app")
        #expect(app.first { $0.label == "SDK" }?.value.contains("target 34") == true)
        let certificates = try #require(preview.section("Signing certificates")).rows
        #expect(
            certificates.map(\.value)
                == ["07:A8:83:32:4F:9C:3E:A9:A5:8F:BA:D7:5C:33:51:9A:95:57:35:86:C1:58:D8:F3:FB:99:52:C8:C9:AB:71:1C"])
        let hosts = try #require(preview.section("Hosts claimed")).rows.map(\.value)
        #expect(
            hosts == [
                "https://example.com/.well-known/assetlinks.json",
                "https://shop.example.com/.well-known/assetlinks.json",
                "https://linklab.page.link/.well-known/assetlinks.json",
                "https://links.linklab.invalid/.well-known/assetlinks.json",
                "https://example.org/.well-known/assetlinks.json",
            ])
        let links = try #require(preview.section("Links handled")).rows
        #expect(links.contains { $0.value.contains("https://example.com/oauth/callback") })
        #expect(preview.notices.contains { $0.text.contains("debuggable") })
        #expect(preview.html.contains("com.example.app"))
    }

    @Test func anIPANamedAPKAndGarbageAreUnavailableWithAReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ql-apk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let renamed = directory.appendingPathComponent("renamed.apk")
        try FileManager.default.copyItem(
            at: QuickLookPreviewTests.root.appendingPathComponent(
                "Samples/LinkLabSample.ipa"), to: renamed)
        let preview = QuickLookPreview.make(fileAt: renamed, deadline: .seconds(60))
        #expect(preview.kind == .unavailable)
        #expect(preview.notices.first?.text.hasPrefix("Not readable as an Android app") == true)
        #expect(preview.notices.first?.text.contains(directory.path) == false, "no path in the preview")
        let garbage = directory.appendingPathComponent("garbage.xapk")
        try Data(repeating: 0x41, count: 4096).write(to: garbage)
        #expect(QuickLookPreview.make(fileAt: garbage).kind == .unavailable)
    }
}
