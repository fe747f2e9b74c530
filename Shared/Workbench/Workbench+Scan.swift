import Foundation
import Reports

extension Workbench {
    /// The version faces print (`--version`, report footers).
    public static let version = "0.1.0"
}

extension ExportFormat {
    /// The format `scan --report PATH` (or `report`, `diff`) writes to `path`, by its name, among
    /// `allowed`.
    public init(path: String, allowed: [ExportFormat] = ExportFormat.scanReports) throws(WorkbenchError) {
        do {
            try self.init(fileName: path, allowed: allowed)
        } catch {
            throw .invalidArgument(path, reason: error.description)
        }
    }
}

extension Analysis {
    /// The bytes of one report file. `generatedAt` nil prints no date; stage timings are
    /// written only when `timings` is true (so `.md`, `.json` and `.sarif` of the same input
    /// are byte-identical); `triage` is keyed by `Finding.fingerprint`; `engagement` (client,
    /// tester, scope, dates) is printed on the Markdown, HTML and PDF reports.
    public func report(
        _ kind: ExportFormat, toolVersion: String = Workbench.version, generatedAt: Date? = nil,
        triage: [String: Triage] = [:], timings: Bool = false,
        engagement: Engagement = Engagement(),
        invocation: ReportInvocation? = nil
    ) throws(WorkbenchError) -> Data {
        // The test-link page is the iOS app's own; every other kind takes the one path of
        // every platform's report (`ReportRendering.bytes`).
        if kind == .testLinks { return Data(testLinkPage(toolVersion: toolVersion).html().utf8) }
        return try ReportRendering.bytes(
            kind, toolVersion: toolVersion, invocation: invocation,
            json: { try scanDocument(triage: triage, timings: timings) + Data("\n".utf8) }
        ) {
            reportDocument(
                toolVersion: toolVersion, generatedAt: generatedAt, triage: triage, timings: timings,
                engagement: engagement)
        }
    }
}
