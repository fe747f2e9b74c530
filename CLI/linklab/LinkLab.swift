import ArgumentParser
import Foundation
import Workbench

/// `linklab`: the scriptable face of UniversalLinkLab. Thin: each subcommand parses its
/// flags, calls the engine and prints. Exit codes follow `docs/cli.md`.
struct LinkLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linklab",
        abstract: "Audit an iOS app's universal links: what it claims, what its domains serve, what iOS would open.",
        discussion: """
            Examples:
              linklab scan App.ipa --urls urls.txt --report report.pdf
              linklab match --aasa apple-app-site-association https://example.com/buy/42

            Exit codes: 0 done; 1 scan --fail-on threshold reached; 2 usage error; 3 an input \
            cannot be read or is malformed (one line on standard error). A file argument of - \
            reads standard input. Contract (commands, flags, JSON): docs/cli.md. Documentation, \
            one page per command: docs/README.md.
            """,
        version: Workbench.version,
        subcommands: [
            InspectCommand.self, AASACommand.self, MatchCommand.self, ScanCommand.self, ReportCommand.self,
            DiffCommand.self, ServeCommand.self, AssetLinksCommand.self, ReadingsCommand.self,
        ]
    )
}

/// `linklab aasa …`: work on association files.
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Lint or fetch apple-app-site-association files.",
        discussion: """
            Examples:
              linklab aasa lint apple-app-site-association
              linklab aasa fetch example.com

            Exit codes: 0 done; 2 usage error; 3 an input cannot be read. Contract: docs/cli.md.
            """,
        subcommands: [AASALintCommand.self, AASAFetchCommand.self]
    )
}

/// The entry point. argument-parser ends usage errors with `EX_USAGE` (64); the contract in
/// `docs/cli.md` says 2, so usage errors are mapped here and everything else passes through.
@main
enum LinkLabMain {
    static func main() async {
        _ = CommandRecord.started
        do {
            var command = try LinkLab.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if LinkLab.exitCode(for: error) == .validationFailure {
                printError(LinkLab.fullMessage(for: error))
                exit(LinkLabExit.usage.rawValue)
            }
            LinkLab.exit(withError: error)
        }
    }
}
