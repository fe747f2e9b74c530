import AssociationFetch
import Findings
import Foundation

/// What one scan of a product asks: each platform's request (nil for a platform whose app is not
/// scanned) and the URL list every app is decided for. A face builds the per-platform requests
/// from its own inputs (files, flags) and hands them over here; what follows is one path.
public struct ProductScanRequest: Sendable {
    /// The iOS app's scan, its `urls` the list's http(s) entries (iOS opens no custom scheme
    /// through a universal link).
    public private(set) var ios: ScanRequest?
    /// The Android app's scan, its `urls` every entry of the list (any scheme).
    public private(set) var android: AndroidScanRequest?
    /// The URL list, in order: the two-platform verdict table's rows.
    public let entries: [URLListEntry]

    /// A request for the apps given; each platform's `urls` are replaced by what it decides of
    /// `entries`.
    public init(ios: ScanRequest?, android: AndroidScanRequest?, entries: [URLListEntry]) {
        self.ios = ios
        self.android = android
        self.entries = entries
        self.ios?.urls = entries.filter(\.isWebURL)
        self.android?.urls = entries
    }
}

/// What a product scan reports while it runs, the same shape for every platform.
public enum ProductScanEvent: Sendable, Equatable {
    /// One platform's scan began a stage.
    case stageStarted(AppPlatform, stage: PipelineStage)
    /// One platform's hosts to fetch are known (before any is fetched).
    case hostsPlanned(AppPlatform, count: Int)
    /// One host of one platform is done (fetched, read from a supplied file, or not fetched).
    case hostDone(AppPlatform, host: String)
    /// One of one platform's URLs is decided.
    case urlDecided(AppPlatform)
}

/// Runs the scan of a product: each app by its platform's pipeline, at the same time, into one
/// `ProductAnalysis`. `linklab scan` calls it for an iOS app, an Android app or both.
public enum ProductScan {
    /// One platform's scan, done.
    private enum Part: Sendable {
        case ios(Result<Analysis?, WorkbenchError>)
        case android(Result<AndroidAnalysis?, WorkbenchError>)
    }

    /// The whole scan. When an app cannot be read or a fetch configuration is refused, the other
    /// platform's scan is cancelled (it fetches nothing more for a run that will fail) and the
    /// error is thrown: iOS's before Android's when both failed on their own, never the
    /// cancellation the failure caused. `invalidArgument` when the request names no app. A host
    /// that does not answer is a fact in the analysis, not an error.
    public static func run(
        _ request: ProductScanRequest, clock: PipelineClock = .live(),
        progress: (@Sendable (ProductScanEvent) -> Void)? = nil
    )
        async throws(WorkbenchError) -> ProductAnalysis
    {
        let (ios, android) = await withTaskGroup(of: Part.self) { group in
            group.addTask { .ios(await scanIOS(request.ios, clock: clock, progress: progress)) }
            group.addTask { .android(await scanAndroid(request.android, progress: progress)) }
            var ios: Result<Analysis?, WorkbenchError> = .success(nil)
            var android: Result<AndroidAnalysis?, WorkbenchError> = .success(nil)
            for await part in group {
                switch part {
                case .ios(let result): ios = result
                case .android(let result): android = result
                }
                if case .failure = ios { group.cancelAll() }
                if case .failure = android { group.cancelAll() }
            }
            return (ios, android)
        }
        for error in [ios.failure, android.failure].compactMap({ $0 }) where error != .cancelled { throw error }
        let iosAnalysis = try ios.get()
        let androidAnalysis = try android.get()
        guard let product = ProductAnalysis(ios: iosAnalysis, android: androidAnalysis, entries: request.entries)
        else {
            throw .invalidArgument("", reason: "a scan needs an iOS app, an Android app or both")
        }
        return product
    }

    private static func scanIOS(
        _ request: ScanRequest?, clock: PipelineClock,
        progress: (@Sendable (ProductScanEvent) -> Void)?
    )
        async -> Result<Analysis?, WorkbenchError>
    {
        guard let request else { return .success(nil) }
        do throws(WorkbenchError) {
            return .success(
                try await ScanPipeline(request: request, clock: clock).run { event in
                    guard let progress, let shown = ProductScanEvent(ios: event) else { return }
                    progress(shown)
                })
        } catch {
            return .failure(error)
        }
    }

    private static func scanAndroid(
        _ request: AndroidScanRequest?,
        progress: (@Sendable (ProductScanEvent) -> Void)?
    )
        async -> Result<AndroidAnalysis?, WorkbenchError>
    {
        guard let request else { return .success(nil) }
        do throws(WorkbenchError) {
            return .success(try await AndroidScan.run(request, progress: progress))
        } catch {
            return .failure(error)
        }
    }
}

extension ProductScanEvent {
    /// The iOS pipeline's event as a product scan's, nil for those that carry no progress
    /// (the app read, the findings, a stage's end, the result).
    init?(ios event: PipelineEvent) {
        switch event {
        case .stageStarted(let stage): self = .stageStarted(.ios, stage: stage)
        case .hostsPlanned(let hosts): self = .hostsPlanned(.ios, count: hosts.count)
        case .hostDone(let report): self = .hostDone(.ios, host: report.host)
        case .urlDecided: self = .urlDecided(.ios)
        case .inspected, .findingsDerived, .stageFinished, .finished, .failed: return nil
        }
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
