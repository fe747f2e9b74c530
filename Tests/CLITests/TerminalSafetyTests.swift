import Foundation
import TestServer
import TestSupport
import Testing

/// Hostile text never reaches the tester's terminal raw: every command that prints text from
/// an input (association files, Info.plists, URL lists, server headers, file names) escapes
/// ESC, BEL, CSI/OSC sequences, C1 controls, bidirectional overrides and invisible characters,
/// in text and JSON.
@Suite(.serialized, .enabled(if: LinkLabProcess.executableURL != nil, "linklab is not built: run swift build first"))
struct TerminalSafetyTests {
    /// Retitle the window, clear the screen, an 8-bit CSI and OSC, a right-to-left override, a
    /// zero-width space and a tag character.
    static let payload = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{9D}x\u{202E}gpj.exe\u{2066}\u{200B}\u{E0041}"

    /// `payload` written as a JSON string body (escapes for the C0 controls, raw UTF-8 for the rest).
    static var payloadInJSON: String {
        payload.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
    }

    /// An association file that is valid JSON with the payload in a key, an app ID and a rule.
    static var hostileAssociationFile: String {
        """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app\(payloadInJSON)"],
          "components": [{"/": "/buy/*", "comment": "\(payloadInJSON)"}], "\(payloadInJSON)": 1}]},
         "\(payloadInJSON)": {}}
        """
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// No scalar a terminal acts on (besides the line feed) in either stream.
    private func expectNothingRaw(
        _ output: LinkLabProcess.Output, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (name, text) in [("stdout", output.stdout), ("stderr", output.stderr)] {
            let raw = text.unicodeScalars.filter { scalar in
                let value = scalar.value
                return (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value)
                    || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                    || value == 0x200B || value == 0xE0041
            }
            #expect(
                raw.isEmpty,
                "\(label): raw control characters on \(name): \(raw.map { String($0.value, radix: 16) })",
                sourceLocation: sourceLocation)
        }
        #expect(!output.diedFromSignal, sourceLocation: sourceLocation)
    }

    @Test func aasaLintEscapesHostileKeysAndFileNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(Self.hostileAssociationFile, "aasa.json", in: folder)
        for format in ["text", "json"] {
            let output = try LinkLabProcess.run(["aasa", "lint", file, "--format", format])
            #expect(output.exitCode == 0, "\(output.stderr)")
            expectNothingRaw(output, "aasa lint --format \(format)")
            #expect(output.stdout.contains("PWNED"), "the key is shown, escaped: \(output.stdout)")
        }
        let fromStdin = try LinkLabProcess.run(["aasa", "lint", "-"], stdin: Data(Self.hostileAssociationFile.utf8))
        expectNothingRaw(fromStdin, "aasa lint -")
        let missing =
            try LinkLabProcess.run(["aasa", "lint", folder.appendingPathComponent("x\(Self.payload).json").path])
        #expect(missing.exitCode == 3)
        expectNothingRaw(missing, "aasa lint on a missing file with a hostile name")
        #expect(missing.stderr.contains("\\u{1B}"))
    }

    @Test func matchEscapesHostileAppIDsRulesAndURLs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(Self.hostileAssociationFile, "aasa.json", in: folder)
        let list =
            try write("https://example.com/buy/1?\(Self.payload)\nnot a url \(Self.payload)\n", "urls.txt", in: folder)
        for format in ["text", "json"] {
            for extra in [[], ["--trace"]] {
                let output =
                    try LinkLabProcess.run(["match", "--aasa", file, "--urls", list, "--format", format] + extra)
                #expect(output.exitCode == 3, "the non-URL line is an error: \(output.stderr)")
                expectNothingRaw(output, "match --format \(format) \(extra)")
            }
        }
        let batch = #"""
            {"id": "\#(Self.payloadInJSON)", "aasa"\#
            : \#(Self.hostileAssociationFile.replacingOccurrences(of: "\n", with: " ")), "appId": "x", "url": \#
            "https://example.com/buy/1\#(Self.payload)"}
            """#
        let answered = try LinkLabProcess.run(["match", "--batch"], stdin: Data((batch + "\n").utf8))
        expectNothingRaw(answered, "match --batch")
    }

    @Test func aasaFetchEscapesHostileHeadersAndBodies() async throws {
        let host = "hostile.aasa.test"
        let pki = try TestPKI(hostNames: [host])
        var routes = TestRoutes()
        let headers = [TestHeader("Apple-Failure-Reason", "SWCERR \u{9B}2J\u{202E}evil\u{9D}0;t")]
        routes.add(
            "/.well-known/apple-app-site-association", host: host,
            .file(
                Array(Self.hostileAssociationFile.utf8), contentType: "application/json\u{9B}2J",
                headers: headers))
        let server = try await TestHTTPSServer.start(routes: routes, identity: pki.serverIdentity)
        let caFile = try pki.writeCAFile()
        defer { try? FileManager.default.removeItem(at: caFile) }
        for format in ["text", "json"] {
            let output = try LinkLabProcess.run([
                "aasa", "fetch", "\(host):\(server.port)", "--route", "origin", "--no-browser-probe",
                "--ca-file", caFile.path, "--resolve", server.resolveArgument(for: host), "--format", format,
            ])
            #expect(output.exitCode == 0, "\(output.stderr)")
            expectNothingRaw(output, "aasa fetch --format \(format)")
            #expect(output.stdout.contains("PWNED"))
        }
        await server.stop()
    }

    @Test func scanEscapesHostileInfoPlistAndAssociationFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("LinkLab.app")
        try FileManager.default.copyItem(at: Fixtures.url("app/LinkLab.app"), to: app)
        let plistURL = app.appendingPathComponent("Info.plist")
        var plist =
            try #require(
                try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: plistURL),
                    format: nil) as? [String: Any])
        plist["CFBundleName"] = "Link\(Self.payload)"
        plist["CFBundleDisplayName"] = "Link\(Self.payload)"
        try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0).write(to: plistURL)
        let file = try write(Self.hostileAssociationFile, "example.com.json", in: folder)
        for format in ["text", "json"] {
            let output = try LinkLabProcess.run([
                "scan", app.path, "--offline", "--aasa", "example.com=\(file)", "--url", "https://example.com/buy/1",
                "--format", format,
            ])
            #expect(output.exitCode == 0, "\(output.stderr)")
            expectNothingRaw(output, "scan --format \(format)")
        }
        let badURL =
            try LinkLabProcess.run(["scan", app.path, "--offline", "--url", "https://example.com/\(Self.payload)"])
        expectNothingRaw(badURL, "scan --url with a hostile URL")
    }
}
