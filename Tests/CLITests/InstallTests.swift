import Foundation
import TestSupport
import Testing

/// The install step and the shell completions, with the built binary: `scripts/install.sh`
/// puts the program and a completion script per shell where each shell looks, and removes them.
@Suite struct InstallTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    private static let root = Fixtures.repositoryRoot

    static let shells = ["bash", "zsh", "fish"]

    @Test(.disabled(if: binaryMissing, "linklab binary not built"), arguments: shells)
    func completionScriptNamesEveryCommand(_ shell: String) throws {
        let output = try LinkLabProcess.run(["--generate-completion-script", shell])
        #expect(output.exitCode == 0, "\(output.stderr)")
        for command in ["inspect", "aasa", "lint", "fetch", "match", "scan", "report", "diff", "serve"] {
            #expect(output.stdout.contains(command), "\(shell) completion lacks \(command)")
        }
        for option in ["fail-on", "max-upload", "app-id"] {  // fish writes long options without "--"
            #expect(output.stdout.contains(option), "\(shell) completion lacks \(option)")
        }
    }

    /// Runs `bash scripts/install.sh ARGUMENTS` and returns its exit code and output.
    private func install(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.root.appendingPathComponent("scripts/install.sh").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func installPutsTheProgramAndTheCompletionsInPlaceAndUninstallRemovesThem() throws {
        let binary = try #require(LinkLabProcess.executableURL)
        let prefix =
            FileManager.default.temporaryDirectory.appendingPathComponent("linklab-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let done = try install(["--binary", binary.path, "--prefix", prefix.path])
        #expect(done.status == 0, "\(done.output)")

        let installed = prefix.appendingPathComponent("bin/linklab")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        let version = Process()
        version.executableURL = installed
        version.arguments = ["--version"]
        let pipe = Pipe()
        version.standardOutput = pipe
        try version.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        version.waitUntilExit()
        #expect(version.terminationStatus == 0)
        #expect(printed.first?.isNumber == true, "\(printed)")

        let completions = [
            "bash": "share/bash-completion/completions/linklab",
            "zsh": "share/zsh/site-functions/_linklab",
            "fish": "share/fish/vendor_completions.d/linklab.fish",
        ]
        for (shell, path) in completions {
            let text = try String(contentsOf: prefix.appendingPathComponent(path), encoding: .utf8)
            let expected = try LinkLabProcess.run(["--generate-completion-script", shell]).stdout
            #expect(text == expected, "\(path) is not the \(shell) script linklab prints")
        }

        let removed = try install(["--uninstall", "--prefix", prefix.path])
        #expect(removed.status == 0, "\(removed.output)")
        #expect(!FileManager.default.fileExists(atPath: installed.path))
        for path in completions.values {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path))
        }
    }

    @Test func installRefusesAnUnknownOption() throws {
        let refused = try install(["--no-such-option"])
        #expect(refused.status == 2)
        #expect(refused.output.contains("unknown option --no-such-option"))
    }
}
