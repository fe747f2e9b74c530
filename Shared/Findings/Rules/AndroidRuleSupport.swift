import AndroidApp
import AssociationFetch
import Foundation

/// Evidence and wording the Android rules share.
enum AndroidEvidence {
    /// What the host answered for its `assetlinks.json` (route `assetlinks`, or `supplied`).
    static func network(_ report: AssetLinksReport, header: String? = nil) -> Evidence {
        let result = report.result
        return .network(
            NetworkObservation(
                host: report.host, route: result?.route == .local ? "supplied" : "assetlinks",
                url: result?.url ?? AssetLinksPolicy.url(forHostName: report.host), status: result?.status,
                headerName: header, headerValue: header.flatMap { result?.header($0) }))
    }

    /// `https://HOST/.well-known/assetlinks.json`.
    static func fileURL(_ host: String) -> String {
        AssetLinksPolicy.url(forHostName: host)
    }

    /// The file host of a declared host (`*.example.com` → `example.com`).
    static func fileHost(_ declared: String) -> String {
        declared.hasPrefix("*.") ? String(declared.dropFirst(2)) : declared
    }

    /// Joins a list for a sentence: "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
