import AndroidApp
import AppInspection
import Foundation
import Reports
import SiteAssociation

/// One probe link: a URL the app's link handling receives, built to show on a device what the
/// handler does with a hostile value (`ProbeKit`).
public struct Probe: Sendable, Equatable, Codable, Identifiable {
    /// What a probe tries.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The claimed link itself: does it reach the handler at all?
        case baseline
        /// A redirect-like parameter pointed at the attacker's host (open redirect).
        case redirect
        /// A `javascript:` value in a redirect-like parameter (script in a web view).
        case javascript
        /// A `data:` value in a redirect-like parameter (content the attacker wrote).
        case data
        /// `..%2F` segments in the path (a handler that builds a file or API path from it).
        case traversal
        /// A 4,096-character value (a handler that copies or logs it unbounded).
        case overlong
        /// A claimed path whose name says it changes state (approve, delete, logout, pay, reset…).
        case stateChanging = "state-changing"
    }

    /// `P001`…, in the kit's order (stable for the same inputs).
    public var id: String
    /// `ios` or `android`: which app's handler receives it.
    public var platform: String
    public var kind: Kind
    public var url: String
    /// The claim it probes: the association file's rule, the custom scheme, or the activity.
    public var claim: String
    /// The parameter it sets, when it sets one.
    public var parameter: String?
    /// Why this probe: where the parameter name or the state-changing word came from.
    public var why: String
    /// What the tester watches for on the device.
    public var watch: String
    /// What the OS does with the link, decided here (which app or activity receives it).
    public var predicted: String
}

/// The handler probe kit: for every path an app claims (the association file's rules, the
/// manifest's intent filters) and every custom scheme, probe links a tester runs on a device —
/// redirect-like parameters (those the binary names first) pointed at `attackerHost`,
/// `javascript:` and `data:` values, traversal in the path, an over-long value, and the claimed
/// paths whose names say they change state. Every web probe is decided by the platform's matcher
/// and kept only when the OS would hand it to the app; custom-scheme probes reach whichever app
/// declares the scheme. Pure: the same facts give the same probes, IDs included.
public struct ProbeKit: Sendable, Equatable, Codable {
    /// Most probes in one kit; the rest are counted in `omitted`.
    public static let maxProbes = 400
    /// Most claimed links (per platform, schemes included) probes are built from.
    public static let maxBases = 40
    /// Redirect-like parameters tried when the binary names none (`redirect`, `redirect_uri`, …).
    public static let commonParameters = ["redirect", "redirect_uri", "returnTo", "next", "url", "continue"]
    /// Words in a claimed path that suggest the link changes state.
    public static let stateWords = [
        "approve", "delete", "logout", "signout", "pay", "reset", "confirm", "transfer",
        "unsubscribe", "cancel", "remove", "withdraw",
    ]
    /// The over-long value's length.
    public static let overlongLength = 4_096

    /// The host redirect probes point at (the tester's own, or `attacker.example`).
    public var attackerHost: String
    public var probes: [Probe]
    /// Probes left out beyond `maxProbes`.
    public var omitted: Int
    /// What the kit could not do and why (no claims, variants the matcher refuses…).
    public var notes: [String]

    /// The kit for an iOS analysis and/or an Android one.
    public init(ios: Analysis?, android: AndroidAnalysis?, attackerHost: String = "attacker.example") {
        self.attackerHost = attackerHost
        var drafts: [Draft] = []
        var notes: [String] = []
        if let ios { drafts += Self.iosDrafts(ios, attacker: attackerHost, notes: &notes) }
        if let android { drafts += Self.androidDrafts(android, attacker: attackerHost, notes: &notes) }
        if drafts.isEmpty { notes.append("Nothing to probe: no claimed path and no custom scheme.") }
        omitted = max(0, drafts.count - Self.maxProbes)
        probes = drafts.prefix(Self.maxProbes).enumerated().map { index, draft in
            Probe(
                id: String(format: "P%03d", index + 1), platform: draft.platform, kind: draft.kind, url: draft.url,
                claim: draft.claim, parameter: draft.parameter, why: draft.why, watch: draft.kind.watch(attackerHost),
                predicted: draft.predicted)
        }
        self.notes = notes
    }

    /// A probe before it is numbered.
    struct Draft {
        var platform: String
        var kind: Probe.Kind
        var url: String
        var claim: String
        var parameter: String?
        var why: String
        var predicted: String
    }

    /// A claimed link probes are built from.
    struct Base {
        var url: String
        var claim: String
        var isScheme: Bool
    }

    /// The parameters to try, with why: the binary's names first, else the common ones.
    static func parameters(named: [String]) -> [(name: String, why: String)] {
        let found = Array(Set(named)).sorted()
        if found.isEmpty {
            return commonParameters.map { ($0, "a name handlers commonly read (the binary names none)") }
        }
        return found.prefix(8).map { ($0, "\($0) is a string in the app's binary") }
    }

    /// Every probe built from `bases`, decided by `decide` (nil: the OS does not hand it to the app).
    static func drafts(
        platform: String, bases: [Base], parameters: [(name: String, why: String)], attacker: String,
        decide: (String) -> String?, notes: inout [String]
    ) -> [Draft] {
        var out: [Draft] = []
        var refused = 0
        var seen: Set<String> = []
        func add(_ kind: Probe.Kind, _ url: String, _ base: Base, parameter: String? = nil, why: String) {
            guard seen.insert(url).inserted else { return }
            let predicted = base.isScheme ? "any app that declares the scheme (\(base.claim))" : decide(url)
            guard let predicted else {
                refused += 1
                return
            }
            out.append(
                Draft(
                    platform: platform, kind: kind, url: url, claim: base.claim, parameter: parameter,
                    why: why, predicted: predicted))
        }
        for base in bases {
            let word = stateWord(inPathOf: base.url)
            add(
                word == nil ? .baseline : .stateChanging, base.url, base,
                why: word.map { "the claimed path names \"\($0)\"" } ?? "the claimed link itself")
            for parameter in parameters {
                add(
                    .redirect, appending(parameter.name, "https://\(attacker)/linklab-probe", to: base.url), base,
                    parameter: parameter.name, why: parameter.why)
            }
            guard let first = parameters.first else { continue }
            let host = URLComponents(string: base.url)?.host ?? "example.com"
            let values: [(Probe.Kind, String, String)] = [
                (
                    .redirect, "//\(attacker)/linklab-probe",
                    "scheme-relative: an allow-list that checks for https:// misses it"
                ),
                (
                    .redirect, "https://\(host).\(attacker)/linklab-probe",
                    "the app's host as a prefix: an allow-list by prefix accepts it"
                ),
                (.javascript, "javascript:alert(document.domain)//", first.why),
                (.data, "data:text/html,<script>alert(document.domain)</script>", first.why),
                (.overlong, String(repeating: "A", count: overlongLength), first.why),
            ]
            for (kind, value, why) in values {
                add(kind, appending(first.name, value, to: base.url), base, parameter: first.name, why: why)
            }
            if let traversal = traversed(base.url) {
                add(.traversal, traversal, base, why: "a handler that builds a file or API path from the link's path")
            }
        }
        if refused > 0 {
            notes.append(
                "\(platform): \(refused) probe\(refused == 1 ? "" : "s") left out: "
                    + "the OS would not hand \(refused == 1 ? "it" : "them") to the app.")
        }
        return out
    }

    /// The state word (`stateWords`) a word of `url`'s path starts with (`/account/deleteAll`,
    /// `/payment`), nil when none does; the host and the query are not read. For a custom
    /// scheme the part after `scheme://` is the path.
    static func stateWord(inPathOf url: String) -> String? {
        var rest = Substring(url)
        if let range = rest.range(of: "://") { rest = rest[range.upperBound...] }
        if URLListEntry(url: url).isWebURL { rest = rest.drop { $0 != "/" } }
        rest = rest.prefix { $0 != "?" && $0 != "#" }
        let words = rest.lowercased().split { !$0.isLetter && !$0.isNumber }
        return stateWords.first { state in words.contains { $0.hasPrefix(state) } }
    }

    /// `url` with `name=value` added to its query (`value` percent-encoded), before any fragment.
    static func appending(_ name: String, _ value: String, to url: String) -> String {
        var head = Substring(url)
        var fragment = ""
        if let hash = url.firstIndex(of: "#") {
            head = url[..<hash]
            fragment = String(url[hash...])
        }
        let separator = head.contains("?") ? "&" : "?"
        return head + separator + name + "=" + encoded(value) + fragment
    }

    /// Percent-encodes all but RFC 3986's unreserved characters.
    static func encoded(_ value: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyz"
                + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// `https://host/a/b` → `https://host/a/..%2F..%2Flinklab-probe` (the last segment replaced);
    /// nil for a link without a path segment.
    static func traversed(_ url: String) -> String? {
        guard var components = URLComponents(string: url), components.scheme?.hasPrefix("http") == true else {
            return nil
        }
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 2, !(segments.last?.isEmpty ?? true) else { return nil }
        segments[segments.count - 1] = "..%2F..%2Flinklab-probe"
        components.percentEncodedPath = segments.joined(separator: "/")
        return components.string
    }
}

extension Probe.Kind {
    /// What the tester watches for on the device.
    func watch(_ attacker: String) -> String {
        switch self {
        case .baseline: "The app opens on the linked screen (the handler receives the link)."
        case .redirect: "The app loads or opens \(attacker) (a web view, Safari, openURL): an open redirect."
        case .javascript: "A web view runs the script (an alert with the page's domain)."
        case .data: "A web view shows the attacker's page (an alert, or the data: content)."
        case .traversal: "The app reads a file or calls an API path outside the claimed one, or errors revealingly."
        case .overlong: "The app crashes, hangs, or shows the value unbounded."
        case .stateChanging: "The app changes state (approves, deletes, logs out, pays) without asking the user."
        }
    }
}

// MARK: Claimed links per platform

extension ProbeKit {
    static func iosDrafts(_ analysis: Analysis, attacker: String, notes: inout [String]) -> [Draft] {
        let decisions = URLDecisions(hosts: analysis.hosts, reports: analysis.domains, snapshot: analysis.snapshot)
        let samples = Analysis.claimedSamples(decisions, limit: maxBases)
        var bases = samples.map { Base(url: $0.url, claim: "\($0.host) \($0.place) \($0.pattern)", isScheme: false) }
        var seen = Set(samples.map(\.url))
        for bundle in analysis.snapshot.bundles where bundle.role == .app || bundle.role == .appclip {
            for scheme in bundle.urlSchemes
            where bases.count < maxBases && seen.insert(scheme.lowercased()).inserted {
                bases.append(
                    Base(
                        url: "\(scheme.lowercased())://linklab-probe", claim: "URL scheme \(scheme)",
                        isScheme: true))
            }
        }
        let named = analysis.snapshot.bundles.flatMap(\.slices).flatMap(\.linkEvidence)
            .filter { $0.kind == "parameter" }.map(\.name)
        return drafts(
            platform: "ios", bases: bases, parameters: parameters(named: named), attacker: attacker,
            decide: { url in
                let tests = decisions.decide([URLListEntry(url: url)], traces: .contradictionsOnly)
                guard let test = tests.first,
                    let verdict = analysis.appVerdict(test), verdict.decision == .match
                else { return nil }
                return "opens \(verdict.appID) (\(Analysis.ruleText(verdict)))"
            }, notes: &notes)
    }

    static func androidDrafts(_ analysis: AndroidAnalysis, attacker: String, notes: inout [String]) -> [Draft] {
        let facts = analysis.facts
        let decider = AndroidLinkDecider(
            manifest: facts.snapshot.manifest, signing: facts.snapshot.signing,
            files: AndroidFacts.files(facts.assetLinks), sdk: facts.sdk,
            suppliedOnly: facts.offline)
        var bases: [Base] = []
        var seen: Set<String> = []
        for filter in decider.matcher.filters {
            for claim in filter.claims(limit: 20) where !claim.hasPrefix("… and") {
                guard let url = concreteAndroidURL(claim), bases.count < maxBases, seen.insert(url).inserted else {
                    continue
                }
                let isScheme = !(url.hasPrefix("http://") || url.hasPrefix("https://"))
                bases.append(
                    Base(
                        url: url, claim: "\(filter.activity) (filter line \(filter.filterLine)) \(claim)",
                        isScheme: isScheme))
            }
        }
        return drafts(
            platform: "android", bases: bases, parameters: parameters(named: []), attacker: attacker,
            decide: { url in
                let decision = decider.decide(url)
                guard !decision.activities.isEmpty, decision.outcome != .browser else { return nil }
                let how = decision.outcome == .opensApp ? "verified" : decision.outcome.rawValue
                return "opens \(decision.activities.joined(separator: ", ")) (\(how))"
            }, notes: &notes)
    }

    /// A tappable URL for one line of `CompiledIntentFilter.claims`: `…` becomes `linklab-probe`,
    /// a pattern's `.*` becomes `linklab`, `.` stays; nil for a line that is not a URL.
    static func concreteAndroidURL(_ claim: String) -> String? {
        var text = claim
        for suffix in [" (advanced pattern)", " (pattern)"] where text.hasSuffix(suffix) {
            text = String(text.dropLast(suffix.count)).replacingOccurrences(of: ".*", with: "linklab")
                .replacingOccurrences(of: "\\", with: "")
        }
        if text.hasSuffix(":…") { return String(text.dropLast(2)) + "://linklab-probe" }
        text = text.replacingOccurrences(of: "*.", with: "probe.")
            .replacingOccurrences(of: "…", with: "linklab-probe")
        guard !text.contains(" "), text.contains(":") else { return nil }
        return text
    }
}
