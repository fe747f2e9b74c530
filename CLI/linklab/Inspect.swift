import ArgumentParser
import Foundation
import Workbench

/// `linklab inspect PATH`: what an app claims about links (entitlements, associated domains,
/// URL schemes, link-handling code, provisioning profile).
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: """
            Show an app's universal-link claims: entitlements, associated domains, URL schemes, link handlers, profile.
            """,
        discussion: """
            PATH is an .ipa, an unpacked .app folder or a Mach-O file; - reads it from standard input.
            An .apk (or the base APK of an .xapk/.apks set) shows its App Links claims instead.

            Examples:
              linklab inspect App.ipa
              linklab inspect Payload/App.app --format json

            Exit codes: 0 done; 2 usage error; 3 PATH cannot be read as an app. Contract: docs/cli.md.
            """
    )

    /// Output format.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "An .ipa, an unpacked .app folder, or a Mach-O file.")
    var path: String

    @Option(help: "Output format: text (for people) or json (the contract in docs/cli.md).")
    var format: Format = .text

    func run() async throws {
        if AndroidInspect.handles(path) { return try AndroidInspect.run(path: path, json: format == .json) }
        let progress = InspectProgress.makeIfTerminal()
        let inspector = AppInspector(progress: progress?.callback)
        var snapshot: AppSnapshot
        let input: SpooledInput
        do { input = try SpooledInput(argument: path) } catch { throw failUnreadable(path, error.problem) }
        defer { input.remove() }
        do {
            snapshot = try inspector.inspect(at: input.url)
        } catch {
            progress?.finish()
            throw failUnreadable(path, InspectTextRenderer.terminalSafe(error.description))
        }
        progress?.finish()
        snapshot.source.path = path
        switch format {
        case .json:
            writeJSON(try JSONOutput.encode(snapshot))
        case .text:
            let style = InspectStyle.forStandardOutput()
            FileHandle.standardOutput.write(Data(InspectTextRenderer(style: style).render(snapshot).utf8))
        }
    }
}

/// Progress on standard error for long inspections (hash, then inflate: `InspectionProgress`),
/// only when standard error is a terminal.
final class InspectProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var lastPercent = -1
    private var shown = false

    static func makeIfTerminal() -> InspectProgress? {
        isatty(STDERR_FILENO) == 1 ? InspectProgress() : nil
    }

    var callback: @Sendable (InspectionProgress) -> Void {
        { [self] value in self.report(value.file, value.bytesDone, value.bytesTotal) }
    }

    private func report(_ file: String, _ done: UInt64, _ total: UInt64) {
        guard total >= 16 << 20 else { return }
        let percent = Int(done * 100 / max(total, 1))
        lock.lock()
        defer { lock.unlock() }
        guard percent != lastPercent else { return }
        lastPercent = percent
        shown = true
        let name = InspectTextRenderer.terminalSafe(file.split(separator: "/").last.map(String.init) ?? file)
        FileHandle.standardError.write(Data("\rreading \(name): \(percent)% of \(total >> 20) MB".utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
