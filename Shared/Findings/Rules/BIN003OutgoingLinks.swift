import AppInspection
import Foundation

/// BIN-003: the app opens other apps' links or URLs.
public struct BIN003OutgoingLinks: FindingRule {
    public let id = "BIN-003"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "The app opens URLs or other apps' universal links"
    public let explanation = """
        openURL:options:completionHandler: (optionally with UIApplicationOpenURLOptionUniversalLinksOnly) and openURL: \
        hand a URL to another app or to Safari. If the URL is built from link parameters or carries tokens or personal \
        data, a crafted link can make the app leak data to another app or open an attacker-chosen destination.
        """
    public let remediation = """
        Check every call site: build outgoing URLs from allow-listed hosts only, never forward incoming link \
        parameters unchecked, and keep secrets out of URLs.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.mastgTest0075]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.compactMap { bundle in
            let hits = bundle.slices.flatMap(\.linkEvidence).filter {
                $0.kind == "outgoing" && !LinkNames.probeOnly.contains($0.name)
            }
            guard !hits.isEmpty else { return nil }
            return finding(
                subject: bundle.path,
                detail: "\(bundle.label) uses: " + Set(hits.map(\.name)).sorted().joined(separator: ", ") + ".",
                evidence: hits.map(EvidenceBuilder.binary))
        }
    }
}
