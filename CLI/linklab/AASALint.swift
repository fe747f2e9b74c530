import ArgumentParser
import Foundation
import Workbench

/// `linklab aasa lint FILE|- [--format text|json]`: every problem a device or a reviewer
/// would find in an association file.
struct AASALintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check an apple-app-site-association file as a device reads it.",
        discussion: """
            Examples:
              linklab aasa lint apple-app-site-association
              curl -s https://example.com/.well-known/apple-app-site-association | linklab aasa lint -

            Exit codes: 0 the file was read (valid or not: see "valid" in the JSON); 2 usage error; \
            3 the file cannot be read. Contract: docs/cli.md.
            """
    )

    @Argument(help: ArgumentHelp("The association file, or - for standard input.", valueName: "FILE"))
    var file: String

    @Option(help: "Output format: text or json.")
    var format: MatchOutputFormat = .text

    func run() async throws {
        let document = AssociationDocument.parse(try InputFile.bytes(file))
        switch format {
        case .json:
            writeJSON(try JSONOutput.encode(LintReport(document: document)))
        case .text:
            matchPrint(LintTextRenderer(style: .standardOutput).render(document, name: InputFile.shownName(file)))
        }
    }
}

/// The `aasa lint` JSON document (`docs/cli.md`).
struct LintReport: Encodable {
    let schemaVersion = Workbench.schemaVersion
    let valid: Bool
    let deviceAccepts: Bool
    let cmsSigned: Bool
    let bytes: Int
    let diagnostics: [LintDiagnostic]

    init(document: AssociationDocument) {
        valid = document.isValid
        deviceAccepts = document.deviceAccepts
        cmsSigned = document.isCMSSigned
        bytes = document.byteCount
        diagnostics = document.diagnostics
    }
}

/// Text output of `aasa lint`: a summary line, then one aligned line per diagnostic.
struct LintTextRenderer {
    let style: MatchStyle

    func render(_ document: AssociationDocument, name: String) -> String {
        let count = { (severity: String) in document.diagnostics.filter { $0.severity == severity }.count }
        let errors = count("error")
        let warnings = count("warning")
        let infos = count("info")
        var verdict = document.deviceAccepts ? "a device accepts this file" : "a device rejects this file"
        if document.deviceAccepts && document.exceedsSizeLimit { verdict = "a device ignores this file (over 128 KiB)" }
        if document.file == nil && document.deviceAccepts { verdict = "no usable association file" }
        let safe = { (text: String) in TerminalText.safe(text) }
        var lines = [
            style.bold(
                """
                \(safe(name)): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) \
                warning\(warnings == 1 ? "" : "s"), \(infos) info \
                — \(verdict)\(document.isCMSSigned ? " (CMS-signed)" : "")
                """)
        ]
        let positions = document.diagnostics.map { diagnostic -> String in
            guard let line = diagnostic.line else { return "-" }
            return "\(line):\(diagnostic.column ?? 0)"
        }
        let width = positions.map(\.count).max() ?? 1
        for (diagnostic, position) in zip(document.diagnostics, positions) {
            let location = diagnostic.location.isEmpty ? "" : style.dim(safe(diagnostic.location)) + "  "
            let place = position.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                """
                  \(place)  \(style.severity(diagnostic.severity))  \(diagnostic.id)  \(location)\
                \(safe(diagnostic.message))
                """)
        }
        return lines.joined(separator: "\n")
    }
}
