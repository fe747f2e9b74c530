import Findings
import Foundation

/// Findings as a SARIF 2.1.0 log (one run, one rule per finding ID), for code-scanning
/// dashboards. Deterministic: rules by ID, results in report order, keys sorted.
public enum SARIFReport {
    /// The official schema URI written into `$schema`.
    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The `partialFingerprints` key under which every result carries `Finding.fingerprint`.
    public static let fingerprintKey = "linklabFingerprint/v1"

    /// Encodes the findings as a SARIF log. Every result carries its fingerprint; a finding
    /// whose triage (keyed by fingerprint) is false-positive or accepted-risk gets an external,
    /// accepted suppression with the tester's note as justification.
    public static func encode(
        findings: [Finding], triage: [String: Triage] = [:], run: ReportRun = ReportRun(),
        toolName: String = "UniversalLinkLab", toolVersion: String,
        informationURI: String =
            "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0070/"
    )
        throws(ReportsError) -> Data
    {
        let sorted = findings.sortedForReport()
        var firstByID: [String: Finding] = [:]
        for finding in sorted where firstByID[finding.id] == nil { firstByID[finding.id] = finding }
        let ruleIDs = firstByID.keys.sorted(by: Finding.idOrder)
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        let rules = ruleIDs.compactMap { id in
            firstByID[id].map { rule($0, securityFindings: sorted.filter { $0.id == id && $0.category == .security }) }
        }
        let results = sorted.map { finding in
            result(
                finding, ruleIndex: ruleIndex[finding.id] ?? 0,
                triage: triage.isEmpty ? nil : triage[finding.fingerprint])
        }
        let log = Log(
            schema: schemaURI, version: "2.1.0",
            runs: [
                Run(
                    tool: Tool(
                        driver: Driver(
                            name: toolName, version: toolVersion,
                            semanticVersion: semanticVersion(toolVersion),
                            informationUri: informationURI, rules: rules)),
                    results: results, columnKind: "unicodeCodePoints",
                    artifacts: run.artifacts.isEmpty
                        ? nil
                        : run.artifacts.map { artifact in
                            Artifact(
                                location: ArtifactLocation(uri: artifactURI(artifact.name)),
                                hashes: artifact.sha256.map { ["sha-256": $0.lowercased()] })
                        },
                    invocations: run.invocation.map { invocation in
                        [
                            Invocation(
                                commandLine: invocation.commandLine, startTimeUtc: timestamp(invocation.start),
                                endTimeUtc: timestamp(invocation.end), executionSuccessful: true)
                        ]
                    },
                    automationDetails: run.subject.map { AutomationDetails(id: "linklab/\($0)/") },
                    properties: run.whatIfHosts.isEmpty ? nil : RunProperties(whatIfEditedHosts: run.whatIfHosts))
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(log) + Data("\n".utf8)
        } catch {
            throw .encodingFailed(String(describing: error))
        }
    }

    /// SARIF `level` for a severity: critical/high → error, medium → warning, low/info → note.
    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .critical, .high: "error"
        case .medium: "warning"
        case .low, .info: "note"
        }
    }

    /// GitHub's `security-severity` score (0–10, CVSS-like) for a severity; written for
    /// security findings only (a reliability finding is not a vulnerability).
    public static func securitySeverity(_ severity: Severity) -> String {
        switch severity {
        case .critical: "9.5"
        case .high: "8.0"
        case .medium: "5.5"
        case .low: "3.0"
        case .info: "0.0"
        }
    }

    /// `2026.11.1` stays; anything that is not dotted numbers gives nil (SARIF wants semver there).
    static func semanticVersion(_ version: String) -> String? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return (2...3).contains(parts.count) && parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
            ? version : nil
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// A rule entry, described by the registry (`FindingRules.rule(id:)`: the rule's own title,
    /// explanation, remediation, references and default severity, whatever platform's catalogue
    /// holds it, the cross-platform XPL-… included) or, for an ID no catalogue of this build has
    /// (a finding read from another version's document), by its first finding.
    /// `securityFindings` (this ID's security findings) set `security-severity` from the most
    /// severe of them, and the `security` tag, which code-scanning dashboards read as "a
    /// vulnerability"; a rule with none is tagged `reliability` and has no `security-severity`.
    /// The platform tag is `universal-links` (iOS), `android-app-links` (AND-…) or both (XPL-…).
    private static func rule(_ finding: Finding, securityFindings: [Finding]) -> Rule {
        let registered = FindingRules.rule(id: finding.id)
        let title = registered?.title ?? finding.title
        let explanation = registered?.explanation ?? finding.explanation
        let remediation = registered?.remediation ?? finding.remediation
        let references = registered?.citedReferences ?? finding.references
        let severity = registered?.severity ?? finding.severity
        var markdown = "\(explanation)\n\n**Remediation:** \(remediation)"
        if !references.isEmpty {
            markdown += "\n\n" + references.map { "- [\($0.title)](\($0.url))" }.joined(separator: "\n")
        }
        var text = "\(explanation)\n\nRemediation: \(remediation)"
        if !references.isEmpty {
            text += "\n\n" + references.map { "\($0.title): \($0.url)" }.joined(separator: "\n")
        }
        return Rule(
            id: finding.id,
            name: ruleName(title),
            shortDescription: Message(text: title),
            fullDescription: Message(text: explanation),
            help: Message(text: text, markdown: markdown),
            helpUri: references.first?.url,
            defaultConfiguration: Configuration(level: level(severity)),
            properties: RuleProperties(
                tags: [securityFindings.isEmpty ? "reliability" : "security"] + platformTags(finding.id)
                    + [finding.idPrefix.lowercased()],
                securitySeverity: securityFindings.map(\.severity).max().map(securitySeverity),
                problemSeverity: level(severity) == "note" ? "recommendation" : level(severity)))
    }

    /// The link technology a rule is about, by its ID's platform.
    static func platformTags(_ id: String) -> [String] {
        if id.hasPrefix("AND-") { return ["android-app-links"] }
        if id.hasPrefix("XPL-") { return ["universal-links", "android-app-links"] }
        return ["universal-links"]
    }

    /// "The app ID is not in …" → "TheAppIDIsNotIn…": an identifier-like rule name.
    static func ruleName(_ title: String) -> String {
        title.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    private static func result(_ finding: Finding, ruleIndex: Int, triage: Triage?) -> Result {
        var locations: [Location] = []
        for evidence in finding.evidence {
            if let location = location(evidence), !locations.contains(location) { locations.append(location) }
        }
        if locations.isEmpty {
            locations.append(
                Location(logicalLocations: [
                    LogicalLocation(
                        name: finding.subject,
                        fullyQualifiedName: finding.subject, kind: "resource")
                ]))
        }
        return Result(
            ruleId: finding.id, ruleIndex: ruleIndex, level: level(finding.severity),
            message: Message(text: "\(finding.title): \(finding.subject). \(finding.explanation)"),
            locations: locations,
            partialFingerprints: [fingerprintKey: finding.fingerprint],
            suppressions: triage.flatMap { triage in
                triage.status.isSuppressed
                    ? [
                        Suppression(
                            kind: "external", status: "accepted",
                            justification: triage.note.isEmpty ? triage.status.rawValue : triage.note)
                    ]
                    : nil
            },
            properties: ResultProperties(
                category: finding.category.rawValue, severity: finding.severity.rawValue,
                securitySeverity: finding.category == .security
                    ? securitySeverity(finding.severity) : nil,
                subject: finding.subject,
                evidence: finding.evidence.map(\.summary),
                triage: triage.map { $0.status.rawValue }))
    }

    private static func location(_ evidence: Evidence) -> Location? {
        switch evidence {
        case .binary(let binary):
            var logical: [LogicalLocation]?
            if let symbol = binary.symbol {
                logical =
                    [
                        LogicalLocation(
                            name: symbol,
                            fullyQualifiedName: [
                                binary.slice, binary.section,
                                symbol,
                            ].compactMap { $0 }.joined(separator: "/"), kind: "member")
                    ]
            }
            let region = binary.offset.map { Region(byteOffset: $0, byteLength: binary.length) }
            return Location(
                physicalLocation: PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: artifactURI(binary.file)),
                    region: region),
                logicalLocations: logical)
        case .associationFile(let file):
            let uri = "https://\(file.host)/.well-known/apple-app-site-association"
            let region = file.line.map { Region(startLine: $0, startColumn: file.column) }
            return Location(
                physicalLocation: PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: artifactURI(uri)),
                    region: region),
                logicalLocations: [
                    LogicalLocation(
                        name: file.pointer.isEmpty ? "/" : file.pointer,
                        fullyQualifiedName: "\(file.host)#\(file.pointer)",
                        kind: "property")
                ])
        case .network(let network):
            return Location(logicalLocations: [
                LogicalLocation(
                    name: network.host,
                    fullyQualifiedName: network.url ?? network.host, kind: "resource")
            ])
        case .entitlement(let key, _):
            return Location(logicalLocations: [
                LogicalLocation(
                    name: key, fullyQualifiedName: "entitlements/\(key)",
                    kind: "property")
            ])
        case .text:
            return nil
        }
    }

    /// Artifact URIs must be valid URI references: percent-encode what a path may not hold.
    static func artifactURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.insert(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    // MARK: SARIF object model (only what we write)

    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind: String
        var artifacts: [Artifact]?
        var invocations: [Invocation]?
        var automationDetails: AutomationDetails?
        var properties: RunProperties?
    }

    /// Hosts decided from a what-if edit (hypothetical: not what the domain serves).
    struct RunProperties: Encodable { var whatIfEditedHosts: [String] }

    struct Artifact: Encodable {
        var location: ArtifactLocation
        var hashes: [String: String]?
    }

    struct Invocation: Encodable {
        var commandLine: String
        var startTimeUtc: String
        var endTimeUtc: String
        var executionSuccessful: Bool
    }

    struct AutomationDetails: Encodable { var id: String }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String?
        var informationUri: String
        var rules: [Rule]
    }

    struct Message: Encodable, Hashable {
        var text: String
        var markdown: String?
    }

    struct Configuration: Encodable { var level: String }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var helpUri: String?
        var defaultConfiguration: Configuration
        var properties: RuleProperties
    }

    struct RuleProperties: Encodable {
        var tags: [String]
        var securitySeverity: String?
        var problemSeverity: String
        enum CodingKeys: String, CodingKey {
            case tags
            case securitySeverity = "security-severity"
            case problemSeverity = "problem.severity"
        }
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]
        var suppressions: [Suppression]?
        var properties: ResultProperties
    }

    /// SARIF §3.35: a suppression decided outside the analysed artifact (the tester's triage).
    struct Suppression: Encodable {
        var kind: String
        var status: String
        var justification: String
    }

    struct ResultProperties: Encodable {
        var category: String
        var severity: String
        var securitySeverity: String?
        var subject: String
        var evidence: [String]
        var triage: String?
        enum CodingKeys: String, CodingKey {
            case category, severity, subject, evidence, triage
            case securitySeverity = "security-severity"
        }
    }

    struct Location: Encodable, Hashable {
        var physicalLocation: PhysicalLocation?
        var logicalLocations: [LogicalLocation]?
    }

    struct PhysicalLocation: Encodable, Hashable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable, Hashable { var uri: String }

    struct Region: Encodable, Hashable {
        var startLine: Int?
        var startColumn: Int?
        var byteOffset: UInt64?
        var byteLength: UInt64?

        init(startLine: Int, startColumn: Int?) {
            self.startLine = max(1, startLine)
            self.startColumn = startColumn.map { max(1, $0) }
        }

        init(byteOffset: UInt64, byteLength: UInt64?) {
            self.byteOffset = byteOffset
            self.byteLength = byteLength
        }
    }

    struct LogicalLocation: Encodable, Hashable {
        var name: String
        var fullyQualifiedName: String
        var kind: String
    }
}

extension ReportDocument {
    /// The document's findings as a SARIF 2.1.0 log, with the document's triage as suppressions.
    public func sarif(toolVersion: String) throws(ReportsError) -> Data {
        try SARIFReport.encode(findings: findings, triage: triage, run: run, toolVersion: toolVersion)
    }
}
