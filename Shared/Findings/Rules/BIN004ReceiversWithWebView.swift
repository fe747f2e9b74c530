import AppInspection
import Foundation

/// BIN-004: link receivers plus web-view loading.
public struct BIN004ReceiversWithWebView: FindingRule {
    public let id = "BIN-004"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "Link receivers and web views in the same app"
    public let explanation = """
        The app both receives links and loads web content (WKWebView loadRequest:, SFSafariViewController). A common \
        pattern is to load a URL taken from a link parameter (?url=, ?redirect=) into the web view: a crafted link \
        then shows an attacker's page inside the trusted app (phishing), or reaches JavaScript bridges.
        """
    public let remediation = """
        Trace link parameters to the web view (hook loadRequest:); allow-list hosts before loading, never load a URL \
        taken from a link as is, and keep JavaScript bridges off for untrusted content.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [
            Reference(
                title: "OWASP MASTG-TEST-0076: Testing iOS WebViews",
                url: "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0076/")
        ]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        CodeUnit.units(of: facts.app).compactMap { unit in
            let receivers = unit.evidence.filter { $0.kind == "receiver" }
            let webViews = unit.evidence.filter { $0.kind == "webView" }
            guard !receivers.isEmpty, !webViews.isEmpty else { return nil }
            return finding(
                subject: unit.bundle.path,
                detail: "\(unit.bundle.label) (with its frameworks) receives links via "
                    + Set(receivers.map(\.name)).sorted().joined(separator: ", ")
                    + " and loads web content via " + Set(webViews.map(\.name)).sorted().joined(separator: ", ") + ".",
                evidence: (receivers + webViews).map(EvidenceBuilder.binary))
        }
    }
}
