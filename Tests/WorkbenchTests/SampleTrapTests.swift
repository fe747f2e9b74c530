import AndroidApp
import Foundation
import TestSupport
import Testing
import Workbench

@testable import AssociationFetch
@testable import Findings

/// The platform traps of 2024–2026 planted in the bundled sample (`Samples/README.md`, "The
/// platform traps of 2024–2026"): each new finding of issue 29 fires on the sample as the page
/// says, through the same pipelines `linklab scan` runs. AASA-028 and AND-020 need an online
/// scan: `SampleOnlineTrapTests` feeds them the fetcher's own name-error wording for the sample's
/// `.invalid` host, so no test needs the internet.
@Suite struct SampleTrapTests {
    static let samples = Fixtures.repositoryRoot.appendingPathComponent("Samples")
    static let invalidHost = "links.linklab.invalid"

    /// Every association file under `Samples/aasa/`, by host (`example.org` serves `*.example.org`).
    static var aasa: [String: String] {
        var files: [String: String] = [:]
        for host in [
            "example.com", "shop.example.com", "example.org", "go.example.net", "linklab-help.github.io",
            "browse.example.net",
        ] {
            files[host] = samples.appendingPathComponent("aasa/\(host).json").path
        }
        return files
    }

    static func urls(_ name: String) throws -> [URLListEntry] {
        let text = try String(contentsOf: samples.appendingPathComponent(name), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).compactMap { line -> URLListEntry? in
            if case .entry(let entry) = URLListLine.read(String(line), line: nil, schemes: .webOrCustom) {
                return entry
            }
            return nil
        }
    }

    /// The list's lines as `--urls` reads them (`!`/`=` kept; blank lines and comments dropped).
    static func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: samples.appendingPathComponent(name), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.hasPrefix("#") }
    }

    static func ios() async throws -> Analysis {
        try await ScanPipeline(
            request: ScanRequest(
                input: samples.appendingPathComponent("LinkLabSample.ipa"), suppliedFiles: aasa, offline: true,
                urls: try urls("urls.txt").filter(\.isWebURL), now: Date(timeIntervalSince1970: 1_795_000_000))
        ).run()
    }

    static func android() async throws -> AndroidAnalysis {
        var files: [String: String] = [:]
        for host in ["example.com", "example.org", "shop.example.com"] {
            files[host] = samples.appendingPathComponent("assetlinks/\(host).json").path
        }
        return try await AndroidScan.run(
            AndroidScanRequest(
                input: samples.appendingPathComponent("LinkLabSample.apk"), offline: true, suppliedFiles: files,
                urls: try lines("urls-both.txt").compactMap { try URLList.entry($0, schemes: .any) }))
    }

    static func has(_ findings: [Finding], _ id: String, _ subject: String, _ severity: Severity) -> Bool {
        findings.contains { $0.id == id && $0.subject.contains(subject) && $0.severity == severity }
    }

    @Test func plantedIOSTrapsAreTheFindings() async throws {
        let findings = try await Self.ios().findings
        #expect(Self.has(findings, "ENT-014", "applinks:linklab.page.link", .high))
        #expect(Self.has(findings, "ENT-015", "Payload/LinkLab.app/PlugIns/Share.appex", .medium))
        #expect(Self.has(findings, "ENT-016", "applinks:linklab-help.github.io", .low))
        #expect(Self.has(findings, "SCH-003", "linklab-help.github.io: ABCDE12345.com.example.app", .medium))
        #expect(Self.has(findings, "SCH-004", "linklab-oauth://", .low))
        #expect(Self.has(findings, "BIN-007", "Payload/LinkLab.app/AppClips/Clip.app", .medium))
        #expect(Self.has(findings, "URL-003", "https://shop.example.com\\@evil.example/shop/shoes/42", .medium))
        // ENT-015 names the extension only: the main app's claims are not the browser's.
        #expect(findings.filter { $0.id == "ENT-015" }.count == 1)
        // Offline never guesses a name error.
        #expect(!findings.contains { $0.id == "AASA-028" })
    }

    @Test func plantedAndroidTrapsAreTheFindings() async throws {
        let findings = try await Self.android().findings
        #expect(Self.has(findings, "AND-018", "LinkActivity: linklab.page.link", .high))
        #expect(Self.has(findings, "AND-019", "example.com: https://linklab-help.github.io/", .low))
        #expect(Self.has(findings, "AND-021", "https://shop.example.com\\@evil.example/shop/shoes/42", .medium))
        #expect(Self.has(findings, "AND-002", Self.invalidHost, .info))
        #expect(!findings.contains { $0.id == "AND-020" })
    }

    /// The recorded probe results match the sample's real kit: the scan takes them, and the
    /// probe marked vulnerable (the `javascript:` one) is PRB-001, high.
    @Test func recordedProbeResultsBecomePRB001() throws {
        let output = try LinkLabProcess.run(
            [
                "scan", "Samples/LinkLabSample.ipa", "Samples/LinkLabSample.apk", "--offline", "--aasa", "Samples/aasa",
                "--assetlinks", "Samples/assetlinks", "--probe-results", "Samples/probes/sample-results.tsv",
            ], currentDirectory: Fixtures.repositoryRoot)
        #expect(output.exitCode == 0, "\(output.stderr)")
        let prb = output.stdout.split(separator: "\n").filter { $0.hasPrefix("PRB-001") }
        #expect(prb.count == 1, "one PRB-001 finding: \(prb)")
        let line = prb.first ?? ""
        #expect(line.contains("high") && line.contains("P010 https://example.com/buy/sample"), "\(line)")
    }
}

/// AASA-028 and AND-020 on the sample as an online scan would raise them: the sample's own
/// analysis (its real entitlements and manifest) with the answer every resolver gives for
/// `links.linklab.invalid` (RFC 6761: `.invalid` never resolves), worded by the fetcher's DNS
/// classification. The same facts offline stay silent.
@Suite struct SampleOnlineTrapTests {
    /// What `FetchError.classify` makes of glibc's answer for a name that does not exist.
    static let nameError = FetchError.dnsFailure(
        host: SampleTrapTests.invalidHost,
        detail: FetchError.shortDNSDetail(
            "SocketAddressError.UnknownHost: Name or service not known (error -2) "
                + "for host \(SampleTrapTests.invalidHost), port 443"))

    @Test func theInvalidNameIsAASA028Online() async throws {
        let analysis = try await SampleTrapTests.ios()
        let host = SampleTrapTests.invalidHost
        var cdn = RouteResult(
            route: .cdn, url: "https://app-site-association.cdn-apple.com/a/v1/\(host)",
            userAgent: "AASA-Bot/1.0.0")
        cdn.status = 404
        var origin = RouteResult(
            route: .origin, url: "https://\(host)/.well-known/apple-app-site-association",
            userAgent: "AASA-Bot/1.0.0")
        origin.error = Self.nameError
        let report = DomainReport(host: try FetchHost.parse(host), routes: [cdn, origin])
        let supplied = analysis.domains.filter { $0.fetchedHost != host }
        func facts(offline: Bool) -> AnalysisFacts {
            AnalysisFacts(
                app: analysis.snapshot, domains: supplied + [report],
                options: AnalysisOptions(now: Date(timeIntervalSince1970: 1_795_000_000), offline: offline))
        }
        let online = AASA028AbandonedDomain().evaluate(facts(offline: false))
        let finding = try #require(online.first)
        #expect(online.count == 1 && finding.subject == host && finding.severity == .low)
        #expect(finding.explanation.contains("does not resolve (Name or service not known)"))
        #expect(finding.explanation.contains("the app declares it for applinks"))
        #expect(AASA028AbandonedDomain().evaluate(facts(offline: true)).isEmpty)
    }

    @Test func theInvalidNameIsAND020Online() async throws {
        let snapshot = try await SampleTrapTests.android().snapshot
        let host = SampleTrapTests.invalidHost
        var result = RouteResult(route: .origin, url: "https://\(host)/.well-known/assetlinks.json", userAgent: "t")
        result.error = Self.nameError
        let report = AssetLinksReport(host: host, result: result)
        let online = AND020AbandonedHost().evaluate(AndroidFacts(snapshot: snapshot, assetLinks: [report]))
        let finding = try #require(online.first)
        #expect(online.count == 1 && finding.subject == host && finding.severity == .low)
        #expect(finding.explanation.contains("does not resolve (Name or service not known)"))
        #expect(
            AND020AbandonedHost().evaluate(
                AndroidFacts(
                    snapshot: snapshot, assetLinks: [report],
                    offline: true)
            ).isEmpty)
    }
}
