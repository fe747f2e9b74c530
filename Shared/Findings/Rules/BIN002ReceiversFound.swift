import AppInspection
import Foundation

/// BIN-002: link receivers found (where to hook).
public struct BIN002ReceiversFound: FindingRule {
    public let id = "BIN-002"
    public let category = FindingCategory.security
    public let severity = Severity.info
    public let title = "Link receivers found"
    public let explanation = """
        These methods receive incoming links (universal links as NSUserActivity, custom-scheme URLs as openURL). They \
        are where link parameters enter the app: hook them (e.g. frida-trace -m \"*[* *continueUserActivity*]\") while \
        opening test links to see what the app does with each parameter.
        """
    public let remediation = """
        Review each receiver: validate host, path and every parameter; require user confirmation before state-changing \
        actions; never trust a link to authenticate.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.mastgTest0075]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.compactMap { bundle in
            let hits = bundle.slices.flatMap(\.linkEvidence).filter { $0.kind == "receiver" }
            guard !hits.isEmpty else { return nil }
            return finding(
                subject: bundle.path,
                detail: "\(bundle.label) implements: " + Set(hits.map(\.name)).sorted().joined(separator: ", ") + ".",
                evidence: hits.map(EvidenceBuilder.binary))
        }
    }
}
