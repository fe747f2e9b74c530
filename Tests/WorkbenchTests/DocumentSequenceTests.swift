import Foundation
import TestServer
import TestSupport
import Testing

@testable import Workbench

/// Generated sequences of intents against a document whose app claims hosts on the loopback
/// HTTPS test site (good, slow, stale, invalid, notfound), including refetches during fetches
/// and edits during a fetch of the same host. After each sequence settles:
/// - the findings and verdicts equal a fresh evaluation of the same facts (the reports the
///   document holds), computed here independently of the document;
/// - each host ends as the last intent on it says (the newer intent wins).
@MainActor @Suite(.serialized) struct DocumentSequenceTests {
    static let scenarios = ["good", "slow", "stale", "invalid", "notfound"]

    /// What the last intent on a host says it must end as.
    enum Expected: Equatable {
        case fetched
        case supplied(Data)
        case edited(String)
        case reverted
    }

    static func document(site: TestSite, caFile: URL) throws -> WorkbenchDocument {
        var fetch = FetchConfiguration()
        fetch.resolve = try site.resolveArguments.map { try ResolvePin.parse($0) }
        fetch.caFile = caFile.path
        fetch.cdnBase = site.cdnBase
        fetch.timeout = .seconds(20)
        let document = WorkbenchDocument(settings: WorkbenchSettings(fetch: fetch), now: { SampleScan.now })
        // The sample app, re-pointed at the loopback hosts (its entitlements name example.com …).
        let sampleApp = try AppInspector.inspect(at: SampleScan.ipa)
        var app = sampleApp
        app.bundles[0].associatedDomains = scenarios.map { AssociatedDomain.parse("applinks:\(site.hostArgument($0))") }
        // Only loopback hosts: the share extension's planted applinks:browse.example.net goes too.
        for index in app.bundles.indices.dropFirst() {
            app.bundles[index].associatedDomains.removeAll { $0.service == "applinks" }
        }
        let hosts = HostCollector.collect(from: app).hosts
        document.adopt(
            Analysis(
                snapshot: app, hosts: hosts, domains: [], urlTests: [], findings: [], timings: [],
                offline: false, now: SampleScan.now), urls: [])
        return document
    }

    /// The findings and verdicts a fresh evaluation of the document's facts gives.
    static func freshEvaluation(_ document: WorkbenchDocument) throws -> (findings: [Finding], tests: [URLTest]) {
        let app = try #require(document.app)
        let hosts = HostCollector.collect(from: app).hosts
        let reports = document.domains.compactMap(\.report)
        let entries = try URLList.parse(document.urlLines)
        let tests = URLDecisions(hosts: hosts, reports: reports, snapshot: app).decide(entries)
        let facts = AnalysisFacts(
            app: app, domains: reports, urlTests: tests,
            options: AnalysisOptions(now: SampleScan.now, offline: false))
        return (FindingRules.evaluate(facts), tests)
    }

    @Test(.timeLimit(.minutes(5)), arguments: [UInt64(1), 2, 3, 4])
    func generatedIntentSequencesKeepTheDocumentEqualToAFreshEvaluation(seed: UInt64) async throws {
        let site = try await TestSite.start(slowDelay: .milliseconds(400))
        let caFile = try site.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(at: caFile) }
        let document = try Self.document(site: site, caFile: caFile)
        var generator = SeededGenerator(seed: seed)
        var expected: [String: Expected] = [:]
        let hosts = document.domains.map(\.host)
        let good = String(decoding: TestAssociationBodies.good, as: UTF8.self)
        for step in 0..<40 {
            let host = hosts[Int(generator.next() % UInt64(hosts.count))]
            switch generator.next() % 8 {
            case 0, 1:
                try document.refetch(host: host)
                expected[host] = .fetched
            case 2:
                document.refetchAll()
                for name in hosts { expected[name] = .fetched }
            case 3:
                let text = good.replacingOccurrences(of: "/*", with: "/step\(step)/*")
                try document.edit(text, forHost: host)
                expected[host] = .edited(text)
            case 4:
                let data = Data(TestAssociationBodies.stale)
                try document.useFile(data, name: "stale.json", forHost: host)
                expected[host] = .supplied(data)
            case 5:
                try document.revert(host: host)
                expected[host] = .reverted
            case 6:
                document.setURLLines(
                    "https://\(host)/step\(step)/a\n! https://\(host)/other\n= https://\(host)/x/\(step)")
            default:
                if let finding = document.findings.randomElement(using: &generator) {
                    try document.setTriage(fingerprint: finding.fingerprint, status: .confirmed, note: "step \(step)")
                }
            }
            // Let some fetches land between intents, and some not.
            if generator.next() % 3 == 0 { try await Task.sleep(for: .milliseconds(Int(generator.next() % 300))) }
        }
        await document.settled()
        #expect(document.phase == .ready)

        let fresh = try Self.freshEvaluation(document)
        #expect(document.findings.map(\.finding) == fresh.findings, "seed \(seed)")
        #expect(document.urlTests.map(document.traced) == fresh.tests, "seed \(seed)")
        #expect(document.currentAnalysis?.urlTests == fresh.tests, "seed \(seed)")
        #expect(document.findings.allSatisfy { $0.triage == document.triage[$0.fingerprint] })
        for entry in document.domains {
            switch expected[entry.host] {
            case .fetched?:
                #expect(entry.state == .done, "\(entry.host) seed \(seed)")
                #expect(entry.report == entry.fetched && entry.fetched != nil, "\(entry.host) seed \(seed)")
            case .supplied(let data)?:
                #expect(entry.state == .supplied, "\(entry.host) seed \(seed)")
                #expect(entry.report?.routes.first?.body == data)
            case .edited(let text)?:
                #expect(entry.state == .edited && entry.editedText == text, "\(entry.host) seed \(seed)")
            case .reverted?:
                #expect(entry.state == .done || entry.state == .pending, "\(entry.host) seed \(seed)")
                #expect(entry.report == entry.fetched, "\(entry.host) seed \(seed)")
            case nil:
                #expect(entry.state == .pending)
            }
        }
        // Triage survives a save and a re-open, and so do the facts.
        let saved = try document.save()
        let reopened = WorkbenchDocument(now: { SampleScan.now })
        try reopened.openSession(saved)
        #expect(reopened.findings == document.findings)
        #expect(try reopened.save() == saved)
        await site.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func closingDuringAHungFetchEndsPromptlyAndDropsTheLateAnswer() async throws {
        let site = try await TestSite.start(slowDelay: .seconds(30))
        let caFile = try site.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(at: caFile) }
        let document = try Self.document(site: site, caFile: caFile)
        try document.refetch(host: site.hostArgument("slow"))
        #expect(document.phase.name == "fetching")
        let started = ContinuousClock.now
        document.close()
        await document.settled()
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(document.phase == .idle)
        #expect(document.domains.isEmpty)
        await site.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func anEditDuringAFetchOfTheSameHostWinsOverTheLateAnswer() async throws {
        let site = try await TestSite.start(slowDelay: .milliseconds(500))
        let caFile = try site.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(at: caFile) }
        let document = try Self.document(site: site, caFile: caFile)
        var changes = document.changes().makeAsyncIterator()
        let slow = site.hostArgument("slow")
        try document.refetch(host: slow)
        try document.edit("{}", forHost: slow)
        await document.settled()
        let entry = try #require(document.domains.first { $0.entries.contains(slow) })
        #expect(entry.state == .edited)
        #expect(entry.editedText == "{}")
        #expect(await changes.next() != nil)
        await site.stop()
    }
}
