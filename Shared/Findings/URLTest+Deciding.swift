import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

extension URLTest {
    /// Decides each entry against the domain reports, as iOS would, every verdict with its
    /// trace (`URLDecider` for the details and for deciding without traces).
    public static func decide(
        _ entries: [URLListEntry], domains: [DomainReport], appIDs: [String],
        claims: [AssociatedDomain]? = nil
    ) -> [URLTest] {
        URLDecider(domains: domains, appIDs: appIDs, claims: claims).decide(entries)
    }

    /// Whether some verdict contradicts the tester's expectation: a `!` URL that opens an app
    /// ID, or a `=` URL that some app ID does not open. Every URL-002 finding is one of these
    /// (it judges the app's own IDs, a subset), so these are the tests whose traces it cites.
    public var contradictsExpectation: Bool {
        switch expectation {
        case .mustNotOpen: return verdicts.contains { $0.decision == .match }
        case .mustOpen: return verdicts.contains { $0.decision != .match }
        case .none: return false
        }
    }

    /// Why no file decides URLs on `host`: the app has no `applinks:` entry covering it
    /// (possibly claiming it for other services only), or it has one and no file came.
    static func noFileReason(
        host: String, port: Int?, claims: [AssociatedDomain]?
    ) -> (
        text: String,
        reason: NoMatchReason
    ) {
        let missingFile =
            (
                "no association file was fetched or supplied for \(host): iOS opens the URL in the browser",
                NoMatchReason.noFile
            )
        guard let claims else { return missingFile }
        let covering = claims.filter { covers($0, host: host, port: port) }
        if covering.contains(where: { $0.service == "applinks" }) { return missingFile }
        let authority = port.map { "\(host):\($0)" } ?? host
        let entitlement = "no applinks:\(authority) entitlement"
        let services = covering.map(\.service).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        // Claimed for this host with another port (or none): the port is what differs, say so.
        if services.isEmpty,
            let near = claims.first(where: { $0.service == "applinks" && coversHost($0, host: host) })
        {
            let claimed =
                near.port.map { "\(near.wildcard ? "*." : "")\(near.host):\($0)" }
                ?? (near.wildcard ? "*." : "") + near.host
            let urlPort = port.map { "port \($0)" } ?? "no port (443)"
            let claimedPort = near.port.map { "port \($0)" } ?? "no port"
            return (
                "the app claims applinks:\(claimed) (\(claimedPort)) but the URL has \(urlPort): an associated "
                    + "domain covers only URLs with its exact port, so the app has \(entitlement) and iOS opens "
                    + "the URL in the browser", .port
            )
        }
        if services.isEmpty {
            return (
                """
                the app has \(entitlement): iOS never asks any association file about this URL and opens it in the \
                browser
                """,
                .notClaimed
            )
        }
        return (
            "the app claims \(host) only for \(services.joined(separator: ", ")) (\(entitlement)): iOS never "
                + """
                consults an association file for its links, even one served or supplied, and opens the URL in the \
                browser
                """,
            .notClaimed
        )
    }

    /// Whether the app's `applinks:` entries cover `host` (exact, or `*.` wildcard for subdomains).
    static func hasApplinksClaim(host: String, port: Int?, claims: [AssociatedDomain]) -> Bool {
        claims.contains { $0.service == "applinks" && covers($0, host: host, port: port) }
    }

    private static func covers(_ claim: AssociatedDomain, host: String, port: Int?) -> Bool {
        claim.port == port && coversHost(claim, host: host)
    }

    private static func coversHost(_ claim: AssociatedDomain, host: String) -> Bool {
        let claimed = claim.host.lowercased()
        return host == claimed || (claim.wildcard && host.hasSuffix("." + claimed))
    }
}
