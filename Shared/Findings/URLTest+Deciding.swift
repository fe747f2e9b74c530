import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

extension URLTest {
    /// Decides each entry against the domain reports, as iOS would: the URL's host picks the
    /// report (an exact entry before a wildcard), the report's effective file (the one a
    /// device uses; a file the device rejects decides nothing) gives one verdict per app ID —
    /// `appIDs` first, then the other app IDs the file names.
    ///
    /// `claims` are the app's associated-domains entries (every service), when an app is known:
    /// a URL on a host without an `applinks:` entry is then explained as such (a file supplied
    /// or fetched for a `webcredentials:` host is never consulted for links); nil when no app.
    public static func decide(_ entries: [URLListEntry], domains: [DomainReport], appIDs: [String],
                              claims: [AssociatedDomain]? = nil) -> [URLTest] {
        let facts = AnalysisFacts(domains: domains)
        var matchers: [String: (AssociationMatcher, [String])?] = [:]
        return entries.map { entry in
            let components = URLComponents(string: entry.url)
            let host = components?.host?.lowercased() ?? ""
            let port = components?.port == 443 && components?.scheme?.lowercased() == "https" ? nil : components?.port
            guard let report = facts.report(forURLHost: host, port: port) else {
                let verdicts = appIDs.map {
                    AppVerdict(appID: $0, decision: .noMatch,
                               trace: [noFileReason(host: host, port: port, claims: claims)])
                }
                return URLTest(url: entry.url, expectation: entry.expectation, domain: nil, verdicts: verdicts, line: entry.line)
            }
            let compiled: (AssociationMatcher, [String])?
            if let cached = matchers[report.host] {
                compiled = cached
            } else {
                compiled = matcher(for: report)
                matchers[report.host] = .some(compiled)
            }
            guard let compiled else {
                let verdicts = appIDs.map {
                    AppVerdict(appID: $0, decision: .noMatch,
                               trace: ["\(report.host) served no usable association file (see the AASA findings): iOS opens the URL in the browser"])
                }
                return URLTest(url: entry.url, expectation: entry.expectation, domain: report.host, verdicts: verdicts, line: entry.line)
            }
            var ids = appIDs
            for id in compiled.1 where !ids.contains(id) { ids.append(id) }
            let verdicts = ids.map { compiled.0.decide(url: entry.url, appID: $0) }
            return URLTest(url: entry.url, expectation: entry.expectation, domain: report.host, verdicts: verdicts, line: entry.line)
        }
    }

    /// Why no file decides URLs on `host`: the app has no `applinks:` entry covering it
    /// (possibly claiming it for other services only), or it has one and no file came.
    static func noFileReason(host: String, port: Int?, claims: [AssociatedDomain]?) -> String {
        let missingFile = "no association file was fetched or supplied for \(host): iOS opens the URL in the browser"
        guard let claims else { return missingFile }
        let covering = claims.filter { covers($0, host: host, port: port) }
        if covering.contains(where: { $0.service == "applinks" }) { return missingFile }
        let entitlement = "no applinks:\(host) entitlement"
        let services = covering.map(\.service).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if services.isEmpty {
            return "the app has \(entitlement): iOS never asks any association file about this URL and opens it in the browser"
        }
        return "the app claims \(host) only for \(services.joined(separator: ", ")) (\(entitlement)): iOS never "
            + "consults an association file for its links, even one served or supplied, and opens the URL in the browser"
    }

    /// Whether the app's `applinks:` entries cover `host` (exact, or `*.` wildcard for subdomains).
    static func hasApplinksClaim(host: String, port: Int?, claims: [AssociatedDomain]) -> Bool {
        claims.contains { $0.service == "applinks" && covers($0, host: host, port: port) }
    }

    private static func covers(_ claim: AssociatedDomain, host: String, port: Int?) -> Bool {
        let claimed = claim.host.lowercased()
        guard claim.port == port else { return false }
        return host == claimed || (claim.wildcard && host.hasSuffix("." + claimed))
    }

    private static func matcher(for report: DomainReport) -> (AssociationMatcher, [String])? {
        guard let result = report.effectiveResult else { return nil }
        let document = AssociationDocument(
            file: result.file, diagnostics: result.diagnostics, deviceAccepts: result.deviceAccepts ?? true,
            isCMSSigned: result.isCMSSigned ?? false, byteCount: result.bytes)
        return (AssociationMatcher(document: document, domain: report.host), result.file?.applinksAppIDs ?? [])
    }
}
