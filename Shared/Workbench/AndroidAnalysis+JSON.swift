import AndroidApp
import AssociationFetch
import Findings
import Foundation
import Reports
import SiteAssociation

extension AndroidAnalysis {
    /// The `scan app.apk` JSON document (`docs/cli.md`, "scan (Android)"): pretty, sorted keys,
    /// ending with a newline. Deterministic: no timings, no clock.
    public func scanDocument(triage: [String: Triage] = [:]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(AndroidScanDocument(self, triage: triage)) + Data("\n".utf8)
    }
}

/// The JSON shape of `scan app.apk`.
struct AndroidScanDocument: Encodable {
    struct Scan: Encodable {
        var input: String
        var platform = "android"
        var sdk: Int
        var offline: Bool
        var allOrNothing: Bool
        /// As in the iOS document (`FindingCounts`).
        var findingCounts: [String: Int]
        var findingCountsByCategory: [String: [String: Int]]
        var suppressedFindings: Int
    }

    struct App: Encodable {
        var packageName: String
        var versionName: String?
        var versionCode: Int?
        var minSdk: Int?
        var targetSdk: Int?
        var debuggable: Bool
        var testOnly: Bool
        var baseEntry: String?
        var signingCertificates: [String]
        var lineage: [String]
    }

    let schemaVersion = Workbench.schemaVersion
    let platform = "android"
    let scan: Scan
    let app: App
    var hosts: [AssetLinksHostJSON]
    let urls: [URLDecision]
    let findings: [FindingJSON]
    /// What a device recorded for the app (the workbench's documents, when one was read); nil
    /// writes no key.
    var deviceState: AndroidDeviceRecord? = nil

    struct URLDecision: Encodable {
        var url: String
        /// `opens_app`, `chooser`, `opens_app_unverified` or `browser`.
        var outcome: String
        /// The outcome for people ("opens the app (unverified deep link)").
        var outcomeText: String
        var activities: [String]
        var trace: [String]
    }

    init(_ analysis: AndroidAnalysis, triage: [String: Triage]) {
        let facts = analysis.facts
        let manifest = analysis.snapshot.manifest
        let counts = FindingCounts(analysis.findings, triage: triage)
        scan = Scan(
            input: analysis.inputName, sdk: facts.sdk, offline: facts.offline,
            allOrNothing: facts.verification.allOrNothing,
            findingCounts: counts.bySeverity, findingCountsByCategory: counts.byCategory,
            suppressedFindings: counts.suppressed)
        app =
            App(
                packageName: manifest.packageName, versionName: manifest.versionName, versionCode: manifest.versionCode,
                minSdk: manifest.minSDK, targetSdk: manifest.targetSDK, debuggable: manifest.debuggable,
                testOnly: manifest.testOnly, baseEntry: analysis.snapshot.baseEntry,
                signingCertificates: facts.signingFingerprints,
                lineage: analysis.snapshot.signing.lineage.map(\.certificate.sha256))
        hosts = facts.verification.hosts.map { host in
            AssetLinksHostJSON(declared: host, report: facts.report(forFileHost: host.fileHost))
        }
        urls =
            analysis.decisions.map { decision in
                URLDecision(
                    url: decision.url, outcome: decision.outcome.rawValue, outcomeText: decision.outcome.text,
                    activities: decision.activities, trace: decision.trace)
            }
        findings = FindingsJSON.entries(analysis.findings, triage: triage)
    }
}

/// One host's `assetlinks.json` in JSON (`assetlinks fetch` and `scan app.apk`).
public struct AssetLinksHostJSON: Encodable, Sendable {
    struct Included: Encodable {
        var url: String
        var status: Int?
        var problem: String?
        var grants: [AssetLinksGrant]
    }

    struct Google: Encodable {
        var url: String
        var status: Int?
        var error: String?
        var problem: String?
        var grants: [AssetLinksGrant]
        var errorCodes: [String]
        var debugString: String?
        /// `agree` / `differ` / null (Google's answer could not be compared).
        var comparison: String?
        var onlyInFile: [AssetLinksGrant]
        var onlyInGoogle: [AssetLinksGrant]
    }

    /// As declared in the manifest (`*.example.com` kept); the fetched host for `assetlinks fetch`.
    var host: String
    /// Where the file comes from (`example.com[:port]`).
    var fileHost: String
    /// `scan` only: whether this host verifies for the app, and why.
    var verified: Bool?
    var reason: String?
    var outcome: String
    var url: String
    var status: Int?
    var contentType: String?
    var redirectLocation: String?
    var bytes: Int?
    var timeToHeadersMs: Int?
    var totalMs: Int?
    var error: String?
    var errorKind: String?
    var problem: String?
    var contentTypeProblem: String?
    var grants: [AssetLinksGrant]
    var includes: [String]
    /// The included lists as fetched (one level deep).
    var included: [Included]
    var diagnostics: [LintDiagnostic]
    var google: Google?
    /// The workbench's state of the host (its documents only); nil writes no key.
    var state: String?

    /// A fetched or supplied file on its own (`assetlinks fetch`).
    public init(report: AssetLinksReport) {
        host = report.host
        fileHost = report.host
        outcome = report.outcome.rawValue
        url = report.result?.url ?? AssetLinksPolicy.url(forHostName: report.host)
        let result = report.result
        status = result?.status
        contentType = result?.contentType
        redirectLocation = result?.redirectLocation
        bytes = result.map(\.bytes)
        timeToHeadersMs = result?.timeToHeadersMs
        totalMs = result?.totalMs
        error = result?.error?.description
        errorKind = result?.error?.kind
        problem = report.problem
        contentTypeProblem = report.contentTypeProblem
        grants = report.file?.linkGrants ?? []
        includes = report.file?.includes ?? []
        included = report.included.map {
            Included(url: $0.url, status: $0.result?.status, problem: $0.problem, grants: $0.file?.linkGrants ?? [])
        }
        diagnostics = report.file?.diagnostics ?? []
        if let google = report.google {
            let comparison = report.comparison
            self.google = Google(
                url: google.url, status: google.status, error: google.error?.description, problem: google.problem,
                grants: google.grants, errorCodes: google.errorCodes, debugString: google.debugString,
                comparison: comparison.map { $0.agree ? "agree" : "differ" },
                onlyInFile: comparison?.onlyInFile ?? [], onlyInGoogle: comparison?.onlyInGoogle ?? [])
        }
    }

    /// A host of the app with its verification (`scan app.apk`); `report` nil = not fetched.
    init(declared: AndroidVerification.Host, report: AssetLinksReport?) {
        self.init(report: report ?? AssetLinksReport(host: declared.fileHost, result: nil))
        host = declared.host
        verified = declared.verified
        reason = declared.reason
    }
}
