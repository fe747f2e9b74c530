import AppInspection
import Foundation

/// BIN-005: FairPlay-encrypted binary — string-based checks skipped.
public struct BIN005EncryptedBinary: FindingRule {
    public let id = "BIN-005"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "Binary is FairPlay-encrypted: code checks skipped"
    public let explanation = """
        The executable's text is encrypted (LC_ENCRYPTION_INFO cryptid ≠ 0), as in every App Store download. Selector \
        and class names inside it cannot be read, so the absence of a link receiver proves nothing and BIN-001 is not \
        reported; only imported symbols (which stay readable) are evidence.
        """
    public let remediation = """
        Analyse a decrypted binary (dumped from a jailbroken device, or a development/ad hoc build from the developer) \
        to review link handling.
        """
    public let references: [Reference] = Reference.universalLinksBaseline

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.compactMap { bundle in
            let encrypted = bundle.slices.filter(\.encrypted)
            guard !encrypted.isEmpty else { return nil }
            return finding(
                subject: bundle.path,
                detail: "\(bundle.label): " + encrypted.map(\.arch).joined(separator: ", ") + " slice(s) encrypted.",
                evidence: encrypted.map {
                    .binary(
                        BinaryLocation(
                            file: bundle.executablePath, slice: $0.arch,
                            section: "LC_ENCRYPTION_INFO_64"))
                })
        }
    }
}
