import AndroidApp
import ArgumentParser
import Foundation
import SiteAssociation
import Workbench

/// `linklab assetlinks …`: work on Android's Digital Asset Links files.
struct AssetLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Fetch and lint assetlinks.json files (Android App Links).",
        discussion: """
            Examples:
              linklab assetlinks fetch example.com --google
              linklab assetlinks lint assetlinks.json
              curl -s https://example.com/.well-known/assetlinks.json | linklab assetlinks lint -

            Exit codes: 0 done; 2 usage error; 3 an input cannot be read. Contract: docs/cli.md.
            """,
        subcommands: [AssetLinksLintCommand.self, AssetLinksFetchCommand.self]
    )
}

/// `linklab assetlinks lint FILE|- [--format text|json]`.
struct AssetLinksLintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check an assetlinks.json file: statements, relations, fingerprints, dynamic rules.",
        discussion: """
            Examples:
              linklab assetlinks lint assetlinks.json
              linklab assetlinks lint assetlinks.json --format json

            Exit codes: 0 the file was read (valid or not: see "valid" in the JSON); 2 usage error; \
            3 the file cannot be read. Contract: docs/cli.md.
            """
    )

    @Argument(help: ArgumentHelp("The assetlinks.json file, or - for standard input.", valueName: "FILE"))
    var file: String

    @Option(help: "Output format: text or json.")
    var format: MatchOutputFormat = .text

    func run() async throws {
        let data = try InputFile.bytes(file, limit: AssetLinksFile.maxBytes)
        let parsed = AssetLinksFile(data: data)
        switch format {
        case .json:
            writeJSON(try JSONOutput.encode(AssetLinksLintReport(parsed, bytes: data.count)))
        case .text:
            writeText(AndroidReport.lintText(parsed, name: InputFile.shownName(file)), styled: false)
        }
    }
}

/// The `assetlinks lint` JSON document (`docs/cli.md`).
struct AssetLinksLintReport: Encodable {
    struct Grant: Encodable {
        let packageName: String
        let fingerprints: [String]
        let line: Int
        let dynamicRules: Int?
    }

    let schemaVersion = Workbench.schemaVersion
    let valid: Bool
    let bytes: Int
    let grants: [Grant]
    let includes: [String]
    let diagnostics: [LintDiagnostic]

    init(_ file: AssetLinksFile, bytes: Int) {
        valid = !file.diagnostics.contains { $0.severity == "error" }
        self.bytes = bytes
        grants = file.statements.compactMap { statement in
            guard statement.grantsLinks, case .androidApp(let package, let fingerprints) = statement.target else {
                return nil
            }
            return Grant(
                packageName: package, fingerprints: fingerprints, line: statement.line,
                dynamicRules: statement.dynamicComponents?.count)
        }
        includes = file.includes
        diagnostics = file.diagnostics
    }
}

/// The `inspect app.apk` JSON document (`docs/cli.md`).
struct AndroidInspectReport: Encodable {
    let schemaVersion = Workbench.schemaVersion
    let platform = "android"
    let source: String
    let baseEntry: String?
    let manifest: AndroidManifest
    let linkEvidence: [DEXReference]
    let signing: APKSigning
    let effectiveSigner: [SigningCertificate]

    init(snapshot: APKSnapshot) {
        source = snapshot.source
        baseEntry = snapshot.baseEntry
        manifest = snapshot.manifest
        linkEvidence = snapshot.linkEvidence
        signing = snapshot.signing
        effectiveSigner = snapshot.signing.effectiveCertificates(sdk: 35)
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, platform, source, baseEntry, manifest, linkEvidence, signing, effectiveSigner
    }

    /// Every key is written: `baseEntry` is `null` for a plain APK (`docs/cli.md`).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(platform, forKey: .platform)
        try container.encode(source, forKey: .source)
        try container.encode(baseEntry, forKey: .baseEntry)
        try container.encode(manifest, forKey: .manifest)
        try container.encode(linkEvidence, forKey: .linkEvidence)
        try container.encode(signing, forKey: .signing)
        try container.encode(effectiveSigner, forKey: .effectiveSigner)
    }
}

/// `linklab inspect app.apk|.xapk|.apks`: the Android side of `inspect`.
enum AndroidInspect {
    static func handles(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".apk") || lower.hasSuffix(".xapk") || lower.hasSuffix(".apks")
    }

    static func run(path: String, json: Bool) throws {
        let snapshot: APKSnapshot
        do {
            snapshot = try APKInspector.inspect(fileAt: URL(fileURLWithPath: path))
        } catch {
            throw failUnreadable(path, error.description)
        }
        if json {
            writeJSON(try JSONOutput.encode(AndroidInspectReport(snapshot: snapshot)))
        } else {
            writeText(AndroidReport.inspectText(snapshot), styled: false)
        }
    }
}
