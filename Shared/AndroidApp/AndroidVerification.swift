import Foundation
import SiteAssociation

/// Whether each host an app asks to verify would verify, for one Android version
/// (`docs/android.md` §5).
public struct AndroidVerification: Sendable, Equatable {
    public struct Host: Sendable, Equatable, Codable {
        /// The host as declared (`*.example.com` kept).
        public var host: String
        /// Where the file is fetched (a wildcard's root).
        public var fileHost: String
        public var verified: Bool
        public var reason: String

        public init(host: String, fileHost: String, verified: Bool, reason: String) {
            self.host = host
            self.fileHost = fileHost
            self.verified = verified
            self.reason = reason
        }
    }

    public var sdk: Int
    public var hosts: [Host]
    /// True on Android 11 and lower: one failing host fails them all.
    public var allOrNothing: Bool

    public init(sdk: Int, hosts: [Host], allOrNothing: Bool) {
        self.sdk = sdk
        self.hosts = hosts
        self.allOrNothing = allOrNothing
    }

    /// True when a URL on `host` opens the app without asking (given a filter matched).
    public func isVerified(urlHost: String) -> Bool {
        let host = urlHost.lowercased()
        let covering = hosts.filter { Self.covers($0.host, host) }
        guard !covering.isEmpty else { return false }
        if allOrNothing { return hosts.allSatisfy(\.verified) }
        return covering.contains(where: \.verified)
    }

    static func covers(_ declared: String, _ host: String) -> Bool {
        let declared = declared.lowercased()
        if declared.hasPrefix("*") { return host.hasSuffix(String(declared.dropFirst())) }
        return declared == host
    }
}

public enum AndroidVerifier {
    /// The hosts Android would verify for this app on `sdk` (V1, V2).
    public static func candidateHosts(_ matcher: AndroidLinkMatcher, targetSDK: Int?, sdk: Int) -> [String] {
        let web = matcher.filters.filter(\.handlesWebURLs)
        guard web.contains(where: \.autoVerify) else { return [] }
        let restrict = sdk >= 31 && (targetSDK ?? 0) >= 31
        var hosts: [String] = []
        for filter in web where !restrict || filter.autoVerify {
            for host in filter.hosts where !hosts.contains(host) { hosts.append(host) }
        }
        return hosts
    }

    /// Checks every candidate host against the files fetched or given (keyed by file host).
    /// `suppliedOnly`: the files were given, not fetched (`--assetlinks HOST=FILE`): a host without
    /// one is "not checked", and never counted as verified.
    public static func verify(
        manifest: AndroidManifest, signing: APKSigning, files: [String: AssetLinksFile], sdk: Int,
        suppliedOnly: Bool = false
    ) -> AndroidVerification {
        let matcher = AndroidLinkMatcher(manifest: manifest, sdk: sdk)
        let certificates = Set(signing.effectiveCertificates(sdk: sdk).map(\.sha256))
        let older = Set(signing.lineage.map(\.certificate.sha256)).subtracting(certificates)
        var out: [AndroidVerification.Host] = []
        for host in candidateHosts(matcher, targetSDK: manifest.targetSDK, sdk: sdk) {
            let fileHost = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
            var (verified, reason) = check(
                package: manifest.packageName, certificates: certificates, older: older,
                file: files[fileHost.lowercased()], fileHost: fileHost)
            if suppliedOnly, files[fileHost.lowercased()] == nil {
                reason = "not checked: no assetlinks.json was given for \(fileHost), so it is not counted as verified"
                verified = false
            }
            out.append(.init(host: host, fileHost: fileHost, verified: verified, reason: reason))
        }
        return AndroidVerification(sdk: sdk, hosts: out, allOrNothing: sdk <= 30)
    }

    static func check(
        package: String, certificates: Set<String>, older: Set<String>, file: AssetLinksFile?,
        fileHost: String
    ) -> (Bool, String) {
        guard let file else {
            return (false, "no assetlinks.json for \(fileHost) (not fetched, unreachable or refused)")
        }
        if let error = file.diagnostics.first(where: { $0.severity == "error" && $0.id <= "ANDROID-L003" }) {
            return (false, "https://\(fileHost)/.well-known/assetlinks.json is unusable: \(error.message)")
        }
        let grants = file.grants(package: package)
        guard !grants.isEmpty else {
            let others = file.statements.compactMap { statement -> String? in
                guard statement.grantsLinks, case .androidApp(let name, _) = statement.target else { return nil }
                return name
            }
            return (
                false,
                "package \(package) is not listed"
                    + (others.isEmpty
                        ? ""
                        : "; the file lists "
                            + others.joined(separator: ", "))
            )
        }
        let listed = grants.flatMap { statement -> [String] in
            if case .androidApp(_, let fingerprints) = statement.target { return fingerprints }
            return []
        }
        if listed.contains(where: certificates.contains) {
            return (true, "\(package) listed with the signing certificate's SHA-256")
        }
        if let old = listed.first(where: older.contains) {
            return (false, "lists \(old), an older key of the rotation lineage, not the current signing key")
        }
        let shown = listed.isEmpty ? "no fingerprint" : listed.joined(separator: ", ")
        return (
            false,
            "\(package) is listed, but with \(shown); the APK is signed with "
                + "\(certificates.sorted().joined(separator: ", ")) (an upload or debug key listed "
                + "instead of the app-signing key?)"
        )
    }
}

/// What happens on a device when a link to `url` is tapped and this app is installed.
public struct AndroidLinkDecision: Sendable, Equatable {
    /// Its raw value is the stable key of every JSON document (`opens_app`, `chooser`,
    /// `opens_app_unverified`, `browser`); `text` is the outcome for people.
    public enum Outcome: String, Sendable, Codable, CaseIterable {
        /// A verified App Link: opens the app directly.
        case opensApp = "opens_app"
        /// Matched but unverified on Android 11 and lower: the user picks from a chooser.
        case chooser
        /// Matched a custom scheme: opens the app (any app can claim the scheme).
        case opensAppUnverified = "opens_app_unverified"
        /// Not opened by the app: the browser (or another handler) gets it.
        case browser

        /// The outcome for people: "opens the app", "chooser", "opens the app (unverified deep
        /// link)", "browser".
        public var text: String {
            switch self {
            case .opensApp: "opens the app"
            case .chooser: "chooser"
            case .opensAppUnverified: "opens the app (unverified deep link)"
            case .browser: "browser"
            }
        }

        /// True when the app receives the link without the user choosing (verified, or a custom scheme).
        public var opensApp: Bool { self == .opensApp || self == .opensAppUnverified }
    }

    public var url: String
    public var outcome: Outcome
    /// Every activity (or alias) with a matching filter, in manifest order; the first decides.
    public var activities: [String]
    /// Manifest line of the deciding filter (the first one that matches), when one matches.
    public var filterLine: Int?
    public var trace: [String]
    /// Why a link an activity matches still goes to the browser (nil otherwise).
    public var browserReason: BrowserReason?

    /// Why a matched link goes to the browser.
    public enum BrowserReason: String, Sendable, Codable {
        /// Its host does not verify for the app (Android 12+ sends unverified web links to the browser).
        case notVerified = "not_verified"
        /// Its host verifies, but the statement's dynamic rules leave the path out (Android 15).
        case dynamicRules = "dynamic_rules"
    }

    public init(
        url: String, outcome: Outcome, activities: [String], filterLine: Int? = nil, trace: [String],
        browserReason: BrowserReason? = nil
    ) {
        self.url = url
        self.outcome = outcome
        self.activities = activities
        self.filterLine = filterLine
        self.trace = trace
        self.browserReason = browserReason
    }

    /// True when the app receives the link without the user choosing (verified, or a custom scheme).
    public var opensApp: Bool { outcome.opensApp }
}

extension AndroidLinkMatcher {
    /// Decides one URL for one Android version, with a trace of every step.
    public func decide(
        _ url: String, verification: AndroidVerification, files: [String: AssetLinksFile] = [:]
    )
        -> AndroidLinkDecision
    {
        let sdk = verification.sdk
        let uri = AndroidURI(url)
        var trace: [String] = []
        if let note = uri.browserNote {
            trace.append(
                "Uri.parse reads scheme \(uri.scheme ?? "(none)"), host "
                    + (uri.host.map { $0.isEmpty ? "(empty)" : $0 } ?? "(none)")
                    + (uri.port >= 0 ? ", port \(uri.port)" : "") + ", path "
                    + (uri.path.map { $0.isEmpty ? "(empty)" : $0 } ?? "(none: opaque)")
                    + "; " + note)
        }
        var activities: [String] = []
        var filterLine: Int?
        for answer in answers(for: uri) {
            trace.append(
                "\(answer.activity) (filter at line \(answer.filterLine)): "
                    + (answer.matches ? "matches — " : "no — ") + answer.reason)
            if answer.matches, !activities.contains(answer.activity) { activities.append(answer.activity) }
            if answer.matches, filterLine == nil { filterLine = answer.filterLine }
        }
        guard !activities.isEmpty else {
            trace.append("no filter of \(packageName) matches: the browser or another app handles it")
            return AndroidLinkDecision(url: url, outcome: .browser, activities: [], trace: trace)
        }
        guard let scheme = uri.scheme, scheme == "http" || scheme == "https" else {
            trace.append("custom scheme \(uri.scheme ?? ""): no verification exists; any app may claim it")
            return AndroidLinkDecision(
                url: url, outcome: .opensAppUnverified, activities: activities,
                filterLine: filterLine,
                trace: trace)
        }
        guard let host = uri.host, verification.isVerified(urlHost: host) else {
            let host = uri.host ?? ""
            let hosts = verification.hosts.filter { AndroidVerification.covers($0.host, host.lowercased()) }
            if uri.host == nil {
                trace.append("a \(scheme) URL without an authority has no host to verify")
            } else if hosts.isEmpty {
                trace.append("\(host) is not among the hosts Android verifies for this app")
            }
            for entry in hosts { trace.append("\(entry.host): not verified — \(entry.reason)") }
            if verification.allOrNothing, !hosts.isEmpty, hosts.allSatisfy(\.verified) {
                trace.append("Android ≤ 11 verifies all hosts or none: another host failed")
            }
            if sdk >= 31 {
                trace.append(
                    "Android 12+: an unverified web link opens in the browser unless the user approved the app")
                return AndroidLinkDecision(
                    url: url, outcome: .browser, activities: activities, filterLine: filterLine,
                    trace: trace, browserReason: .notVerified)
            }
            trace.append("Android ≤ 11: the user chooses between the browser and the app")
            return AndroidLinkDecision(
                url: url, outcome: .chooser, activities: activities, filterLine: filterLine,
                trace: trace)
        }
        trace.append("\(host) verified for \(packageName)")
        if sdk >= 35, let (allowed, note) = dynamicRules(uri, host: host, verification: verification, files: files) {
            trace.append(note)
            if !allowed {
                return AndroidLinkDecision(
                    url: url, outcome: .browser, activities: activities, filterLine: filterLine,
                    trace: trace, browserReason: .dynamicRules)
            }
        }
        return AndroidLinkDecision(
            url: url, outcome: .opensApp, activities: activities, filterLine: filterLine,
            trace: trace)
    }

    /// Android 15 dynamic rules of the statement granting this package, if any: the first matching
    /// rule decides; no rule matching refuses (assumed, `docs/android.md` L5).
    func dynamicRules(
        _ uri: AndroidURI, host: String, verification: AndroidVerification,
        files: [String: AssetLinksFile]
    ) -> (Bool, String)? {
        guard let entry = verification.hosts.first(where: { AndroidVerification.covers($0.host, host.lowercased()) }),
            let file = files[entry.fileHost.lowercased()],
            let components = file.grants(package: packageName).compactMap(\.dynamicComponents).first
        else {
            return nil
        }
        for component in components where DynamicRule.matches(component, uri) {
            return (
                !component.exclude,
                "dynamic rule at line \(component.line) "
                    + (component.exclude ? "excludes it" : "includes it")
            )
        }
        return (false, "no dynamic rule matches: the URL is not an App Link")
    }
}

/// Android 15 dynamic rule patterns: `*` any run, `?` one character, case-sensitive.
enum DynamicRule {
    static func matches(_ component: AssetLinksFile.DynamicComponent, _ uri: AndroidURI) -> Bool {
        if let path = component.path, !glob(path, uri.path ?? "") { return false }
        if let fragment = component.fragment, !glob(fragment, uri.fragment ?? "") { return false }
        if let query = component.query {
            let pairs = (uri.query ?? "").split(separator: "&").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            for (key, pattern) in query where !pairs.contains(where: { $0.0 == key && glob(pattern, $0.1) }) {
                return false
            }
        }
        return true
    }

    /// Iterative glob with backtracking to the last `*` (linear in practice, never exponential).
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let t = Array(text.unicodeScalars)
        var i = 0
        var j = 0
        var star = -1
        var mark = 0
        while j < t.count {
            if i < p.count && (p[i] == "?" || p[i] == t[j]) {
                i += 1
                j += 1
            } else if i < p.count && p[i] == "*" {
                star = i
                mark = j
                i += 1
            } else if star >= 0 {
                i = star + 1
                mark += 1
                j = mark
            } else {
                return false
            }
        }
        while i < p.count && p[i] == "*" { i += 1 }
        return i == p.count
    }
}
