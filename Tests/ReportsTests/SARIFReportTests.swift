import Findings
import Foundation
import TestSupport
import Testing

@testable import Reports

@Suite struct SARIFReportTests {
    static let schema = Fixtures.sharedURL("schemas/sarif-schema-2.1.0.json")
    static let canValidate = schema != nil && ExternalTool.pythonHas("jsonschema")

    static let validator = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        instance = json.load(sys.stdin)
        cls = jsonschema.validators.validator_for(schema)
        errors = sorted(cls(schema).iter_errors(instance), key=lambda e: list(e.path))
        for error in errors:
            print("/".join(str(p) for p in error.path), ":", error.message)
        sys.exit(1 if errors else 0)
        """

    static func log(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(
        .enabled(
            if: canValidate,
            "python3 with PyPI jsonschema not found (pip install jsonschema), or the committed SARIF schema is missing")
    )
    func sampleLogValidatesAgainstTheOfficialSchema() throws {
        try Self.validate(try SampleReport.document.sarif(toolVersion: "0.1.0"))
    }

    @Test(
        .enabled(
            if: canValidate,
            "python3 with PyPI jsonschema not found (pip install jsonschema), or the committed SARIF schema is missing")
    )
    func emptyAndHostileLogsValidate() throws {
        try Self.validate(try SARIFReport.encode(findings: [], toolVersion: "0.1.0"))
        try Self.validate(try HTMLReportTests.hostileDocument.sarif(toolVersion: "0.1.0"))
        let odd = Finding(
            id: "X", severity: .low, title: "", subject: "", explanation: "",
            evidence: [
                .binary(BinaryLocation(file: "Payload/A b%.app/A", offset: 0)),
                .associationFile(AssociationFileLocation(host: "h", pointer: "", line: 0, column: 0)),
            ], remediation: "")
        try Self.validate(try SARIFReport.encode(findings: [odd], toolVersion: ""))
    }

    static func validate(_ data: Data) throws {
        let python = try #require(ExternalTool.find("python3"))
        let schema = try #require(schema)
        let output = try ExternalTool.run(python, ["-c", validator, schema.path], stdin: data)
        #expect(output.status == 0, "SARIF schema errors:\n\(output.text)\(output.stderr)")
    }

    @Test func levelsFollowSeverity() {
        #expect(SARIFReport.level(.critical) == "error")
        #expect(SARIFReport.level(.high) == "error")
        #expect(SARIFReport.level(.medium) == "warning")
        #expect(SARIFReport.level(.low) == "note")
        #expect(SARIFReport.level(.info) == "note")
    }

    @Test func oneRulePerIDAndResultsPointAtTheirRule() throws {
        var findings = SampleReport.findings
        findings.append(
            Finding(
                id: "AASA-007", severity: .critical,
                title: "The app ID is not in the domain's applinks details",
                subject: "z.example.com", explanation: "x", remediation: "y"))
        let log = try Self.log(try SARIFReport.encode(findings: findings, toolVersion: "1"))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(ruleIDs == ["AASA-004", "AASA-007", "AASA-018", "BIN-002", "BIN-004", "ENT-003", "ENT-005"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == findings.count)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ruleIDs[index] == result["ruleId"] as? String)
            #expect((result["locations"] as? [Any])?.isEmpty == false)
        }
        let first = try #require(rules.first { $0["id"] as? String == "AASA-007" })
        // Described by the registry's rule, not by the first finding's texts.
        let registered = try #require(FindingRules.rule(id: "AASA-007"))
        #expect(first["helpUri"] as? String == registered.references.first?.url)
        #expect((first["shortDescription"] as? [String: Any])?["text"] as? String == registered.title)
        #expect((first["fullDescription"] as? [String: Any])?["text"] as? String == registered.explanation)
    }

    /// `security-severity` and the `security` tag only on rules whose findings are security
    /// findings (dashboards read them as "a vulnerability"); a reliability rule carries neither.
    @Test func onlySecurityRulesCarrySecuritySeverity() throws {
        let findings = [
            Finding(
                id: "AASA-007", category: .reliability, severity: .critical, title: "Not listed", subject: "a",
                explanation: "x", remediation: "y"),
            Finding(
                id: "AASA-018", category: .security, severity: .medium, title: "Whole site", subject: "b",
                explanation: "x", remediation: "y"),
            Finding(
                id: "AASA-018", category: .security, severity: .high, title: "Whole site", subject: "c",
                explanation: "x", remediation: "y"),
        ]
        let log = try Self.log(try SARIFReport.encode(findings: findings, toolVersion: "1"))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules =
            try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let properties = { (id: String) in rules.first { $0["id"] as? String == id }?["properties"] as? [String: Any] }
        #expect(properties("AASA-007")?["security-severity"] == nil)
        #expect((properties("AASA-007")?["tags"] as? [String])?.contains("security") == false)
        #expect((properties("AASA-007")?["tags"] as? [String])?.contains("reliability") == true)
        // The most severe security finding of the rule sets its score.
        #expect(properties("AASA-018")?["security-severity"] as? String == "8.0")
        #expect((properties("AASA-018")?["tags"] as? [String])?.contains("security") == true)
    }

    /// The run names what was audited (file name and SHA-256), the app (automation ID, so a
    /// dashboard shows it instead of an anonymous run) and the command with its start and end.
    @Test func theRunNamesWhatWasAuditedAndHow() throws {
        var document = SampleReport.document
        document.run = ReportRun(
            artifacts: [
                ReportRun.Artifact(name: "Link Lab.ipa", sha256: "ABCDEF"),
                ReportRun.Artifact(name: "app.apk", sha256: nil),
            ],
            subject: "com.example.app",
            invocation: ReportInvocation(
                commandLine: "linklab scan 'Link Lab.ipa' --report out.sarif",
                start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 61)))
        let data = try document.sarif(toolVersion: "0.1.0")
        let run = try #require((try Self.log(data)["runs"] as? [[String: Any]])?.first)
        let artifacts = try #require(run["artifacts"] as? [[String: Any]])
        #expect((artifacts[0]["location"] as? [String: Any])?["uri"] as? String == "Link%20Lab.ipa")
        #expect((artifacts[0]["hashes"] as? [String: Any])?["sha-256"] as? String == "abcdef")
        #expect(artifacts[1]["hashes"] == nil)
        #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == "linklab/com.example.app/")
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["commandLine"] as? String == "linklab scan 'Link Lab.ipa' --report out.sarif")
        #expect(invocation["startTimeUtc"] as? String == "1970-01-01T00:00:00Z")
        #expect(invocation["endTimeUtc"] as? String == "1970-01-01T00:01:01Z")
        #expect(invocation["executionSuccessful"] as? Bool == true)
        if Self.canValidate { try Self.validate(data) }
    }

    @Test func binaryEvidenceBecomesAByteRegion() throws {
        let text = String(decoding: try SampleReport.document.sarif(toolVersion: "1"), as: UTF8.self)
            .replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
        #expect(text.contains("\"byteOffset\":128160"))
        #expect(text.contains("\"startLine\":14"))
        #expect(text.contains("\"uri\":\"https://shop.example.com/.well-known/apple-app-site-association\""))
    }
}
