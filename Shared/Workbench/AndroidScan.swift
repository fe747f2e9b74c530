import AndroidApp
import AssociationFetch
import Findings
import Foundation

/// What `linklab scan app.apk` asks for.
public struct AndroidScanRequest: Sendable {
    /// The `.apk`, `.xapk` or `.apks`.
    public var input: URL
    /// The Android API level modelled (`--sdk`, default 35 = Android 15).
    public var sdk: Int
    /// Use no network: hosts without a supplied file are "not fetched", never verified.
    public var offline: Bool
    /// `--assetlinks HOST=FILE`: host name (lower case, no `*.`) → file.
    public var suppliedFiles: [String: String]
    /// Pins, trusted roots, timeout and deadline for the fetches.
    public var fetch: FetchConfiguration
    /// Google's statement-list API as a second opinion (`--google`), and the agent.
    public var assetLinks: AssetLinksFetchOptions
    /// URLs to decide (`--url`, `--urls`) with their expectations, as `URLList` read them (any scheme).
    public var urls: [URLListEntry]

    public init(
        input: URL, sdk: Int = 35, offline: Bool = false, suppliedFiles: [String: String] = [:],
        fetch: FetchConfiguration = FetchConfiguration(),
        assetLinks: AssetLinksFetchOptions = AssetLinksFetchOptions(), urls: [URLListEntry] = []
    ) {
        self.input = input
        self.sdk = sdk
        self.offline = offline
        self.suppliedFiles = suppliedFiles
        self.fetch = fetch
        self.assetLinks = assetLinks
        self.urls = urls
    }
}

/// The result of an Android scan: the APK, what each verified host serves, the decisions of
/// the tester's URLs and the findings. Everything a face shows is computed from it here.
public struct AndroidAnalysis: Sendable {
    /// The input's file name.
    public var inputName: String
    public var facts: AndroidFacts
    /// `FindingRules.evaluate(facts)`, in report order.
    public var findings: [Finding]
    /// The probes the tester ran on a device with what they recorded (`ProbeFacts.adding(to:android:)`):
    /// the reports' "Device probes" part. Empty unless outcomes were recorded.
    public var probeObservations: [ProbeFacts.Observation] = []
    /// Whose words the reports of this analysis use where they name how to supply files or URLs:
    /// the command line's flags (a scan's), or the workbench's controls (a document sets its own
    /// `WorkbenchDocument.noteAudience`).
    public var noteAudience = NoteAudience.commandLine
    /// One decision per URL asked, in order.
    public var decisions: [AndroidLinkDecision] { facts.urlChecks.map(\.decision) }

    /// The APK as read.
    public var snapshot: APKSnapshot { facts.snapshot }

    /// Pure: the analysis of an APK already read, given each file host's report (fetched,
    /// supplied or not fetched). `urls` may carry the `!`/`=` prefixes of URL lists; a malformed
    /// one is left out (faces validate them first with `URLList`, `.any` schemes). The entry point other
    /// faces and the two-platform scan call.
    public static func make(
        snapshot: APKSnapshot, sdk: Int = 35, assetLinks: [AssetLinksReport],
        offline: Bool = false, urls: [String], inputName: String? = nil
    ) -> AndroidAnalysis {
        make(
            snapshot: snapshot, sdk: sdk, assetLinks: assetLinks, offline: offline,
            entries: urls.compactMap { try? URLList.entry($0, schemes: .any) }, inputName: inputName)
    }

    /// `make(snapshot:sdk:assetLinks:offline:urls:inputName:)` for URLs already read as entries.
    public static func make(
        snapshot: APKSnapshot, sdk: Int = 35, assetLinks: [AssetLinksReport],
        offline: Bool = false, entries: [URLListEntry] = [],
        inputName: String? = nil
    ) -> AndroidAnalysis {
        let facts = AndroidFacts(snapshot: snapshot, sdk: sdk, assetLinks: assetLinks, offline: offline, urls: entries)
        return AndroidAnalysis(
            inputName: inputName ?? snapshot.source, facts: facts,
            findings: FindingRules.evaluate(facts))
    }

    /// Supplied hosts (`--assetlinks HOST=FILE`, host name → file) that are none of the hosts
    /// this scan read a file for: Android never fetches their file for this app, so it is not
    /// used (the tester probably mistyped one). Sorted.
    public func unusedSupplies(_ supplied: [String: String]) -> [String] {
        let read = Set(
            facts.assetLinks.map { report in
                ((try? FetchHost.parse(report.host))?.hostname ?? report.host).lowercased()
            })
        return supplied.keys.map { $0.lowercased() }.filter { !read.contains($0) }.sorted()
    }

    /// The file hosts Android fetches for this APK on `sdk` (wildcards by their root), in order.
    public static func fileHosts(of snapshot: APKSnapshot, sdk: Int) -> [String] {
        let matcher = AndroidLinkMatcher(manifest: snapshot.manifest, sdk: sdk)
        var hosts: [String] = []
        for host in AndroidVerifier.candidateHosts(matcher, targetSDK: snapshot.manifest.targetSDK, sdk: sdk) {
            let root = (host.hasPrefix("*.") ? String(host.dropFirst(2)) : host).lowercased()
            if !hosts.contains(root) { hosts.append(root) }
        }
        return hosts
    }
}

/// Runs an Android scan: reads the APK, fetches (or reads) each verified host's
/// `assetlinks.json`, decides the URLs and derives the findings.
public enum AndroidScan {
    /// The whole scan. Throws when the APK cannot be read, the fetch configuration is refused,
    /// or the task was cancelled before the fetches began (`cancelled`); a host that does not
    /// answer is a fact in the analysis. `progress` hears each
    /// stage begin, the hosts planned and each host done, as `ProductScan` reports them.
    public static func run(
        _ request: AndroidScanRequest,
        progress: (@Sendable (ProductScanEvent) -> Void)? = nil
    )
        async throws(WorkbenchError) -> AndroidAnalysis
    {
        progress?(.stageStarted(.android, stage: .inspect))
        let snapshot: APKSnapshot
        do {
            snapshot = try APKInspector.inspect(fileAt: request.input)
        } catch {
            throw .unreadableApp(path: request.input.path, reason: error.description)
        }
        let hosts = AndroidAnalysis.fileHosts(of: snapshot, sdk: request.sdk)
        // A cancelled scan (the other platform's app failed) fetches nothing.
        if Task.isCancelled { throw .cancelled }
        progress?(.stageStarted(.android, stage: .fetch))
        progress?(.hostsPlanned(.android, count: hosts.count))
        var hostDone: (@Sendable (AssetLinksReport) -> Void)?
        if let progress {
            hostDone = { report in progress(.hostDone(.android, host: report.host)) }
        }
        let reports = try await assetLinks(for: hosts, request: request, progress: hostDone)
        progress?(.stageStarted(.android, stage: .match))
        return AndroidAnalysis.make(
            snapshot: snapshot, sdk: request.sdk, assetLinks: reports, offline: request.offline,
            entries: request.urls, inputName: request.input.lastPathComponent)
    }

    /// Each host's report: a supplied file when there is one, else a fetch, else (offline)
    /// "not fetched"; `progress` hears each report as it is made.
    public static func assetLinks(
        for hosts: [String], request: AndroidScanRequest,
        progress: (@Sendable (AssetLinksReport) -> Void)? = nil
    )
        async throws(WorkbenchError) -> [AssetLinksReport]
    {
        var parsed: [FetchHost] = []
        for host in hosts {
            do { parsed.append(try FetchHost.parse(host)) } catch {
                throw .invalidArgument(host, reason: error.description)
            }
        }
        if request.offline {
            return parsed.map { host in
                let path = request.suppliedFiles[host.hostname]
                let report = AssetLinksReport(
                    host: host.authority,
                    result: path.map(AssociationFetcher.suppliedAssetLinks))
                progress?(report)
                return report
            }
        }
        var configuration = request.fetch
        configuration.suppliedFiles = request.suppliedFiles
        do {
            return try await Workbench.fetchAssetLinks(
                hosts: parsed.map(\.authority), configuration: configuration,
                options: request.assetLinks, progress: progress)
        } catch {
            throw .fetchConfiguration(error)
        }
    }
}
