import Foundation
import TestServer
import TestSupport
import Testing

/// End-to-end tests of `linklab scan`: the built binary on the bundled sample (offline), on
/// bad inputs, and against a loopback HTTPS world where each domain breaks a different way.
@Suite struct ScanCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    private static let root = Fixtures.repositoryRoot

    /// The iOS half of the README's first command: the sample, offline, with its four files and URL list
    /// (BothPlatformsScanTests runs the whole command, both apps).
    static var sampleArguments: [String] {
        var arguments = ["scan", root.appendingPathComponent("Samples/LinkLabSample.ipa").path, "--offline"]
        for host in [
            "example.com", "shop.example.com", "example.org", "go.example.net", "linklab-help.github.io",
            "browse.example.net",
        ] {
            arguments += ["--aasa", "\(host)=\(root.appendingPathComponent("Samples/aasa/\(host).json").path)"]
        }
        return arguments + ["--urls", root.appendingPathComponent("Samples/urls.txt").path]
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func readmeCommandWritesMarkdownAndPDFReports() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = folder.appendingPathComponent("report.md")
        let pdf = folder.appendingPathComponent("report.pdf")
        let output = try LinkLabProcess.run(Self.sampleArguments + ["--report", markdown.path, "--report", pdf.path])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty, "progress only on a terminal: \(output.stderr)")
        #expect(output.stdout.contains("ABCDE12345.com.example.app"))
        #expect(output.stdout.contains("8 domains (offline: 6 supplied, 2 not fetched)"))
        #expect(output.stdout.contains("18 URLs tested"))
        let lines = output.stdout.split(separator: "\n").map(String.init)
        // Counts per severity, security then reliability; the list grouped by category.
        #expect(
            lines.contains { $0.hasPrefix("Findings") && $0.hasSuffix("security  reliability") },
            "\(output.stdout)")
        #expect(lines.contains("  high            0            3"), "summary table: \(output.stdout)")
        #expect(lines.contains("  total          27           24"), "summary table: \(output.stdout)")
        let line = try #require(lines.first { $0.hasPrefix("AASA-007") })
        #expect(line.contains("high") && line.contains("go.example.net"))
        let security = try #require(lines.firstIndex(of: "Security"))
        let reliability = try #require(lines.firstIndex(of: "Reliability"))
        #expect(security < reliability)
        #expect(try #require(lines.firstIndex { $0.hasPrefix("AASA-007") }) > reliability)
        let text = try String(contentsOf: markdown, encoding: .utf8)
        #expect(text.hasPrefix("# Universal links assessment: LinkLab"))
        #expect(text.contains("frida-trace -U -f com.example.app"))
        let bytes = try Data(contentsOf: pdf)
        #expect(bytes.starts(with: Data("%PDF-".utf8)))
        #expect(bytes.count > 10_000)
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func aasaFolderSuppliesEachHostFileLikeExplicitPairs() throws {
        let explicit = try LinkLabProcess.run(Self.sampleArguments + ["--format", "json"])
        let folder =
            try LinkLabProcess.run([
                "scan", Self.root.appendingPathComponent("Samples/LinkLabSample.ipa").path,
                "--offline",
                "--aasa", Self.root.appendingPathComponent("Samples/aasa").path,
                "--urls", Self.root.appendingPathComponent("Samples/urls.txt").path,
                "--format", "json",
            ])
        #expect(explicit.exitCode == 0 && folder.exitCode == 0, "\(folder.stderr)")
        let findings = { (data: Data) throws -> [String] in
            try #require(try self.object(data)["findings"] as? [[String: Any]]).compactMap { finding in
                (finding["id"] as? String).map { "\($0) \(finding["subject"] as? String ?? "")" }
            }
        }
        let fromFolder = try findings(folder.stdoutData)
        #expect(fromFolder == (try findings(explicit.stdoutData)))
        #expect(fromFolder.contains { $0.hasPrefix("AASA-007 go.example.net") })
        let empty = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let none =
            try LinkLabProcess.run([
                "scan", Self.root.appendingPathComponent("Samples/LinkLabSample.ipa").path,
                "--offline", "--aasa", empty.path,
            ])
        #expect(none.exitCode == 2, "an empty folder is a usage error: \(none.stderr)")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func failOnHighExitsOneOnTheSample() throws {
        let output = try LinkLabProcess.run(Self.sampleArguments + ["--fail-on", "high"])
        #expect(output.exitCode == 1, "\(output.stderr)")
        #expect(output.stdout.contains("AASA-007"), "the findings are still printed")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func failOnExitsZeroWhenNothingReachesTheThreshold() throws {
        let binary = Self.root.appendingPathComponent("Tests/Fixtures/macho/unsigned-arm64.bin").path
        let output = try LinkLabProcess.run(["scan", binary, "--offline", "--fail-on", "high"])
        #expect(output.exitCode == 0, "\(output.stdout)\n\(output.stderr)")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func jsonDocumentHasTheContractFields() throws {
        let output = try LinkLabProcess.run(Self.sampleArguments + ["--format", "json"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let document = try object(output.stdoutData)
        #expect(document["schemaVersion"] as? Int == 1)
        let source = try #require(document["source"] as? [String: Any])
        #expect(source["kind"] as? String == "ipa")
        #expect((source["sha256"] as? String)?.count == 64)
        let bundles = try #require(document["bundles"] as? [[String: Any]])
        #expect(bundles.first?["applicationIdentifier"] as? String == "ABCDE12345.com.example.app")
        #expect(document["diagnostics"] is [Any])
        let domains = try #require(document["domains"] as? [[String: Any]])
        #expect(
            domains.compactMap { $0["host"] as? String } == [
                "example.com", "shop.example.com", "*.example.org",
                "go.example.net", "linklab.page.link",
                "linklab-help.github.io", "links.linklab.invalid",
                "browse.example.net",
            ])
        let routes = try #require(domains.first?["routes"] as? [[String: Any]])
        for key in [
            "route", "url", "status", "contentType", "bytes", "truncated", "redirectLocation",
            "timeToHeadersMs",
            "totalMs", "error", "appleFailureReason", "file", "diagnostics",
        ] {
            #expect(routes.first?.keys.contains(key) == true, "route misses \(key)")
        }
        let tests = try #require(document["urlTests"] as? [[String: Any]])
        #expect(tests.count == 18)
        let apps = try #require(tests.first?["apps"] as? [[String: Any]])
        for key in ["appID", "decision", "detail", "rule", "trace"] {
            #expect(apps.first?.keys.contains(key) == true, "verdict misses \(key)")
        }
        let findings = try #require(document["findings"] as? [[String: Any]])
        // Security first: the sample's most severe security finding leads.
        #expect(findings.first?["id"] as? String == "AASA-018")
        #expect(findings.first?["category"] as? String == "security")
        for key in ["id", "category", "severity", "title", "subject", "evidence", "remediation", "references"] {
            #expect(findings.first?.keys.contains(key) == true, "finding misses \(key)")
        }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func everyReportFormatIsWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["r.md", "r.html", "r.pdf", "r.json", "r.sarif", "r.links.html"]
        var arguments = Self.sampleArguments
        for name in names { arguments += ["--report", folder.appendingPathComponent(name).path] }
        let output = try LinkLabProcess.run(arguments)
        #expect(output.exitCode == 0, "\(output.stderr)")
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(data.count > 1000, "\(name) is \(data.count) bytes")
        }
        let json = try object(try Data(contentsOf: folder.appendingPathComponent("r.json")))
        #expect(json["urlTests"] is [Any])
        let sarif = try object(try Data(contentsOf: folder.appendingPathComponent("r.sarif")))
        #expect(sarif["version"] as? String == "2.1.0")
        let links = try String(contentsOf: folder.appendingPathComponent("r.links.html"), encoding: .utf8)
        #expect(links.contains("<svg"))
        #expect(links.contains("https://example.org/login"))
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func notAnIPAExitsThreeWithOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("not-an-ipa")
        try Data("just some text, not a zip".utf8).write(to: file)
        let output = try LinkLabProcess.run(["scan", file.path, "--offline"])
        #expect(output.exitCode == 3)
        #expect(!output.diedFromSignal)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(file.path))
        #expect(output.stdout.isEmpty)
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func missingSuppliedFileOrURLListExitsThree() throws {
        let ipa = Self.root.appendingPathComponent("Samples/LinkLabSample.ipa").path
        let missingAASA =
            try LinkLabProcess.run(["scan", ipa, "--offline", "--aasa", "example.com=/nonexistent/aasa.json"])
        #expect(missingAASA.exitCode == 3)
        #expect(missingAASA.stderr.contains("/nonexistent/aasa.json"))
        let missingList = try LinkLabProcess.run(["scan", ipa, "--offline", "--urls", "/nonexistent/urls.txt"])
        #expect(missingList.exitCode == 3)
        #expect(missingList.stderr.contains("/nonexistent/urls.txt"))
        // A file where the report's folder would be: exit 3 before any work.
        let underAFile = ipa + "/r.md"
        let badReport = try LinkLabProcess.run(["scan", ipa, "--offline", "--report", underAFile])
        #expect(badReport.exitCode == 3)
        #expect(badReport.stderr.contains(underAFile))
        #expect(badReport.stdout.isEmpty, "fails before scanning")
    }

    /// A report path whose folders do not exist yet: they are made (the README's first command
    /// writes into `out/` with no `mkdir` before it).
    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func reportFoldersAreMade() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let report = root.appendingPathComponent("a/b/report.md")
        let output = try LinkLabProcess.run([
            "scan", Self.root.appendingPathComponent("Samples/LinkLabSample.ipa").path, "--offline", "--report",
            report.path,
        ])
        #expect([0, 1, 2].contains(output.exitCode), "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: report.path))
    }

    @Test(
        .disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"),
        arguments: [
            ["--fail-on", "severe"], ["--aasa", "example.com"], ["--aasa", "=x.json"], ["--report", "r.docx"],
            ["--url", "ftp://example.com/x"], ["--url", "!"],
        ])
    func badFlagValuesAreUsageErrors(_ flags: [String]) throws {
        let ipa = Self.root.appendingPathComponent("Samples/LinkLabSample.ipa").path
        let output = try LinkLabProcess.run(["scan", ipa, "--offline"] + flags)
        #expect(!output.stderr.isEmpty)
        #expect(output.exitCode == 2, "\(flags): \(output.stderr)")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func mustNotOpenURLOnTheCommandLineIsJudged() throws {
        let output =
            try LinkLabProcess.run(
                Array(Self.sampleArguments.prefix(11)) + ["--url", "!https://example.org/login", "--format", "json"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let document = try object(output.stdoutData)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(
            findings.contains {
                $0["id"] as? String == "URL-002"
                    && ($0["subject"] as? String)?.contains("https://example.org/login") == true
            })
    }
}

/// `linklab scan` against a loopback HTTPS world: an unpacked app whose (archived)
/// entitlements name seven domains on the test server's port, each domain answering in one
/// of the catalogue's network ways, the CDN played by the same server (`--cdn-base`).
@Suite(.serialized) struct ScanNetworkTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    static let appID = "ABCDE12345.com.example.app"
    static let domain = "scan.test"
    static let cdnHost = "cdn.scan.test"
    static let wellKnown = "/.well-known/apple-app-site-association"

    static let good = Array(
        #"""
        {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/buy/*"}]}]}}
        """#.utf8)
    static let otherApp =
        Array(#"{"applinks":{"details":[{"appIDs":["ZZZZZ99999.com.other.app"],"components":[{"/":"*"}]}]}}"#.utf8)

    /// Scenario → (origin behaviour, CDN behaviour).
    static func scenarios() -> [(String, TestBehavior, TestBehavior)] {
        let html = Array("<!DOCTYPE html><html><body>Please sign in</body></html>".utf8)
        let big =
            Array(
                #"""
                {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*","comment":"
                """#.utf8)
            + [UInt8](repeating: UInt8(ascii: "x"), count: 140_000) + Array(#""}]}]}}"#.utf8)
        return [
            ("good", .file(good), .file(good, headers: [TestHeader("Apple-Origin-Format", "json")])),
            (
                "redirect", .redirect(301, to: "https://www.redirect.scan.test\(wellKnown)"),
                .status(
                    404,
                    headers: [
                        TestHeader(
                            "Apple-Failure-Reason",
                            "SWCERR00101 Bad HTTP Response: 301 Moved Permanently")
                    ])
            ),
            (
                "blocked", .status(403),
                .status(
                    404,
                    headers: [
                        TestHeader("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 403 Forbidden"),
                        TestHeader("Apple-Failure-Details", #"{"cause":"bad-http-response","statusCode":403}"#),
                        TestHeader("Apple-From", "https://blocked.scan.test\(wellKnown)"),
                    ])
            ),
            ("big", .file(big), .file(big)),
            (
                "html", .file(html, contentType: "text/html; charset=utf-8"),
                .file(html, contentType: "text/html; charset=utf-8")
            ),
            (
                "invalid", .file(Array(#"{"applinks": {"details": [ oops"#.utf8)),
                .file(Array(#"{"applinks": {"details": [ oops"#.utf8))
            ),
            ("otherapp", .file(otherApp), .file(otherApp)),
        ]
    }

    /// Writes `Scan.app`: Info.plist, an unsigned arm64 executable with link receivers, and
    /// archived entitlements naming every scenario host on `port`.
    static func makeApp(in folder: URL, port: Int) throws -> URL {
        let app = folder.appendingPathComponent("Scan.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.url("macho/unsigned-arm64.bin"),
            to: app.appendingPathComponent("Scan"))
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>CFBundleExecutable</key><string>Scan</string>
            <key>CFBundleShortVersionString</key><string>1.0</string>
            <key>CFBundleVersion</key><string>1</string>
            </dict></plist>
            """.utf8
        ).write(to: app.appendingPathComponent("Info.plist"))
        let domains = scenarios().map { "<string>applinks:\($0.0).\(domain):\(port)</string>" }.joined()
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>application-identifier</key><string>\(appID)</string>
            <key>com.apple.developer.team-identifier</key><string>ABCDE12345</string>
            <key>com.apple.developer.associated-domains</key><array>\(domains)</array>
            </dict></plist>
            """.utf8
        ).write(to: app.appendingPathComponent("archived-expanded-entitlements.xcent"))
        return app
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"), .timeLimit(.minutes(2)))
    func everyBrokenDomainBecomesItsFinding() async throws {
        let pki = try TestPKI(hostNames: ["*.\(Self.domain)"])
        var routes = TestRoutes()
        for (name, origin, cdn) in Self.scenarios() {
            routes.add(Self.wellKnown, host: "\(name).\(Self.domain)", origin)
            routes.addCDN(for: "\(name).\(Self.domain)", cdnHost: Self.cdnHost, cdn)
        }
        let server = try await TestHTTPSServer.start(routes: routes, identity: pki.serverIdentity)
        let folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("linklab-scan-net-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let caFile = try pki.writeCAFile()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: caFile)
        }
        do {
            let port = server.port
            let app = try Self.makeApp(in: folder, port: port)
            let host = { (name: String) in "\(name).\(Self.domain):\(port)" }
            var arguments = [
                "scan", app.path, "--format", "json", "--ca-file", caFile.path, "--timeout", "20",
                "--cdn-base", "https://\(Self.cdnHost):\(port)/a/v1/", "--no-browser-probe",
                "--resolve", server.resolveArgument(for: Self.cdnHost),
                "--url", "https://\(host("good"))/buy/1", "--url", "https://\(host("otherapp"))/buy/1",
                "--report", folder.appendingPathComponent("net.md").path,
            ]
            for (name, _, _) in Self.scenarios() {
                arguments += ["--resolve", server.resolveArgument(for: "\(name).\(Self.domain)")]
            }
            let output = try LinkLabProcess.run(arguments)
            #expect(output.exitCode == 0, "\(output.stderr)")
            let document = try object(output.stdoutData)

            let domains = try #require(document["domains"] as? [[String: Any]])
            #expect(domains.count == Self.scenarios().count)
            let findings = try #require(document["findings"] as? [[String: Any]])
            func has(_ id: String, _ scenario: String, _ text: String? = nil) -> Bool {
                findings.contains { finding in
                    guard finding["id"] as? String == id,
                        (finding["subject"] as? String)?.contains("\(scenario).\(Self.domain)") == true
                    else {
                        return false
                    }
                    guard let text else { return true }
                    let data = (try? JSONSerialization.data(withJSONObject: finding)) ?? Data()
                    return String(decoding: data, as: UTF8.self).contains(text)
                }
            }
            #expect(has("AASA-003", "redirect"), "redirect: \(findings.map { $0["id"] ?? "" })")
            #expect(has("AASA-004", "blocked", "SWCERR00101 Bad HTTP Response: 403 Forbidden"))
            #expect(has("AASA-006", "big"))
            #expect(has("AASA-008", "html"))
            #expect(has("AASA-005", "invalid"))
            #expect(has("AASA-007", "otherapp"))
            #expect(
                !findings.contains {
                    ($0["subject"] as? String)?.contains("good.\(Self.domain)") == true
                        && ($0["severity"] as? String) == "critical"
                })

            let tests = try #require(document["urlTests"] as? [[String: Any]])
            let decisions = tests.map { (($0["apps"] as? [[String: Any]])?.first?["decision"] as? String) ?? "" }
            #expect(decisions == ["match", "no_match"])
            let requests = server.requests
            #expect(
                requests.contains {
                    $0.host?.hasPrefix(Self.cdnHost) == true && $0.path.hasPrefix("/a/v1/good.\(Self.domain)")
                })
            #expect(requests.contains { $0.path == Self.wellKnown && $0.userAgent == "AASA-Bot/1.0.0" })
            let report = try String(contentsOf: folder.appendingPathComponent("net.md"), encoding: .utf8)
            #expect(report.contains("SWCERR00101"))
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}
