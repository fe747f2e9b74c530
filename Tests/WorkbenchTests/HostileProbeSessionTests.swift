import Foundation
import TestServer
import TestSupport
import Testing

@testable import Workbench

/// A session file from someone else, aimed at what the probe kit and the Android half added
/// (issues 28–30): its Google choice, a Google address it slips in, include URLs, supplied
/// `assetlinks.json` paths, probe outcomes and a device record. It never chooses where a
/// workbench connects — counted on real loopback listeners, with a control that the same
/// listeners do count what this machine's own settings ask for — and every part it holds is
/// bounded and refused with its path, never applied half-way.
@MainActor @Suite(.serialized) struct HostileProbeSessionTests {
    typealias Sessions = HostileProbeSessions

    // MARK: Promise 1: no connection where a session says

    /// Opens the hostile session in a document with this machine's settings, refetches every
    /// host of both apps, and returns the document once every fetch settled.
    func openAndRefetch(_ settings: WorkbenchSettings, trap: Int) async throws -> WorkbenchDocument {
        let document = WorkbenchDocument(settings: settings)
        try document.openSession(try Sessions.hostile(trap: trap))
        await document.settled()
        document.refetchAll()
        await document.settled()
        try await Task.sleep(for: .milliseconds(200))  // a stray connection arrives before counting
        return document
    }

    @Test func aSessionsGoogleChoiceIsShownNotAppliedAndItsAddressesAreNeverUsed() async throws {
        let trap = try await ConnectionCounter.start()
        let google = try await ConnectionCounter.start()
        let cdn = try await ConnectionCounter.start()
        defer {
            Task {
                await trap.stop()
                await google.stop()
                await cdn.stop()
            }
        }
        // Opening alone: nothing connects, the choice is shown as the file's.
        let opened = WorkbenchDocument(
            settings: try Sessions.own(
                offline: false, askGoogle: false, google: google.port,
                cdn: cdn.port))
        try opened.openSession(try Sessions.hostile(trap: trap.port))
        await opened.settled()
        #expect(
            opened.notes.contains {
                $0.contains("Google's Digital Asset Links API asked")
                    && $0.contains("shown, not applied")
            })
        #expect(opened.recordedSettings?.googleBase == AssetLinksPolicy.googleAPIBase, "never read from the file")
        #expect(trap.count == 0 && google.count == 0 && cdn.count == 0, "opening a session connected")

        // This machine does not ask Google: the session's "asked" is not applied.
        _ = try await openAndRefetch(
            try Sessions.own(
                offline: false, askGoogle: false, google: google.port,
                cdn: cdn.port), trap: trap.port)
        #expect(google.count == 0, "the session's askGoogle was applied")
        #expect(cdn.count > 0, "control: the refetch used this machine's own CDN base")
        #expect(trap.count == 0, "a refetch connected where the session said")

        // This machine asks Google: its own address, never the one the file slipped in.
        let asking = try await openAndRefetch(
            try Sessions.own(
                offline: false, askGoogle: true, google: google.port,
                cdn: cdn.port), trap: trap.port)
        #expect(google.count > 0, "control: this machine's Google base is counted when it asks")
        #expect(trap.count == 0, "a refetch connected where the session said")
        // The supplied files the session named were never read.
        let bodies = (asking.android?.assetLinks ?? []).compactMap { $0.result?.body }
        #expect(!bodies.contains { String(decoding: $0, as: UTF8.self).contains("root:") })
        #expect(asking.android?.states.values.contains(.supplied) == false)
    }

    @Test func offlineNothingConnectsEvenWhenThisMachineWouldAskGoogle() async throws {
        let trap = try await ConnectionCounter.start()
        let google = try await ConnectionCounter.start()
        let cdn = try await ConnectionCounter.start()
        defer {
            Task {
                await trap.stop()
                await google.stop()
                await cdn.stop()
            }
        }
        let settings = try Sessions.own(offline: true, askGoogle: true, google: google.port, cdn: cdn.port)
        let document = try await openAndRefetch(settings, trap: trap.port)
        // The Mac app's path: the controller, its consent asked to go online by the session's
        // "online", still offline by this machine's default.
        let controller = SessionController(
            settings: settings,
            binding: SessionFileBinding(
                write: { _ in },
                nameUndo: { _ in }))
        try controller.open(value: try Sessions.hostile(trap: trap.port))
        await controller.refetchAll()
        await controller.document.settled()
        try await Task.sleep(for: .milliseconds(200))
        #expect(trap.count == 0 && google.count == 0 && cdn.count == 0, "an offline workbench connected")
        #expect(document.android?.states.values.contains(.supplied) == false)
    }

    @Test func suppliedAssetLinksPathsASessionNamesAreShownNotApplied() throws {
        var root = try Sessions.seed()
        var settings = try #require(root["settings"] as? [String: Any])
        settings["suppliedFiles"] = [String: String]()
        settings["suppliedAssetLinks"] = ["example.com": "/etc/passwd"]
        root["settings"] = settings
        // This machine's settings are the recorded ones but for that path: only it differs.
        let own = WorkbenchSettings(offline: true)
        var control = root
        control["settings"] = settings.filter { $0.key != "suppliedAssetLinks" }
        let plain = WorkbenchDocument(settings: own)
        try plain.openSession(try Sessions.data(control))
        #expect(!plain.notes.contains { $0.contains("shown, not applied") }, "control: nothing else differs")
        let document = WorkbenchDocument(settings: own)
        try document.openSession(try Sessions.data(root))
        let note = document.notes.first { $0.contains("shown, not applied") }
        #expect(note?.contains("assetlinks.json") == true, "\(document.notes)")
        #expect(document.settings.suppliedAssetLinks.isEmpty)
    }

    // MARK: Promise 2: every part bounded, validated, refused with its path

    @Test func theValidSessionEachCaseChangesOpens() throws {
        // The control: the hostile cases below differ from this one in one field only.
        let file = try SessionFile.read(try Sessions.session())
        #expect(file.probes?.outcomes.count == 1)
        let document = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        try document.openSession(try Sessions.session())
        #expect(document.probeOutcomes.count == 1 && document.attackerHost == "tester.example.net")
    }

    @Test(arguments: Sessions.cases)
    func aHostilePartIsRefusedWithItsPath(_ hostile: Sessions.Case) async throws {
        let data = try hostile.make()
        do {
            _ = try SessionFile.read(data)
            Issue.record("\(hostile.name): read without an error")
        } catch {
            #expect(error.description.contains(hostile.path), "\(hostile.name): \(error.description)")
        }
        // A refused file leaves an open document as it was.
        let document = try await WorkbenchDocumentTests.openedSample()
        let before = try document.save()
        #expect(throws: WorkbenchDocumentError.self) { try document.openSession(data) }
        #expect(try document.save() == before)
    }

    // MARK: What a session keeps is what it reopens

    @Test func notesFromAFaceOrAResultsFileAreKeptPrintableAndTheSessionReopens() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let kit = try #require(document.probeKit)
        let first = try #require(kit.probes.first)
        let second = try #require(kit.probes.dropFirst().first)
        try document.recordProbeOutcome(id: first.id, outcome: .vulnerable, note: "typed\u{1B}[31m red\nnext line")
        let results = "\(second.id)\tvulnerable\tfrom\u{1B}]0;title\u{07} the script\u{0}\t\(kit.digest)\n"
        try document.importProbeResults(Data(results.utf8))
        for record in document.probeOutcomes {
            #expect(
                !record.note.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "\(record.id): \(record.note.debugDescription)")
        }
        #expect(document.probeOutcomes.first { $0.id == first.id }?.note.contains("red") == true)
        let saved = try document.save()
        let reopened = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        try reopened.openSession(saved)
        #expect(reopened.probeOutcomes == document.probeOutcomes)
    }

    // MARK: Promise 4: reports escape what a tester or a file recorded

    @Test func reportsEscapeProbeNotesAndLinks() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let probe = try #require(document.probeKit?.probes.first)
        let note = "<img src=x onerror=alert(1)> | [x](javascript:alert(1)) <script>alert(2)</script>"
        try document.recordProbeOutcome(id: probe.id, outcome: .vulnerable, note: note)
        let markdown = String(decoding: try document.export(.markdown), as: UTF8.self)
        #expect(markdown.contains("Device probes"))
        // The table cell escapes each character Markdown would read as markup.
        #expect(markdown.contains(#"\<img src=x onerror=alert(1)\> \| \[x\](javascript:alert(1))"#))
        #expect(!markdown.contains("[x](javascript"))
        let html = String(decoding: try document.export(.html), as: UTF8.self)
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!html.contains("<img src=x") && !html.contains("<script>alert(2)"))
        let pdf = try document.export(.pdf)
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
    }
}

/// The hostile sessions of `HostileProbeSessionTests`, built from the both-apps fuzz seed.
enum HostileProbeSessions {
    /// The both-apps fuzz seed (the sample IPA and APK, offline) as a JSON tree.
    static func seed() throws -> [String: Any] {
        let url = SampleScan.root.appendingPathComponent("Fuzz/Session/seeds/sample-both.linklab")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func data(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// A probe outcome record a session may hold (a kit digest that is no kit's: stale, shown).
    static var record: [String: Any] {
        [
            "id": "P001", "outcome": "vulnerable", "note": "opened attacker.example", "kit": "0123456789abcdef",
            "url": "https://example.com/account?next=https://attacker.example/", "recordedAt": "2026-01-01T00:00:00Z",
        ]
    }

    /// The seed with a probe part (`record`, changed by `edit`) and its Android half changed by `android`.
    static func session(
        record edit: (inout [String: Any]) -> Void = { _ in },
        probes: ((inout [String: Any]) -> Void)? = nil,
        android: ((inout [String: Any]) -> Void)? = nil
    ) throws -> Data {
        var root = try seed()
        var record = Self.record
        edit(&record)
        var part: [String: Any] = ["attackerHost": "tester.example.net", "outcomes": [record]]
        probes?(&part)
        root["probes"] = part
        if let android {
            var half = try #require(root["android"] as? [String: Any])
            android(&half)
            root["android"] = half
        }
        return try data(root)
    }

    /// Everything a session could name to steer a fetch, pointed at `trap`: Google asked and a
    /// Google address, the CDN base, an online setting, supplied files anywhere on disk, include
    /// URLs (in the stored list and in the stored body), the attacker host and probe URLs.
    static func hostile(trap: Int) throws -> Data {
        var root = try seed()
        var settings = try #require(root["settings"] as? [String: Any])
        var fetch = try #require(settings["fetch"] as? [String: Any])
        fetch["cdnBase"] = "https://127.0.0.1:\(trap)/"
        fetch["timeoutMs"] = 60_000
        settings["fetch"] = fetch
        settings["offline"] = false
        settings["askGoogle"] = true
        settings["googleBase"] = "https://127.0.0.1:\(trap)/v1/statements:list"
        settings["suppliedFiles"] = ["example.com": "/etc/passwd"]
        settings["suppliedAssetLinks"] = ["example.com": "/etc/passwd", "shop.example.com": "/etc/hostname"]
        root["settings"] = settings
        var android = try #require(root["android"] as? [String: Any])
        var hosts = try #require(android["hosts"] as? [[String: Any]])
        let include = "https://127.0.0.1:\(trap)/include/assetlinks.json"
        let body = #"[{"include": "\#(include)"}]"#
        for index in hosts.indices {
            hosts[index]["state"] = "pending"
            hosts[index]["result"] =
                [
                    "route": "assetlinks", "url": "https://127.0.0.1:\(trap)/.well-known/assetlinks.json",
                    "status": 200, "headers": [[String: Any]](), "bytes": body.utf8.count, "truncated": false,
                    "body": Data(body.utf8).base64EncodedString(),
                ] as [String: Any]
            hosts[index]["includes"] = [["url": include]]
        }
        android["hosts"] = hosts
        root["android"] = android
        var record = Self.record
        record["url"] = "https://127.0.0.1:\(trap)/probe"
        root["probes"] = ["attackerHost": "127.0.0.1", "outcomes": [record]] as [String: Any]
        return try data(root)
    }

    /// This machine's settings: online unless `offline`, Google's API at `google` when
    /// `askGoogle`, the CDN at `cdn`, every sample host pinned to the loopback interface (a port
    /// nobody serves: refused at once, so no test reaches the network).
    static func own(offline: Bool, askGoogle: Bool, google: Int, cdn: Int) throws -> WorkbenchSettings {
        var fetch = FetchConfiguration()
        fetch.cdnBase = "https://127.0.0.1:\(cdn)/"
        fetch.routes = [.cdn, .origin]
        fetch.timeout = .seconds(3)
        fetch.resolve = try [
            "example.com", "shop.example.com", "example.org", "go.example.net",
            "linklab.page.link", "links.linklab.invalid",
        ]
        .map { try ResolvePin.parse("\($0):443:127.0.0.1") }
        return WorkbenchSettings(
            offline: offline, fetch: fetch, askGoogle: askGoogle,
            googleBase: "https://127.0.0.1:\(google)/v1/statements:list")
    }

    static var tooManyOutcomes: [[String: Any]] {
        (0...SessionProbes.maxOutcomes).map { index -> [String: Any] in
            var record = record
            record["id"] = String(format: "P%03d", index + 1)
            return record
        }
    }

    /// A hostile change and the path its error must name.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let path: String
        let make: @Sendable () throws -> Data
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "note with an escape sequence", path: "probes.outcomes[0].note") {
            try session(record: { $0["note"] = "ok\u{1B}]8;;https://evil.example\u{07}click\u{1B}[0m" })
        },
        Case(name: "note with a line break", path: "probes.outcomes[0].note") {
            try session(record: { $0["note"] = "line one\r\nFAKE-001 critical" })
        },
        Case(name: "note too long", path: "probes.outcomes[0].note") {
            try session(record: { $0["note"] = String(repeating: "n", count: ProbeKit.maxNoteLength + 1) })
        },
        Case(name: "URL with a control character", path: "probes.outcomes[0].url") {
            try session(record: { $0["url"] = "https://example.com/\u{0}\u{1B}[2J" })
        },
        Case(name: "URL too long", path: "probes.outcomes[0].url") {
            try session(record: { $0["url"] = "https://example.com/" + String(repeating: "a", count: 9_000) })
        },
        Case(name: "not a probe ID", path: "probes.outcomes[0].id") { try session(record: { $0["id"] = "X1" }) },
        Case(name: "not a kit digest", path: "probes.outcomes[0].kit") { try session(record: { $0["kit"] = "zz" }) },
        Case(name: "unknown outcome", path: "probes.outcomes[0].outcome") {
            try session(record: { $0["outcome"] = "pwned" })
        },
        Case(name: "outcome of another type", path: "probes.outcomes[0].outcome") {
            try session(record: { $0["outcome"] = 7 })
        },
        Case(name: "attacker host not a DNS name", path: "probes.attackerHost") {
            try session(probes: { $0["attackerHost"] = "evil host/\u{1B}" })
        },
        Case(name: "too many outcomes", path: "probes.outcomes") {
            try session(probes: { $0["outcomes"] = tooManyOutcomes })
        },
        Case(name: "two outcomes for one probe of one kit", path: "probes.outcomes[1]") {
            try session(probes: { $0["outcomes"] = [record, record] })
        },
        Case(name: "askGoogle not a Boolean", path: "settings.askGoogle") {
            var root = try seed()
            var settings = try #require(root["settings"] as? [String: Any])
            settings["askGoogle"] = "yes"
            root["settings"] = settings
            return try data(root)
        },
        Case(name: "more includes than Android follows", path: "android.hosts[0].includes") {
            try session(android: { half in
                guard var hosts = half["hosts"] as? [[String: Any]] else { return }
                hosts[0]["includes"] = (0...AssetLinksPolicy.maxIncludes).map { ["url": "https://a\($0).example/x"] }
                half["hosts"] = hosts
            })
        },
        Case(name: "device record of another package", path: "android.deviceState.package") {
            try session(android: { $0["deviceState"] = ["package": "com.other.app"] })
        },
    ]
}
