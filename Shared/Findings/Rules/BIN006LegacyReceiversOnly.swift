import AppInspection
import Foundation

/// BIN-006: only legacy URL receivers.
public struct BIN006LegacyReceiversOnly: FindingRule {
    public let id = "BIN-006"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Only legacy URL receivers"
    public let explanation = """
        The only link receivers are application:handleOpenURL: and application:openURL:sourceApplication:annotation:, \
        deprecated since iOS 9 and 10. They receive custom-scheme URLs only (never universal links), give no \
        information about who sent the URL, and are not called at all in scene-based apps.
        """
    public let remediation = """
        Move URL handling to application:openURL:options: or scene:openURLContexts:, and universal links to the \
        NSUserActivity handlers; validate the sender and every parameter.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.mastgTest0075]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        CodeUnit.units(of: facts.app).compactMap { unit in
            let receivers = unit.evidence.filter { $0.kind == "receiver" }
            guard !receivers.isEmpty, receivers.allSatisfy({ LinkNames.legacyReceivers.contains($0.name) }) else {
                return nil
            }
            return finding(
                subject: unit.bundle.path,
                detail: "\(unit.bundle.label) receives URLs only through "
                    + Set(receivers.map(\.name)).sorted().joined(separator: ", ") + ".",
                evidence: receivers.map(EvidenceBuilder.binary))
        }
    }
}
