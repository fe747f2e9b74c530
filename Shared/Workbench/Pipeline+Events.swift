import Foundation

/// The stages of a scan, in the order they run.
public enum PipelineStage: String, Sendable, Codable, CaseIterable, Comparable {
    /// Reading the app (entitlements, bundles, link evidence).
    case inspect
    /// Fetching (or reading the supplied) association files of every entitled host.
    case fetch
    /// Deciding the tester's URLs.
    case match
    /// Deriving findings from all the facts.
    case findings

    public static func < (lhs: PipelineStage, rhs: PipelineStage) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// How long one stage took (milliseconds, from the pipeline's clock).
public struct StageTiming: Sendable, Equatable, Codable {
    /// The stage.
    public var stage: PipelineStage
    /// Milliseconds it took.
    public var milliseconds: Int

    /// A timing.
    public init(stage: PipelineStage, milliseconds: Int) {
        self.stage = stage
        self.milliseconds = milliseconds
    }
}

/// What the pipeline reports while it runs, in order: each stage starts, yields its partial
/// results, and finishes; the last event is `finished` or `failed`.
public enum PipelineEvent: Sendable, Equatable {
    /// A stage began.
    case stageStarted(PipelineStage)
    /// The app was read.
    case inspected(AppSnapshot)
    /// The hosts to fetch are known (before any is fetched).
    case hostsPlanned([ScanHost])
    /// One host is done (fetched, read from a supplied file, or marked not fetched).
    case hostDone(DomainReport)
    /// One tester URL is decided.
    case urlDecided(URLTest)
    /// The findings are known.
    case findingsDerived([Finding])
    /// A stage ended.
    case stageFinished(StageTiming)
    /// The whole analysis (always the last event of a successful run).
    case finished(Analysis)
    /// The scan stopped (always the last event of a failed run).
    case failed(WorkbenchError)
}
