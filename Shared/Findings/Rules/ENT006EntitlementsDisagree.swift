import AppInspection
import Foundation

/// ENT-006: XML and DER entitlements disagree, or an entitlements blob's hash is missing or wrong.
public struct ENT006EntitlementsDisagree: FindingRule {
    public let id = "ENT-006"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "Entitlements blobs disagree or are not covered by the signature"
    public let explanation = """
        A signature carries the entitlements twice: XML (slot 5) and DER (slot 7). Recent iOS enforces the DER form \
        while many tools read the XML one, and each blob must match the hash the CodeDirectory records. A disagreement \
        or a hash mismatch means the binary was altered after signing (or by a buggy signer): what a tool shows may \
        not be what the device grants.
        """
    public let remediation = """
        Re-sign the app with a current codesign so both forms are generated from the same entitlements file; treat the \
        difference as tampering until explained.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for bundle in facts.bundles {
            var evidence: [Evidence] = []
            var notes: [String] = []
            for diagnostic in bundle.diagnostics where diagnostic.id == "entitlements.xml-der-disagree" {
                notes.append(diagnostic.message)
                evidence.append(.text(diagnostic.message))
            }
            for slice in bundle.slices {
                for check in slice.hashChecks
                where ["mismatch", "missingHash", "missingBlob", "missing"].contains(check.status) {
                    let blob =
                        check.slot == 7
                        ? "DER entitlements (slot 7)"
                        : check.slot == 5 ? "XML entitlements (slot 5)" : "special slot \(check.slot)"
                    notes.append("\(slice.arch): \(blob) hash is \(check.status) (\(check.hashType))")
                    evidence.append(
                        .binary(
                            BinaryLocation(
                                file: bundle.executablePath, slice: slice.arch,
                                section: "LC_CODE_SIGNATURE",
                                symbol: "CodeDirectory special slot -\(check.slot)")))
                }
            }
            guard !notes.isEmpty else { continue }
            findings.append(
                finding(
                    subject: bundle.path,
                    detail: "\(bundle.label): " + notes.joined(separator: "; ") + ".",
                    evidence: evidence))
        }
        return findings
    }
}
