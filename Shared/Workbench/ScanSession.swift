import Foundation

/// The state of a scan as a face shows it, built by folding pipeline events in order. A value
/// type with one `mutating` entry point, so tests feed events and check what a UI would show.
public struct ScanSession: Sendable, Equatable {
    /// Where the scan is.
    public enum Phase: Sendable, Equatable {
        /// No event yet.
        case idle
        /// Working on a stage.
        case running(PipelineStage)
        /// Done; `analysis` holds the result.
        case finished
        /// Stopped with an error.
        case failed(WorkbenchError)
    }

    /// Where the scan is.
    public private(set) var phase: Phase = .idle
    /// Stages finished so far, with their timings.
    public private(set) var timings: [StageTiming] = []
    /// The app, once read.
    public private(set) var snapshot: AppSnapshot?
    /// Hosts planned for fetching.
    public private(set) var plannedHosts: [ScanHost] = []
    /// Domain reports received so far, in arrival order.
    public private(set) var domains: [DomainReport] = []
    /// URL tests decided so far, in arrival order.
    public private(set) var urlTests: [URLTest] = []
    /// Findings, once derived.
    public private(set) var findings: [Finding] = []
    /// The final analysis.
    public private(set) var analysis: Analysis?
    /// Events that arrived out of order (a stage event before its stage started, anything
    /// after the end); a correct pipeline leaves this empty.
    public private(set) var outOfOrder: [String] = []

    /// An idle session.
    public init() {}

    /// Hosts done out of those planned (for a progress bar).
    public var hostProgress: (done: Int, total: Int) { (domains.count, plannedHosts.count) }

    /// True once the scan finished or failed.
    public var isOver: Bool {
        switch phase {
        case .finished, .failed: return true
        default: return false
        }
    }

    /// Folds one event into the state.
    public mutating func apply(_ event: PipelineEvent) {
        if isOver {
            outOfOrder.append("event after the end: \(Self.name(event))")
            return
        }
        switch event {
        case .stageStarted(let stage):
            if let last = timings.last?.stage, stage <= last { outOfOrder.append("\(stage.rawValue) started again") }
            if case .running(let current) = phase {
                outOfOrder.append("\(stage.rawValue) started while \(current.rawValue) runs")
            }
            phase = .running(stage)
        case .inspected(let value):
            expect(.inspect, event)
            snapshot = value
        case .hostsPlanned(let hosts):
            expect(.fetch, event)
            plannedHosts = hosts
        case .hostDone(let report):
            expect(.fetch, event)
            domains.append(report)
        case .urlDecided(let test):
            expect(.match, event)
            urlTests.append(test)
        case .findingsDerived(let values):
            expect(.findings, event)
            findings = values
        case .stageFinished(let timing):
            expect(timing.stage, event)
            timings.append(timing)
            phase = .idle
        case .finished(let value):
            analysis = value
            snapshot = value.snapshot
            domains = value.domains
            urlTests = value.urlTests
            findings = value.findings
            phase = .finished
        case .failed(let error):
            phase = .failed(error)
        }
    }

    private mutating func expect(_ stage: PipelineStage, _ event: PipelineEvent) {
        guard case .running(let current) = phase, current == stage else {
            outOfOrder.append("\(Self.name(event)) outside the \(stage.rawValue) stage")
            return
        }
    }

    private static func name(_ event: PipelineEvent) -> String {
        switch event {
        case .stageStarted(let stage): return "stageStarted(\(stage.rawValue))"
        case .inspected: return "inspected"
        case .hostsPlanned: return "hostsPlanned"
        case .hostDone(let report): return "hostDone(\(report.host))"
        case .urlDecided(let test): return "urlDecided(\(test.url))"
        case .findingsDerived: return "findingsDerived"
        case .stageFinished(let timing): return "stageFinished(\(timing.stage.rawValue))"
        case .finished: return "finished"
        case .failed: return "failed"
        }
    }
}
