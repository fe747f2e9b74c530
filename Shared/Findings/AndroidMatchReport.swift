import AndroidApp
import Foundation

/// `linklab match --android app.apk URL…`: each URL decided as Android decides it, for one
/// Android version, as one presentation (the JSON document of `docs/cli.md`, and the text).
public struct AndroidMatchReport: Sendable, Codable, Equatable {
    public struct Result: Sendable, Codable, Equatable {
        public var url: String
        public var line: Int?
        /// `mustOpen` / `mustNotOpen` (`=` / `!` before the URL); absent without one.
        public var expectation: URLExpectation?
        /// `opens_app`, `opens_app_unverified`, `chooser` or `browser`; absent for an error entry.
        public var outcome: String?
        /// The outcome for people ("opens the app (unverified deep link)").
        public var outcomeText: String?
        /// True when the app receives the link without the user choosing.
        public var opensApp: Bool?
        /// The deciding activity (or alias) and the manifest line of its filter.
        public var activity: String?
        public var filterLine: Int?
        /// Every activity with a matching filter.
        public var activities: [String]?
        public var trace: [String]?
        /// Why the line is not decided (not a URL).
        public var error: String?

        init(_ decision: AndroidLinkDecision, entry: URLListEntry) {
            url = decision.url
            line = entry.line
            expectation = entry.expectation == .none ? nil : entry.expectation
            outcome = decision.outcome.rawValue
            outcomeText = decision.outcome.text
            opensApp = decision.opensApp
            activity = decision.activities.first
            filterLine = decision.filterLine
            activities = decision.activities
            trace = decision.trace
        }

        public init(error: String, url: String, line: Int?) {
            self.url = url
            self.line = line
            self.error = error
        }

        /// True when the verdict contradicts the tester's `=` or `!` (`URLExpectation.isMet(onAndroid:)`:
        /// a chooser contradicts both).
        public var contradictsExpectation: Bool {
            guard let expectation, let outcome = self.outcome.flatMap(AndroidLinkDecision.Outcome.init(rawValue:))
            else {
                return false
            }
            return expectation.isMet(onAndroid: outcome) == false
        }
    }

    public var schemaVersion: Int
    public var platform = "android"
    public var packageName: String
    public var sdk: Int
    /// Every host the app asks Android to verify, with whether it verified and why.
    public var hosts: [AndroidVerification.Host]
    public var results: [Result]

    /// Decides every line with `decider`.
    public init(decider: AndroidLinkDecider, lines: [URLListLine], schemaVersion: Int) {
        self.schemaVersion = schemaVersion
        packageName = decider.packageName
        sdk = decider.sdk
        hosts = decider.verification.hosts
        results = lines.map { line in
            switch line {
            case .entry(let entry): return Result(decider.decide(entry.url), entry: entry)
            case .invalid(let text, let number, let problem): return Result(error: problem, url: text, line: number)
            }
        }
    }

    /// Lines that are not URLs.
    public var errorCount: Int { results.filter { $0.error != nil }.count }

    /// The text face: the hosts' verification, then per URL the outcome, the deciding activity
    /// and filter, and the reason (the whole trace when `trace`).
    public func text(trace: Bool) -> String {
        var out =
            "\(packageName) on Android API \(sdk)"
            + (sdk >= 31
                ? " (12+: each host verified on its own)"
                : " (11 and lower: all hosts verify or none)") + "\n"
        if hosts.isEmpty { out += "  no host to verify (no autoVerify web filter)\n" }
        let width = hosts.map(\.host.count).max() ?? 0
        for host in hosts {
            out +=
                "  \(host.host.padding(toLength: width, withPad: " ", startingAt: 0))  "
                + (host.verified ? "verified" : "not verified") + " — \(host.reason)\n"
        }
        for result in results {
            out += "\n" + result.url
            switch result.expectation {
            case .mustOpen?: out += "  (must open the app)"
            case .mustNotOpen?: out += "  (must not open the app)"
            default: break
            }
            out += "\n"
            if let error = result.error {
                out += "  error  " + (result.line.map { "line \($0): " } ?? "") + error + "\n"
                continue
            }
            var verdict = "  " + (result.outcomeText ?? "")
            if let activity = result.activity {
                let filter = "\(activity)" + (result.filterLine.map { " (filter at line \($0))" } ?? "")
                verdict += result.opensApp == true ? "  \(filter)" : "  (matched by \(filter))"
            }
            if result.contradictsExpectation { verdict += "  — not what the tester expects" }
            out += verdict + "\n"
            let lines = trace ? (result.trace ?? []) : Array((result.trace ?? []).suffix(1))
            for line in lines { out += "      \(line)\n" }
        }
        return out
    }
}
