import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// SCH-003: a sign-in, OAuth-callback or password-reset path routed into the app by universal
/// links, in an app that also takes custom-scheme URLs.
public struct SCH003SignInPathOnSchemeAndLink: FindingRule {
    public let id = "SCH-003"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "Sign-in or reset path reachable by universal link and by custom scheme"
    public let explanation =
        "The association file routes a sign-in, OAuth-callback or password-reset path into the "
        + "app, and the app also declares a custom URL scheme. Link routers usually read the path and ignore the "
        + "scheme, so the same flow is then reachable through scheme://host/path — a URL any app can send, and any "
        + "app declaring the same scheme can receive. The protection the verified https link gives (only this app "
        + "receives it) is lost if the handler accepts both."
    public let remediation =
        "Accept sign-in, callback and reset links only as universal links (check the URL's scheme "
        + "and host before routing), or drop the custom scheme; if the scheme must stay, make the handler refuse "
        + "those paths on it."
    public let references: [Reference] = [.masvsPlatform1, .rfc8252, .appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for report in facts.domains {
            guard let file = report.effectiveResult?.file, let details = file.applinks?.details else { continue }
            for (bundle, entry) in facts.entries("applinks", servedBy: report) where !bundle.urlSchemes.isEmpty {
                guard let appID = bundle.applicationIdentifier else { continue }
                var paths: [(path: String, pointer: String)] = []
                for (index, detail) in details.enumerated() where detail.appIDs.contains(appID) {
                    paths += Self.signInPaths(detail, index: index)
                }
                guard let first = paths.first else { continue }
                let schemes = bundle.urlSchemes
                let word = PlatformTraps.signInWord(in: first.path) ?? "auth"
                let sample = "\(schemes[0])://\(report.fetchedHost)\(Self.samplePath(first.path))"
                findings.append(
                    finding(
                        subject: "\(report.host): \(appID)",
                        detail: "\(report.host) routes " + Self.listed(paths.map(\.path))
                            + " into \(bundle.label), which also declares "
                            + schemes.map { "\($0)://" }.joined(separator: ", ")
                            + " (\(word) flow). Try \(sample) on a device: if it reaches the same screen, any app can.",
                        evidence: paths.prefix(Self.shownPaths).map { EvidenceBuilder.file(report.host, $0.pointer) }
                            + [
                                EvidenceBuilder.domain(entry),
                                .text(
                                    "\(bundle.path)/Info.plist CFBundleURLTypes[].CFBundleURLSchemes: "
                                        + schemes.joined(separator: ", ")),
                            ]))
            }
        }
        return findings
    }

    /// Most paths a finding names (and cites as evidence); the rest are counted.
    static let shownPaths = 10

    /// `paths` for a sentence, at most `shownPaths` of them, then "and N more".
    static func listed(_ paths: [String]) -> String {
        let shown = paths.prefix(shownPaths).joined(separator: ", ")
        return paths.count > shownPaths ? shown + " and \(paths.count - shownPaths) more" : shown
    }

    /// The detail's included paths (components, else legacy `paths`) naming a sign-in word.
    static func signInPaths(_ detail: AppLinksDetail, index: Int) -> [(path: String, pointer: String)] {
        if let components = detail.components {
            return components.enumerated().compactMap { position, component in
                guard component.exclude != true, let path = component.path,
                    PlatformTraps.signInWord(in: path) != nil
                else { return nil }
                return (path, "/applinks/details/\(index)/components/\(position)")
            }
        }
        return (detail.paths ?? []).enumerated().compactMap { position, path in
            guard !path.hasPrefix("NOT "), PlatformTraps.signInWord(in: path) != nil else { return nil }
            return (path, "/applinks/details/\(index)/paths/\(position)")
        }
    }

    /// A concrete path from a pattern: wildcards become `x`.
    static func samplePath(_ pattern: String) -> String {
        let concrete = pattern.replacingOccurrences(of: "*", with: "x").replacingOccurrences(of: "?", with: "x")
        return concrete.hasPrefix("/") ? concrete : "/" + concrete
    }
}
