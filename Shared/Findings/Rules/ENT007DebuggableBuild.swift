import AppInspection
import Foundation

/// ENT-007: `get-task-allow` true (a debuggable, development-signed build).
public struct ENT007DebuggableBuild: FindingRule {
    public let id = "ENT-007"
    public let category = FindingCategory.security
    public let severity = Severity.info
    public let title = "Debuggable build (get-task-allow)"
    public let explanation = """
        get-task-allow lets a debugger attach: this is a development build, not what the App Store ships. Findings \
        about entitlements and profiles describe this build; the release may differ (developer-mode entries, profile \
        ceiling). It also makes dynamic testing easier (attach, hook the link handlers).
        """
    public let remediation = """
        Nothing to fix in a test build. Make sure release builds are signed with a distribution profile \
        (get-task-allow false), and re-run the analysis on the release IPA.
        """
    public let references: [Reference] = Reference.universalLinksBaseline

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        let debuggable = facts.bundles.filter { $0.getTaskAllow == true }
        guard let first = debuggable.first else { return [] }
        let subject = debuggable.first { $0.role == .app }?.path ?? first.path
        return [
            finding(
                subject: subject,
                detail: "get-task-allow is true in \(debuggable.count) bundle(s): "
                    + debuggable.map(\.path).joined(separator: ", ") + ".",
                evidence: debuggable.map { .entitlement(key: "get-task-allow", value: "true (\($0.path))") })
        ]
    }
}
