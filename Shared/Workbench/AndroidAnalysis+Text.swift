import AndroidApp
import AssociationFetch
import Findings
import Foundation

extension AndroidAnalysis {
    /// `linklab scan app.apk` as text: the app, each verified host and why it verifies or not,
    /// one line per URL (the traces are `linklab match --android`'s); the findings are listed
    /// by the scan's shared findings table.
    public func summaryText() -> String {
        let manifest = snapshot.manifest
        var out =
            "\(inputName): \(manifest.packageName) \(manifest.versionName ?? "") "
            + "(target SDK \(manifest.targetSDK.map(String.init) ?? "?")), modelled on API \(facts.sdk)"
            + (facts.offline ? ", offline" : "") + "\n"
        out +=
            "signing SHA-256: "
            + (facts.signingFingerprints.isEmpty
                ? "unsigned"
                : facts.signingFingerprints.joined(separator: ", ")) + "\n"
        if facts.verification.hosts.isEmpty {
            out += "hosts Android verifies: none\n"
        } else {
            out +=
                "hosts Android verifies" + (facts.verification.allOrNothing ? " (all or nothing on this version)" : "")
                + ":\n"
            for host in facts.verification.hosts {
                let outcome = facts.report(forFileHost: host.fileHost)?.outcome ?? .notFetched
                out +=
                    "  \(host.host)  [\(outcome.rawValue)]  " + (host.verified ? "verifies" : "does not verify")
                    + " — \(host.reason)\n"
            }
        }
        if !decisions.isEmpty {
            out += "URLs:\n"
            for decision in decisions {
                out += "  \(decision.url) → \(Self.outcomeText(decision))\n"
            }
        }
        return out
    }

    /// The outcome with the activities that match; for a link that goes to the browser although
    /// an activity matches, why (the host does not verify, or its dynamic rules leave the path out).
    static func outcomeText(_ decision: AndroidLinkDecision) -> String {
        guard !decision.activities.isEmpty else { return decision.outcome.text }
        let activities = decision.activities.joined(separator: ", ")
        let verb = decision.activities.count == 1 ? "matches" : "match"
        switch decision.browserReason {
        case .notVerified?:
            return "browser (\(activities) \(verb), but the host does not verify, so the browser opens it)"
        case .dynamicRules?:
            return "browser (\(activities) \(verb), but the host's dynamic rules leave this path out)"
        case nil:
            return "\(decision.outcome.text) (\(activities))"
        }
    }
}

/// `linklab assetlinks fetch` as text.
public enum AssetLinksFetchText {
    public static func render(_ reports: [AssetLinksReport]) -> String {
        var out = ""
        for report in reports {
            out += "\(report.host): \(report.outcome.rawValue)"
            if let result = report.result {
                out += " — \(result.url)"
                if let status = result.status { out += " HTTP \(status)" }
                if let headers = result.timeToHeadersMs, let total = result.totalMs {
                    out += " (\(headers)/\(total) ms)"
                }
            }
            out += "\n"
            if let problem = report.problem { out += "  problem: \(problem)\n" }
            if let type = report.contentTypeProblem { out += "  content type: \(type)\n" }
            if let file = report.file {
                for grant in file.linkGrants { out += "  grants \(grant.packageName) \(grant.fingerprint)\n" }
                for include in report.included {
                    out +=
                        "  includes \(include.url): "
                        + (include.problem ?? "read, "
                            + "\(include.file?.linkGrants.count ?? 0) grant(s)") + "\n"
                }
                for diagnostic in file.diagnostics {
                    out +=
                        "  \(diagnostic.lineColumnText): \(diagnostic.severity) \(diagnostic.id): "
                        + "\(diagnostic.message)\n"
                }
            }
            if let google = report.google {
                out += "  Google: " + googleSummary(google, comparison: report.comparison) + "\n"
                for grant in report.comparison?.onlyInFile ?? [] { out += "    only in the host's file: \(grant)\n" }
                for grant in report.comparison?.onlyInGoogle ?? [] { out += "    only in Google's answer: \(grant)\n" }
            }
        }
        return out
    }

    static func googleSummary(_ google: GoogleStatementList, comparison: AssetLinksComparison?) -> String {
        if let error = google.error { return "no answer (\(error.description))" }
        if let problem = google.problem { return problem }
        let codes = google.errorCodes.isEmpty ? "" : " (\(google.errorCodes.joined(separator: ", ")))"
        guard let comparison else { return "\(google.grants.count) grant(s)\(codes)" }
        return (comparison.agree ? "agrees with the host's file" : "differs from the host's file")
            + " — \(google.grants.count) grant(s)\(codes)"
    }
}
