import AppInspection
import Foundation

/// BIN-001: applinks declared but no universal-link receiver in the code (unencrypted binaries only).
public struct BIN001NoUniversalLinkReceiver: FindingRule {
    public let id = "BIN-001"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "applinks declared but no universal-link receiver found"
    public let explanation = """
        Universal links reach the app as an NSUserActivity (application:continueUserActivity:restorationHandler:, \
        scene:continueUserActivity:, scene:willConnectToSession:options: at launch) or through SwiftUI's \
        onOpenURL/onContinueUserActivity. None of these appears in the bundle or its frameworks, so tapping a link \
        opens the app and nothing happens (the custom-scheme handlers application:openURL:… never see universal links).
        """
    public let remediation = """
        Implement the NSUserActivity handlers (or SwiftUI onOpenURL) and route NSUserActivityTypeBrowsingWeb \
        activities; or remove the applinks entries if the app does not handle links. Confirm dynamically (frida-trace \
        on the handlers) — code reached only through runtime-built selectors is not seen by this scan.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        // Only apps and App Clips are launched by universal links: extensions never receive them,
        // and watch apps use WatchKit's handleUserActivity:, which the scan does not catalogue.
        CodeUnit.units(of: facts.app).filter { $0.bundle.role == .app || $0.bundle.role == .appclip }.compactMap {
            unit in
            let applinks = unit.bundle.associatedDomains.filter { $0.service == "applinks" && $0.isAccepted }
            guard !applinks.isEmpty, !unit.slices.isEmpty, !unit.scanUnreliable else { return nil }
            let receivers = unit.evidence.filter { $0.kind == "receiver" }
            guard !receivers.contains(where: { LinkNames.universalLinkReceivers.contains($0.name) }) else { return nil }
            var evidence: [Evidence] = applinks.map(EvidenceBuilder.domain)
            evidence += receivers.map(EvidenceBuilder.binary)
            for member in unit.members {
                for slice in member.slices {
                    evidence.append(.binary(BinaryLocation(file: member.executablePath, slice: slice.arch)))
                }
            }
            let other = Set(receivers.map(\.name)).sorted()
            return finding(
                subject: unit.bundle.path,
                detail: "\(unit.bundle.label) claims " + applinks.map(\.raw).joined(separator: ", ")
                    + " but no universal-link receiver was found in \(unit.members.count) binary(ies)"
                    + (other.isEmpty ? "." : "; only URL-scheme receivers: " + other.joined(separator: ", ") + "."),
                evidence: evidence)
        }
    }
}
