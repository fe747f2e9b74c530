import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The retest of the sample: OLD as scanned, NEW with go.example.net fixed (the app listed
/// with `appIDs`/`components`) and a finding triaged. Reports compared with `Golden/retest.*`
/// (re-record with `RECORD_GOLDEN=1 swift test --filter RetestReportTests`).
@MainActor @Suite struct RetestReportTests {
    static let fixedGo = """
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/promo/*"}]},
          {"appIDs": ["ZZZZZ99999.com.partner.deals"], "components": [{"/": "/*"}]}
        ]}}
        """

    /// OLD and NEW, each saved and re-opened (as `linklab diff` reads them).
    static func pair() async throws -> (old: WorkbenchDocument, new: WorkbenchDocument) {
        let first = try await WorkbenchDocumentTests.openedSample()
        let oldBytes = try first.save()
        try first.useFile(Data(fixedGo.utf8), name: "go.example.net.json", forHost: "go.example.net")
        let scheme = try #require(first.findings.first { $0.finding.id == "SCH-001" })
        try first.setTriage(
            fingerprint: scheme.fingerprint, status: .acceptedRisk,
            note: "legacy scheme, kept for old links")
        let newBytes = try first.save()
        let old = WorkbenchDocument(now: { SampleScan.now })
        try old.openSession(oldBytes)
        let new = WorkbenchDocument(now: { SampleScan.now })
        try new.openSession(newBytes)
        return (old, new)
    }

    @Test func theFixedHostIsFixedChangedAndItsURLsNowOpenTheApp() async throws {
        let (old, new) = try await Self.pair()
        let retest = Retest(old: old, new: new)
        #expect(retest.fixedFindings.contains { $0.finding.id == "AASA-007" })
        #expect(!retest.openFindings.contains { $0.finding.id == "AASA-007" })
        #expect(retest.newFindings.allSatisfy { $0.finding.severity < .critical })
        #expect(retest.domains.first { $0.host == "go.example.net" }?.change == "changed")
        #expect(retest.domains.filter { $0.host != "go.example.net" }.allSatisfy { $0.change == "same" })
        #expect(retest.triageChanges.count == 1)
        #expect(retest.failing(atLeast: .critical).isEmpty)
        let reverse = Retest(old: new, new: old)
        #expect(reverse.newFindings.contains { $0.finding.id == "AASA-007" })
        #expect(!reverse.failing(atLeast: .high).isEmpty)
        // The regression is a reliability finding: it trips reliability:high, not security:high.
        #expect(
            reverse.failing([FindingThreshold(category: .reliability, severity: .high)])
                .contains { $0.finding.id == "AASA-007" })
        #expect(
            !reverse.failing([FindingThreshold(category: .security, severity: .high)])
                .contains { $0.finding.id == "AASA-007" })
    }

    @Test(arguments: ReportFormat.allCases)
    func retestReportMatchesGolden(_ format: ReportFormat) async throws {
        let (old, new) = try await Self.pair()
        let analysis = try #require(new.currentAnalysis)
        var data =
            try Retest(old: old, new: new).report(analysis, format: format, triage: new.triage, toolVersion: "test")
        if format != .pdf { data = Data(SampleScan.normalised(String(decoding: data, as: UTF8.self)).utf8) }
        let url = GoldenReportTests.goldenFolder.appendingPathComponent("retest.\(format.rawValue)")
        if Fixtures.isRecordingGoldens {
            try data.write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        #expect(
            data == golden,
            """
            retest.\(format.rawValue) differs\(GoldenReportTests.firstDifference(data, golden, isText: format != .pdf))
            """)
    }

    nonisolated static let schema = Fixtures.sharedURL("schemas/sarif-schema-2.1.0.json")

    nonisolated static var canValidate: Bool {
        guard schema != nil else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// A triaged session's SARIF (export and retest) is valid against the official schema.
    @Test(
        .enabled(
            if: canValidate,
            "python3 with PyPI jsonschema not found (pip install jsonschema), or the committed SARIF schema is missing")
    )
    func sarifOfATriagedSessionValidates() async throws {
        let (old, new) = try await Self.pair()
        let analysis = try #require(new.currentAnalysis)
        for data in [
            try new.export(.sarif),
            try Retest(old: old, new: new).report(analysis, format: .sarif, triage: new.triage),
        ] {
            let script = """
                import json, sys, jsonschema
                schema = json.load(open(sys.argv[1]))
                errors = list(jsonschema.validators.validator_for(schema)(schema).iter_errors(json.load(sys.stdin)))
                for e in errors: print("/".join(map(str, e.path)), e.message)
                sys.exit(1 if errors else 0)
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, try #require(Self.schema).path]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(data)
            try input.fileHandleForWriting.close()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "SARIF schema errors: \(text)")
        }
    }
}
