import Foundation

/// PRB-001: a probe link, run on a device, made the app's link handler do what the probe was
/// built to show (the tester recorded it as vulnerable).
public struct PRB001ProbeShowedFlaw: FindingRule {
    public let id = "PRB-001"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "A probe link made the app's link handler misbehave on a device"
    public let explanation =
        "The tester ran this probe link (from the handler probe kit) on a device and "
        + "recorded that the app's link handler did what the probe was built to show. Anyone can send such a "
        + "link (a web page, a message, a QR code): the handler trusts a value the link carries."
    public let remediation =
        "Treat every value a link carries as hostile: open or load only URLs on an allow-list of "
        + "exact hosts (parsed, not matched as strings), never javascript: or data: URLs, ask the user before any "
        + "state-changing action a link starts, and bound and validate paths and lengths. Re-run the probe to confirm."
    public let references: [Reference] = [.masvsPlatform1]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: ProbeFacts) -> [Finding] {
        facts.observations.filter { $0.outcome == .vulnerable }.map { observation in
            let platform = observation.platform == "android" ? "Android" : "iOS"
            return finding(
                subject: "\(observation.id) \(observation.url)",
                detail: "On \(platform), probe \(observation.id) (\(observation.kind)) on \(observation.claim): "
                    + (observation.note.isEmpty ? "recorded as vulnerable." : "\(observation.note)."),
                evidence: [
                    .text("Probe \(observation.id) [\(observation.platform)] \(observation.kind): \(observation.url)"),
                    .text("Watched for: \(observation.watch)"),
                    .text("Tester's record: vulnerable" + (observation.note.isEmpty ? "" : " — \(observation.note)")),
                ],
                severity: Self.severity(kind: observation.kind))
        }
    }

    /// High for a script or the attacker's content in the app, or a state change without asking;
    /// medium for an open redirect or a traversal; low for the rest (an over-long value, the link itself).
    static func severity(kind: String) -> Severity {
        switch kind {
        case "javascript", "data", "state-changing": .high
        case "redirect", "traversal": .medium
        default: .low
        }
    }
}
