import AppInspection
import Foundation

/// SCH-002: `LSApplicationQueriesSchemes` — the other apps the app probes or calls.
public struct SCH002QueriedSchemes: FindingRule {
    public let id = "SCH-002"
    public let category = FindingCategory.security
    public let severity = Severity.info
    public let title = "Queried URL schemes (LSApplicationQueriesSchemes)"
    public let explanation = """
        These are the schemes the app may test with canOpenURL: — the other apps it detects and may hand data to. They \
        show where outgoing links go and which third-party apps (and their schemes, claimable by anyone) the app \
        trusts.
        """
    public let remediation = "Check what the app sends to each of these apps; drop schemes that are no longer used."
    public let references: [Reference] = [.masvsPlatform1, .mastgTest0075]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.filter { !$0.queriedSchemes.isEmpty }.map { bundle in
            finding(
                subject: bundle.path,
                detail: "\(bundle.label) queries: " + bundle.queriedSchemes.joined(separator: ", ") + ".",
                evidence: bundle.queriedSchemes.map {
                    .text(
                        "\(bundle.path)/Info.plist LSApplicationQueriesSchemes contains \"\($0)\"")
                })
        }
    }
}
