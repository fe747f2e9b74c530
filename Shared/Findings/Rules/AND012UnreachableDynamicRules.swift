import AndroidApp
import AssociationFetch
import Foundation

/// AND-012: Android 15 dynamic rules that no intent filter of the app can reach.
public struct AND012UnreachableDynamicRules: FindingRule {
    public let id = "AND-012"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Dynamic App Links rule the manifest's filters cannot reach"
    public let explanation = """
        Android 15's dynamic rules (relation_extensions in assetlinks.json) only narrow what the app's intent filters \
        already claim; they cannot add paths or hosts. A rule that includes paths no filter of the app matches never \
        takes effect: the site owner believes those URLs open the app, and they open in the browser.
        """
    public let remediation = """
        Add the paths to an autoVerify intent filter of the app (a new release), or remove the rule from \
        assetlinks.json.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var findings: [Finding] = []
        var seen: Set<String> = []
        for host in facts.verification.hosts where seen.insert(host.fileHost.lowercased()).inserted {
            guard let report = facts.report(forFileHost: host.fileHost),
                let file = report.effectiveFile ?? report.file
            else { continue }
            let sameFile = facts.verification.hosts.filter { $0.fileHost.lowercased() == host.fileHost.lowercased() }
            let urlHosts = sameFile.map { $0.host.hasPrefix("*.") ? "sub." + $0.fileHost : $0.host }
            let declared = Self.declaredPaths(facts.snapshot.manifest)
            for statement in file.grants(package: facts.packageName) {
                for rule in statement.dynamicComponents ?? [] where !rule.exclude {
                    guard let pattern = rule.path else { continue }
                    let sample = Self.samplePath(pattern)
                    let samples = [sample] + declared.filter { CeilingGlob.matches(pattern, $0) }
                    let reached = urlHosts.contains { urlHost in
                        samples.contains { path in
                            ["https", "http"].contains { scheme in
                                facts.matcher.anyMatch(AndroidURI("\(scheme)://\(urlHost)\(path)"))
                            }
                        }
                    }
                    guard !reached else { continue }
                    findings.append(
                        finding(
                            subject: "\(host.fileHost) \(pattern)",
                            detail: "The dynamic rule {\"/\": \"\(pattern)\"} (line \(rule.line) of "
                                + "\(AndroidEvidence.fileURL(report.host))) includes paths such as \(sample), but no "
                                    + """
                                    intent filter of \(facts.packageName) matches \
                                    https://\(urlHosts.first ?? host.fileHost)\(sample).
                                    """,
                            evidence: [
                                .text("\(AndroidEvidence.fileURL(report.host)) dynamic rule \"/\": \"\(pattern)\"")
                            ]))
                }
            }
        }
        return findings
    }

    /// Paths the manifest's filters match, one sample per path attribute: `path` itself, a
    /// `pathPrefix` or `pathSuffix` completed, a `pathPattern` with `.*` and `.` filled in. A rule
    /// whose pattern matches one of them reaches a filter (a heuristic: `pathAdvancedPattern` is
    /// not sampled, and `?` in a rule is read as `*`).
    static func declaredPaths(_ manifest: AndroidManifest) -> [String] {
        var out: [String] = []
        for activity in manifest.activities {
            for filter in activity.intentFilters {
                for data in filter.data {
                    if let path = data.path { out.append(path) }
                    if let prefix = data.pathPrefix { out.append(prefix + "x") }
                    if let suffix = data.pathSuffix { out.append("/x" + suffix) }
                    if let pattern = data.pathPattern {
                        out.append(
                            pattern.replacingOccurrences(of: ".*", with: "x").replacingOccurrences(
                                of: ".",
                                with: "a"))
                    }
                }
            }
        }
        return out
    }

    /// A path the dynamic pattern matches: `*` as nothing, `?` as `a`, with a leading `/`.
    static func samplePath(_ pattern: String) -> String {
        let text = pattern.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "?", with: "a")
        return text.hasPrefix("/") ? text : "/" + text
    }
}
