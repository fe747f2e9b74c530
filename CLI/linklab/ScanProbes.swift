import ArgumentParser
import Findings
import Foundation
import Workbench

/// `scan --probes FILE` and `--attacker-host HOST`: the handler probe kit (`ProbeKit`) of the
/// scanned app(s), written as a device script, a Frida script, a test-link page, JSON or text.
struct ProbeOptions: ParsableArguments {
    @Option(
        name: .customLong("probes"),
        help: ArgumentHelp(
            "Write the handler probe kit; the kind follows the name: "
                + ProbeKit.FileKind.allCases.map(\.rawValue).joined(separator: " ") + " (repeatable).",
            valueName: "FILE"))
    var files: [String] = []

    @Option(
        name: .customLong("probe-results"),
        help: ArgumentHelp(
            "What the tester recorded running the kit's script (its results file): each probe marked vulnerable "
                + "becomes a PRB-001 finding in the reports.", valueName: "FILE"))
    var results: String?

    @Option(
        name: .customLong("attacker-host"),
        help: ArgumentHelp(
            "The host redirect probes point at (one you control; default attacker.example).", valueName: "HOST"))
    var attackerHost = ProbeKit.defaultAttackerHost

    func validate() throws {
        for file in files where ProbeKit.FileKind(fileName: file) == nil {
            throw ValidationError(
                "--probes \(file): the name must end with one of "
                    + ProbeKit.FileKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard ProbeKit.attackerHostProblem(attackerHost) == nil else {
            throw ValidationError("--attacker-host must be a DNS name (letters, digits, '-' and '.')")
        }
    }

    /// `product` with the PRB-001 findings of `--probe-results` added to each platform's findings
    /// (unchanged without the option).
    func addingResults(to product: ProductAnalysis) throws -> ProductAnalysis {
        guard let results else { return product }
        if let problem = ScanInput.problem(readingFile: results) { throw failUnreadable(results, problem) }
        let kit = ProbeKit(product: product, attackerHost: attackerHost)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: results))
        } catch {
            throw failUnreadable(results, (error as NSError).localizedDescription)
        }
        let facts: ProbeFacts
        do throws(ProbeResultsError) {
            facts = try kit.observations(from: data)
        } catch {
            throw failUnreadable(results, error.description)
        }
        return product.adding(facts)
    }

    /// Writes every `--probes` file of the kit for the apps of `product`.
    func write(_ product: ProductAnalysis) throws {
        guard !files.isEmpty else { return }
        try SessionCLI.checkWritable(files)
        let kit = ProbeKit(product: product, attackerHost: attackerHost)
        for file in files {
            guard let kind = ProbeKit.FileKind(fileName: file) else { continue }
            do {
                try kit.file(kind, title: product.title).write(to: URL(fileURLWithPath: file))
                if kind == .script {
                    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
                }
            } catch {
                throw failUnreadable(file, "cannot be written (\((error as NSError).localizedDescription))")
            }
        }
        let platforms = Set(kit.probes.map(\.platform)).sorted().joined(separator: " and ")
        printError(
            "linklab: \(kit.probes.count) probe\(kit.probes.count == 1 ? "" : "s")"
                + (platforms.isEmpty ? "" : " (\(platforms))") + " written to " + files.joined(separator: ", ")
                + (kit.omitted > 0 ? "; \(kit.omitted) more left out" : ""))
    }
}
