import AndroidApp
import Findings
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The handler probe kit (`ProbeKit`): built from the sample pair's claims, every web probe
/// decided by the platform's matcher, and its files (device script, Frida script, page) run
/// through a real shell and a real JavaScript parser.
@Suite struct ProbeKitTests {
    static func sampleKit(attacker: String = "attacker.example") async throws -> ProbeKit {
        var aasa: [String: String] = [:]
        for host in ["example.com", "example.org", "shop.example.com", "go.example.net"] {
            aasa[host] = SamplePairTests.samples.appendingPathComponent("aasa/\(host).json").path
        }
        let ios = try await ScanPipeline(
            request: ScanRequest(
                input: SamplePairTests.samples.appendingPathComponent("LinkLabSample.ipa"), suppliedFiles: aasa,
                offline: true, urls: [], now: Date(timeIntervalSince1970: 1_790_000_000))
        ).run()
        return ProbeKit(ios: ios, android: try await SamplePairTests.android(), attackerHost: attacker)
    }

    @Test func everyKindIsBuiltForBothPlatformsAndEveryWebProbeReachesTheApp() async throws {
        let kit = try await Self.sampleKit()
        #expect(Set(kit.probes.map(\.platform)) == ["ios", "android"])
        // The sample claims no path named for a state change (shop.example.com's /shop/checkout/pay is excluded).
        #expect(Set(kit.probes.map(\.kind)) == Set(Probe.Kind.allCases).subtracting([.stateChanging]))
        #expect(kit.probes.map(\.id) == (1...kit.probes.count).map { String(format: "P%03d", $0) })
        for platform in ["ios", "android"] {
            let urls = kit.probes.filter { $0.platform == platform }.map(\.url)
            #expect(Set(urls).count == urls.count)
        }
        for probe in kit.probes where probe.kind == .redirect && probe.parameter != nil {
            #expect(probe.url.contains("attacker.example"), "\(probe.id) \(probe.url)")
        }
        // The matcher decided every web probe: iOS ones open an app ID, Android ones an activity.
        for probe in kit.probes where probe.url.hasPrefix("https://") {
            #expect(probe.predicted.hasPrefix("opens "), "\(probe.id): \(probe.predicted)")
        }
        // The sample's excluded paths never become probes (shop.example.com excludes /shop/checkout/*).
        #expect(!kit.probes.contains { $0.platform == "ios" && $0.url.contains("/shop/checkout/") })
        for probe in kit.probes where probe.kind == .stateChanging {
            #expect(ProbeKit.stateWords.contains { probe.url.lowercased().contains($0) })
        }
        #expect(try await Self.sampleKit() == kit)
    }

    @Test func aClaimedPathNamedForAStateChangeIsProbedAsOne() {
        var notes: [String] = []
        let bases = [
            ProbeKit.Base(url: "https://e.com/account/delete", claim: "e.com /account/*", isScheme: false),
            ProbeKit.Base(url: "https://e.com/other", claim: "e.com /other", isScheme: false),
        ]
        let drafts = ProbeKit.drafts(
            platform: "ios", bases: bases, parameters: [("next", "why")],
            attacker: "a.example", decide: { $0.contains("/other?") ? nil : "opens X" },
            notes: &notes)
        #expect(drafts.first?.kind == .stateChanging && drafts.first?.why.contains("delete") == true)
        #expect(drafts.contains { $0.url == "https://e.com/other" && $0.kind == .baseline })
        // What the matcher refuses is left out and counted.
        #expect(!drafts.contains { $0.url.hasPrefix("https://e.com/other?") })
        #expect(notes == ["ios: 6 probes left out: the OS would not hand them to the app."])
    }

    @Test func aStateWordIsReadInThePathOnly() {
        #expect(ProbeKit.stateWord(inPathOf: "https://e.com/account/deleteAll?x=1") == "delete")
        #expect(ProbeKit.stateWord(inPathOf: "https://e.com/payment/confirm") == "pay")
        #expect(ProbeKit.stateWord(inPathOf: "https://pay.example.com/orders?next=/logout") == nil)
        #expect(ProbeKit.stateWord(inPathOf: "https://e.com/preset") == nil)
        #expect(ProbeKit.stateWord(inPathOf: "linklab-admin://users/delete") == "delete")
    }

    @Test func parametersTheBinaryNamesComeFirstElseTheCommonOnes() {
        #expect(ProbeKit.parameters(named: []).map(\.name) == ProbeKit.commonParameters)
        let named = ProbeKit.parameters(named: ["returnTo", "next", "returnTo"])
        #expect(named.map(\.name) == ["next", "returnTo"])
        #expect(named.allSatisfy { $0.why.contains("binary") })
    }

    @Test func valuesAreAddedEncodedBeforeTheFragment() {
        #expect(
            ProbeKit.appending("next", "https://a.example/x?y=1", to: "https://e.com/p?q=1#frag")
                == "https://e.com/p?q=1&next=https%3A%2F%2Fa.example%2Fx%3Fy%3D1#frag")
        #expect(
            ProbeKit.appending("url", "javascript:alert(1)", to: "myapp://open")
                == "myapp://open?url=javascript%3Aalert%281%29")
        #expect(ProbeKit.traversed("https://e.com/a/b") == "https://e.com/a/..%2F..%2Flinklab-probe")
        #expect(ProbeKit.traversed("https://e.com/") == nil)
        #expect(ProbeKit.traversed("myapp://open/x") == nil)
        #expect(
            ProbeKit.concreteAndroidURL("https://shop.example.com/shop/…")
                == "https://shop.example.com/shop/linklab-probe")
        #expect(ProbeKit.concreteAndroidURL("myapp:…") == "myapp://linklab-probe")
        #expect(ProbeKit.concreteAndroidURL("… and 3 more") == nil)
    }

    @Test func javaScriptStringsAndCommentsHoldHostileText() {
        #expect(ProbeKit.jsString("a\"b\\c</script>\n\u{2028}") == "\"a\\\"b\\\\c\\u003c/script>\\u000a\\u2028\"")
        #expect(ProbeKit.comment("x\ny\rz\u{2028}") == "x y z ")
    }

    @Test func fileKindsFollowTheName() {
        #expect(ProbeKit.FileKind(fileName: "out/App.probes.SH") == .script)
        #expect(ProbeKit.FileKind(fileName: "kit.probes.js") == .frida)
        #expect(ProbeKit.FileKind(fileName: "kit.js") == nil)
    }

    /// The script runs in a real `sh` with stand-ins for `xcrun` and `adb` that record their
    /// arguments: each probe's URL arrives whole (iOS) or quoted once for the device's shell
    /// (Android), and the tester's answers land in the results file.
    @Test(.disabled(if: ExternalTool.find("sh") == nil, "no sh on PATH"))
    func theDeviceScriptPassesEachURLWholeAndRecordsTheOutcome() async throws {
        let kit = try await Self.sampleKit()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("calls.txt")
        for tool in ["xcrun", "adb"] {
            let stub = folder.appendingPathComponent(tool)
            try
                ("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> '\(log.path)'\n"
                + "printf -- '--\\n' >> '\(log.path)'\n")
                .write(to: stub, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        }
        let script = folder.appendingPathComponent("kit.probes.sh")
        try kit.file(.script, title: "Sample\n$(touch pwned)").write(to: script)
        let process = Process()
        process.executableURL = ExternalTool.find("sh")
        process.arguments = [script.path, folder.appendingPathComponent("results.tsv").path]
        process.currentDirectoryURL = folder
        process.environment = [
            "PATH": folder.path + ":/usr/bin:/bin", "ADB": folder.appendingPathComponent("adb").path,
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // First probe vulnerable with a note holding a tab, second as expected, the rest skipped.
        var answers = "v\nloaded attacker\tpage\ne\n\n"
        answers += String(repeating: "s\n", count: kit.probes.count)
        input.fileHandleForWriting.write(Data(answers.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
        let calls = try String(contentsOf: log, encoding: .utf8).components(separatedBy: "--\n").dropLast()
        #expect(calls.count == kit.probes.count)
        for (call, probe) in zip(calls, kit.probes) {
            let words = call.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            if probe.platform == "ios" {
                #expect(words == ["simctl", "openurl", "booted", probe.url])
            } else {
                #expect(
                    Array(words.prefix(7)) == [
                        "shell", "am", "start", "-a", "android.intent.action.VIEW",
                        "-c", "android.intent.category.BROWSABLE",
                    ])
                let quoted = "'" + probe.url.replacingOccurrences(of: "'", with: "'\\''") + "'"
                #expect(words.last == probe.url || words.last == quoted, "\(probe.id)")
            }
        }
        let results = try String(contentsOf: folder.appendingPathComponent("results.tsv"), encoding: .utf8)
        #expect(results == "P001\tvulnerable\tloaded attacker page\t\(kit.digest)\nP002\texpected\t\t\(kit.digest)\n")
        // Read back: the vulnerable probe is a PRB-001 finding, the safe one is not.
        let facts = try kit.observations(from: Data(results.utf8))
        #expect(facts.observations.map(\.outcome) == [.vulnerable, .expected])
        let findings = FindingRules.evaluate(facts)
        #expect(findings.map(\.id) == ["PRB-001"] && findings[0].subject.hasPrefix("P001 "))
    }

    @Test(
        .disabled(
            if: ExternalTool.find("node") == nil,
            "node is not installed (apt install nodejs): the Frida script's syntax is not checked"))
    func theFridaScriptParsesAndNamesEveryProbe() async throws {
        let kit = try await Self.sampleKit()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-frida-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("kit.probes.js")
        try kit.file(.frida, title: "Sample */ \n alert(1)").write(to: script)
        // Parse it, then run it with Frida's globals stubbed: the table maps each URL to its probe.
        let check = folder.appendingPathComponent("check.js")
        try """
        const fs = require('fs');
        const source = fs.readFileSync(process.argv[2], 'utf8');
        new Function(source);
        const run = new Function('ObjC', 'Java', source + '; return PROBES;');
        const probes = run({available: false}, {available: false});
        console.log(JSON.stringify([...probes.entries()]));
        """.write(to: check, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = ExternalTool.find("node")
        process.arguments = [check.path, script.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let pairs = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        var expected: [String: [String]] = [:]
        for probe in kit.probes { expected[probe.url, default: []].append(probe.id) }
        #expect(pairs.count == expected.count)
        let mismatched = pairs.filter { $0.count != 2 || expected[$0[0]]?.joined(separator: ", ") != $0[1] }
        #expect(mismatched.isEmpty, "\(mismatched.count) URLs name the wrong probes")
    }

    @Test func thePageListsEveryProbe() async throws {
        let kit = try await Self.sampleKit()
        let html = String(decoding: try kit.file(.page, title: "<Sample>"), as: UTF8.self)
        #expect(html.contains("Probe links: &lt;Sample&gt;"))
        for probe in kit.probes.prefix(20) { #expect(html.contains(probe.id)) }
        let json = try JSONDecoder().decode(ProbeKit.self, from: try kit.file(.json, title: "x"))
        #expect(json == kit)
    }

    @Test func resultsFromAnotherKitOrMalformedAreRefusedWithTheirLine() async throws {
        let kit = try await Self.sampleKit()
        let other = try await Self.sampleKit(attacker: "tester.example")
        #expect(kit.digest != other.digest)
        func read(_ text: String) -> ProbeResultsError? {
            do {
                _ = try kit.observations(from: Data(text.utf8))
                return nil
            } catch { return error }
        }
        let stamp = kit.digest
        #expect(read("# notes\n\nP001\texpected\t\t\(stamp)\r\n") == nil)
        #expect(read("P001\texpected\t\t\(other.digest)\n") == .otherKit(line: 1))
        #expect(read("\nP001\texpected\n") == .malformedLine(2))
        #expect(read("P999\texpected\t\t\(stamp)\n") == .unknownProbe(line: 1, "P999"))
        #expect(read("P001\tpwned\t\t\(stamp)\n") == .unknownOutcome(line: 1, "pwned"))
        #expect(
            read(String(repeating: "#", count: ProbeKit.maxResultsBytes + 1))
                == .tooLarge(limit: ProbeKit.maxResultsBytes))
        do {
            _ = try kit.observations(from: Data([0xFF, 0xFE]))
            Issue.record("bytes that are not UTF-8 were read")
        } catch {
            #expect(error == .notText)
        }
        // The last line of a probe wins; a long note is clipped.
        let facts = try kit.observations(
            from: Data(
                ("P002\tvulnerable\tfirst\t\(stamp)\n"
                    + "P002\texpected\t\(String(repeating: "n", count: 5_000))\t\(stamp)\n").utf8))
        #expect(facts.observations.count == 1 && facts.observations[0].outcome == .expected)
        #expect(facts.observations[0].note.count == ProbeKit.maxNoteLength)
        #expect(ProbeResultsError.unknownOutcome(line: 3, "\u{1B}[31m").description.contains("\\u{1B}"))
    }
}
