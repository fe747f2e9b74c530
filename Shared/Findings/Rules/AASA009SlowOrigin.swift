import AssociationFetch
import Foundation

/// AASA-009: a slow origin (more than 2 s to headers by default).
public struct AASA009SlowOrigin: FindingRule {
    public let id = "AASA-009"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Slow origin for the association file"
    public let explanation = """
        No official time limit exists (the often-quoted 2 seconds is folklore), but Apple's CDN crawler reports \
        timeouts (SWCERR00301) for slow origins, and developer-mode devices fetch directly. A slow answer risks a \
        cached failure, and with it universal links opening in the browser for hours.
        """
    public let remediation = """
        Serve the file as a static, cached resource close to the edge; keep it out of slow application code paths.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.flatMap { report in
            report.routes.compactMap { result -> Finding? in
                guard result.route == .origin || result.route == .legacy,
                    let time = result.timeToHeadersMs, time > facts.options.slowOriginMs
                else { return nil }
                return finding(
                    subject: "\(report.host) (\(result.route.rawValue))",
                    detail: """
                        \(result.url) took \(time) ms to send its headers \
                        (threshold \(facts.options.slowOriginMs) ms).
                        """,
                    evidence: [
                        EvidenceBuilder.network(report, result),
                        .text(
                            """
                            time to headers \(time) ms, total \(result.totalMs.map { "\($0) ms" } ?? "unknown")
                            """),
                    ])
            }
        }
    }
}
