import ArgumentParser
import Workbench
import Foundation

/// `linklab`: the scriptable face of UniversalLinkLab. Thin: each subcommand parses its
/// flags, calls the engine and prints. Exit codes follow `spec/cli.md`.
struct LinkLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linklab",
        abstract: "Audit an iOS app's universal links: what it claims, what its domains serve, what iOS would open.",
        version: Workbench.version,
        subcommands: [InspectCommand.self, AASACommand.self, MatchCommand.self, ScanCommand.self, ReportCommand.self,
                      DiffCommand.self, ServeCommand.self]
    )
}

/// `linklab aasa …`: work on association files.
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Lint or fetch apple-app-site-association files.",
        subcommands: [AASALintCommand.self, AASAFetchCommand.self]
    )
}

/// The entry point. argument-parser ends usage errors with `EX_USAGE` (64); the contract in
/// `spec/cli.md` says 2, so usage errors are mapped here and everything else passes through.
@main
enum LinkLabMain {
    static func main() async {
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
