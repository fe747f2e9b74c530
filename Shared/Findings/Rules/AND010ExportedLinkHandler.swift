import AndroidApp
import Foundation

/// AND-010: exported activities that receive links, with the DEX evidence of what they do with them.
public struct AND010ExportedLinkHandler: FindingRule {
    public let id = "AND-010"
    public let category = FindingCategory.security
    public let severity = Severity.info
    public let title = "Exported link-handling activities"
    public let explanation = """
        These exported activities have browsable intent filters: any web page or app can start them with a URL of its \
        choosing. They are where attacker-controlled links enter the app (getIntent().getData()). When the code also \
        loads URLs into a WebView or parses intents from URLs (Intent.parseUri), a crafted link may open the \
        attacker's page inside the app or redirect an intent to a private component.
        """
    public let remediation = """
        Validate every part of the incoming URI (scheme, host, path, parameters) against an allow-list before using \
        it; never load a link's parameter into a WebView or pass it to Intent.parseUri/startActivity unchecked; \
        protect activities that need not be public with android:exported=\"false\" or a permission.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidDeepLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var activities: [String] = []
        var evidence: [Evidence] = []
        for site in FilterSite.all(facts.snapshot.manifest) where site.isReachable && site.isBrowsable {
            guard site.activity.permission == nil, !site.filter.data.isEmpty,
                !activities.contains(site.activity.name)
            else { continue }
            activities.append(site.activity.name)
            evidence.append(.text("AndroidManifest.xml: \(site.activity.name) exported with a browsable filter"))
        }
        guard !activities.isEmpty else { return [] }
        let references = facts.snapshot.linkEvidence
        for reference in references {
            evidence.append(
                .binary(
                    BinaryLocation(
                        file: reference.file, symbol: reference.symbol,
                        offset: UInt64(clamping: reference.offset))))
        }
        let symbols = Set(references.map { $0.symbol.split(separator: ">").last.map(String.init) ?? $0.symbol })
        let readsData = symbols.contains("getData") || symbols.contains("getDataString")
        let dangerous = readsData && (symbols.contains("loadUrl") || symbols.contains("parseUri"))
        var detail = "Exported with browsable filters: \(activities.joined(separator: ", "))."
        if references.isEmpty {
            detail += """
                 No link-reading call was found in the DEX files (obfuscated, native or reflective code can hide it).
                """
        } else {
            detail += " The DEX code references " + symbols.sorted().joined(separator: ", ") + "."
        }
        if dangerous {
            detail += """
                 It reads link data and also loads URLs or parses intents: check whether a link's parameters reach \
                them.
                """
        }
        return [
            finding(
                subject: facts.packageName, detail: detail, evidence: evidence,
                severity: dangerous ? .medium : severity)
        ]
    }
}
