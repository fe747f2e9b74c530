import AssociationFetch
import Foundation
import Reports

extension Analysis {
    /// The `scan` JSON document of `docs/cli.md`: the `inspect` document's fields, plus
    /// `domains` (as `aasa fetch`), `urlTests` (as `match`) and `findings`; additions:
    /// `scan` (offline flag, notes, and stage timings only when `timings` is true, so that the
    /// same input gives the same bytes). Each finding carries `fingerprint` and `triage`
    /// (from `triage`, keyed by fingerprint; `null` when not triaged).
    public func scanDocument(triage: [String: Triage] = [:], timings: Bool = false) throws -> Data {
        try JSONOutput.encode(ScanDocument(analysis: self, triage: triage, timings: timings))
    }
}

/// The `scan` document; encodes the snapshot's own fields first, then the scan's.
public struct ScanDocument: Sendable, Encodable {
    /// The analysis it shows.
    public var analysis: Analysis
    /// Triage per finding fingerprint.
    public var triage: [String: Triage]
    /// Whether `scan.timings` is written (off by default: timings differ between runs).
    public var timings: Bool
    /// The workbench's state of each domain by host (`jsonDocument()`): when set, each
    /// `domains` entry carries `state`, `done` for a host it does not name. Nil for `scan`.
    var domainStates: [String: String]? = nil

    /// A document for `analysis`.
    public init(analysis: Analysis, triage: [String: Triage] = [:], timings: Bool = false) {
        self.analysis = analysis
        self.triage = triage
        self.timings = timings
    }

    private enum Key: String, CodingKey {
        case schemaVersion, source, bundles, diagnostics, domains, urlTests, findings, scan, whatIf
    }

    private struct WhatIf: Encodable {
        var hosts: [String]
        var notice: String
        /// Fingerprints of the findings that rest on an edited file.
        var findings: [String]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Workbench.schemaVersion, forKey: .schemaVersion)
        // The input as the tester named it (`ShownFileName`): a report never carries their folders.
        var source = analysis.snapshot.source
        source.path = ShownFileName.of(source.path)
        try container.encode(source, forKey: .source)
        try container.encode(analysis.snapshot.bundles, forKey: .bundles)
        try container.encode(analysis.snapshot.diagnostics, forKey: .diagnostics)
        if let domainStates {
            let stated = analysis.domains.map { StatedJSON($0, state: domainStates[$0.host] ?? "done") }
            try container.encode(stated, forKey: .domains)
        } else {
            try container.encode(analysis.domains, forKey: .domains)
        }
        try container.encode(analysis.urlTests.map(URLTestJSON.init), forKey: .urlTests)
        try container.encode(FindingsJSON.entries(analysis.findings, triage: triage), forKey: .findings)
        try container.encode(ScanFacts(analysis: analysis, triage: triage, timings: timings), forKey: .scan)
        // Present only while a host is edited: the document is then hypothetical.
        if let notice = analysis.whatIfNotice {
            try container.encode(
                WhatIf(
                    hosts: analysis.whatIfHosts, notice: notice,
                    findings: analysis.findings.filter(analysis.dependsOnWhatIf)
                        .map(\.fingerprint)),
                forKey: .whatIf)
        }
    }
}

/// A JSON object with one key more: `value`'s keys and `state` (the workbench's state of a
/// domain or host, in the documents it answers with). Both write into one keyed container.
struct StatedJSON<Value: Encodable>: Encodable {
    var value: Value
    var state: String

    init(_ value: Value, state: String) {
        self.value = value
        self.state = state
    }

    private enum Key: String, CodingKey { case state }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(state, forKey: .state)
    }
}

extension URLTest {
    /// `{"urlTest": …}` with this test as one `urlTests` entry of the scan JSON: the web API's
    /// answer for one URL, in the shape the page already renders for a list entry.
    public func urlTestDocument() throws -> Data {
        try JSONOutput.encodeLine(["urlTest": URLTestJSON(self)])
    }
}

/// One `urlTests` entry: the `match` result shape (`url`, `apps`) plus the expectation, the
/// deciding domain and the list line.
struct URLTestJSON: Encodable {
    var test: URLTest

    init(_ test: URLTest) { self.test = test }

    private enum Key: String, CodingKey { case url, apps, expectation, domain, line }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(test.url, forKey: .url)
        try container.encode(test.verdicts, forKey: .apps)
        try container.encode(test.expectation, forKey: .expectation)
        if let domain = test.domain {
            try container.encode(domain, forKey: .domain)
        } else {
            try container.encodeNil(forKey: .domain)
        }
        if let line = test.line {
            try container.encode(line, forKey: .line)
        } else {
            try container.encodeNil(forKey: .line)
        }
    }
}

/// `scan`: how the run went.
struct ScanFacts: Encodable {
    var offline: Bool
    var hosts: [String]
    var timings: [StageTiming]?
    var notes: [String]
    /// Counts of the findings a report lists (`FindingCounts`: those triaged as false
    /// positive or accepted risk are left out and counted in `suppressedFindings`).
    var findingCounts: [String: Int]
    /// The same counts per category (`security`, `reliability`), every severity present.
    var findingCountsByCategory: [String: [String: Int]]
    var suppressedFindings: Int

    init(analysis: Analysis, triage: [String: Triage], timings withTimings: Bool) {
        offline = analysis.offline
        hosts = analysis.hosts.map(\.entry)
        timings = withTimings ? analysis.timings : nil
        notes = analysis.notes
        let counts = FindingCounts(analysis.findings, triage: triage)
        findingCounts = counts.bySeverity
        findingCountsByCategory = counts.byCategory
        suppressedFindings = counts.suppressed
    }
}
