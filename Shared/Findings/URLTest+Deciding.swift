import AssociationFetch
import Foundation
import SiteAssociation

extension URLTest {
    /// Decides each entry against the domain reports, as iOS would: the URL's host picks the
    /// report (an exact entry before a wildcard), the report's effective file (the one a
    /// device uses; a file the device rejects decides nothing) gives one verdict per app ID —
    /// `appIDs` first, then the other app IDs the file names.
    public static func decide(_ entries: [URLListEntry], domains: [DomainReport], appIDs: [String]) -> [URLTest] {
        let facts = AnalysisFacts(domains: domains)
        var matchers: [String: (AssociationMatcher, [String])?] = [:]
        return entries.map { entry in
            let components = URLComponents(string: entry.url)
            let host = components?.host?.lowercased() ?? ""
            let port = components?.port == 443 && components?.scheme?.lowercased() == "https" ? nil : components?.port
            guard let report = facts.report(forURLHost: host, port: port) else {
                let verdicts = appIDs.map {
                    AppVerdict(appID: $0, decision: .noMatch,
                               trace: ["no association file was fetched or supplied for \(host): iOS opens the URL in the browser"])
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

    private static func matcher(for report: DomainReport) -> (AssociationMatcher, [String])? {
        guard let result = report.effectiveResult else { return nil }
        let document = AssociationDocument(
            file: result.file, diagnostics: result.diagnostics, deviceAccepts: result.deviceAccepts ?? true,
            isCMSSigned: result.isCMSSigned ?? false, byteCount: result.bytes)
        return (AssociationMatcher(document: document, domain: report.host), result.file?.applinksAppIDs ?? [])
    }
}
