import AndroidApp
import Foundation

/// AND-005: `<data>` elements of one filter that merge into scheme×host or host×path pairs
/// no element wrote together (`docs/android.md` M2).
public struct AND005DataMergeWidens: FindingRule {
    public let id = "AND-005"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Intent filter's data elements combine into unintended URLs"
    public let explanation = """
        Android merges all <data> elements of one intent filter: every scheme combines with every host, and every host \
        with every path. Elements written as separate URLs (scheme, host and path each) therefore also claim the \
        crossed combinations — a custom scheme on the web host, http on a host meant for https only, a sensitive path \
        on a host it was never meant for — and the handler receives URLs its author never expected.
        """
    public let remediation = """
        Put each URL family in its own <intent-filter>; keep only elements that are meant to combine (for example one \
        <data android:scheme> per scheme and one <data android:host> per host) in the same filter.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidDataElement]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        FilterSite.all(facts.snapshot.manifest).compactMap { site -> Finding? in
            guard site.isReachable, site.filter.actions.contains("android.intent.action.VIEW") else { return nil }
            let extra = Self.unwrittenPairs(site.filter.data)
            guard !extra.isEmpty else { return nil }
            let examples = extra.prefix(6).joined(separator: ", ") + (extra.count > 6 ? " (\(extra.count) in all)" : "")
            return finding(
                subject: "\(site.activity.name) (\(site.hosts.first ?? site.schemes.first ?? "filter"))",
                detail: "\(site.activity.name)'s filter (\(site.line)) also claims \(examples).",
                evidence: [site.evidence])
        }
    }

    /// The merged pairs no element declared: scheme://host pairs, then host+path pairs, as URL
    /// patterns (`app://shop.example`, `shop.example with path=/reset`). An element that sets only
    /// one part (a lone scheme, host or path) is written to combine with the others and counts as
    /// declaring all its combinations; an element that sets two or more declares only its own.
    static func unwrittenPairs(_ data: [AndroidManifest.DataElement]) -> [String] {
        let schemes = ordered(data.compactMap(\.scheme))
        let hosts = ordered(data.compactMap(\.host))
        let paths = ordered(data.flatMap(pathTexts))
        var out: [String] = []
        if schemes.count > 1 || hosts.count > 1 {
            var written = Set<String>()
            for element in data {
                let lone = isLone(element)
                let elementSchemes = element.scheme.map { [$0] } ?? (lone && element.host != nil ? schemes : [])
                let elementHosts = element.host.map { [$0] } ?? (lone && element.scheme != nil ? hosts : [])
                for scheme in elementSchemes { for host in elementHosts { written.insert("\(scheme)://\(host)") } }
            }
            for scheme in schemes {
                for host in hosts where !written.contains("\(scheme)://\(host)") {
                    out.append("\(scheme)://\(host)")
                }
            }
        }
        if hosts.count > 1 || paths.count > 1, data.contains(where: { $0.host != nil && !pathTexts($0).isEmpty }) {
            var written = Set<String>()
            for element in data {
                let own = pathTexts(element)
                let lone = isLone(element)
                let elementHosts = element.host.map { [$0] } ?? (lone && !own.isEmpty ? hosts : [])
                let elementPaths = own.isEmpty ? (lone && element.host != nil ? paths : []) : own
                for host in elementHosts { for path in elementPaths { written.insert("\(host) \(path)") } }
            }
            for host in hosts {
                for path in paths where !written.contains("\(host) \(path)") {
                    out.append("\(host) with \(path)")
                }
            }
        }
        return out
    }

    /// True when the element sets one part only (a scheme, a host or a path): written to combine.
    static func isLone(_ data: AndroidManifest.DataElement) -> Bool {
        [data.scheme != nil, data.host != nil, !pathTexts(data).isEmpty].filter { $0 }.count == 1
    }

    /// The path matchers of one element as text (`path=/reset`).
    static func pathTexts(_ data: AndroidManifest.DataElement) -> [String] {
        [
            ("path", data.path), ("pathPrefix", data.pathPrefix), ("pathPattern", data.pathPattern),
            ("pathAdvancedPattern", data.pathAdvancedPattern), ("pathSuffix", data.pathSuffix),
        ]
        .compactMap { name, value in value.map { "\(name)=\($0)" } }
    }

    private static func ordered(_ values: [String]) -> [String] {
        var seen: [String] = []
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen
    }
}
