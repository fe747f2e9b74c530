import Foundation

// Inspection of an opened app: off the main actor, cancellable, with throttled progress.
extension WorkbenchDocument {
    /// Test hooks into the detached inspection (empty in production).
    struct InspectionHooks: Sendable {
        /// Called at every cancellation check, before the task's cancellation is read, with the
        /// input's path and the bytes done so far. Tests block here to hold an inspection mid-way.
        var willCheck: (@Sendable (_ path: String, _ bytesDone: UInt64) -> Void)?
        /// Called once, on the inspecting thread, with how the inspector ended.
        var didEnd: (@Sendable (_ path: String, _ result: Result<AppSnapshot, InspectionError>) -> Void)?
        /// The clock the progress throttle reads.
        var clock: @Sendable () -> ContinuousClock.Instant = { .now }
    }

    /// Inspects `url` in a detached task (the inspector is synchronous and may read a large
    /// file) that is cancelled with the calling task: the inspector asks at every chunk and
    /// stops with `InspectionError.cancelled`, so a cancelled 1 GB open frees its core and memory.
    /// `progress` gets every value the inspector reports, on the inspecting thread.
    nonisolated static func inspect(
        _ url: URL, hooks: InspectionHooks = .init(),
        progress: (@Sendable (InspectionProgress) -> Void)? = nil
    ) async -> Result<AppSnapshot, InspectionFailure> {
        let task = Task.detached(priority: .userInitiated) { () -> Result<AppSnapshot, InspectionError> in
            let latest = Locked<UInt64>(0)
            var inspector = AppInspector()
            inspector.progress = { value in
                latest.withValue { $0 = value.bytesDone }
                progress?(value)
            }
            inspector.shouldContinue = {
                hooks.willCheck?(url.path, latest.withValue { $0 })
                return !Task.isCancelled
            }
            let result: Result<AppSnapshot, InspectionError>
            do throws(InspectionError) {
                result = .success(try inspector.inspect(at: url))
            } catch {
                result = .failure(error)
            }
            hooks.didEnd?(url.path, result)
            return result
        }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        switch result {
        case .success(let snapshot):
            return .success(snapshot)
        case .failure(.cancelled):
            return .failure(InspectionFailure("cancelled"))
        case .failure(let error):
            return .failure(InspectionFailure(error.description))
        }
    }

    /// A progress callback for the inspection of generation `generation`: throttled on the
    /// inspecting thread, then hopped to the main actor.
    func inspectionProgress(
        generation: Int, clock: @escaping @Sendable () -> ContinuousClock.Instant
    ) -> @Sendable (InspectionProgress) -> Void {
        let throttle = Locked(ProgressThrottle())
        return { [weak self] value in
            guard throttle.withValue({ $0.admit(value, at: clock()) }) else { return }
            Task { @MainActor [weak self] in
                self?.landInspectionProgress(value, generation: generation)
            }
        }
    }

    /// Moves `.inspecting` forward; drops a value of an older open (cancelled, replaced) and one
    /// that arrives after the phase moved on or out of order.
    func landInspectionProgress(_ value: InspectionProgress, generation: Int) {
        guard generation == documentGeneration, case .inspecting(let done, _) = phase else { return }
        let next = Int64(clamping: value.bytesDone)
        guard next >= done else { return }
        let total = value.bytesTotal > 0 ? Int64(clamping: value.bytesTotal) : nil
        setPhase(.inspecting(bytesDone: next, bytesTotal: total))
    }
}

/// Which progress values reach the main actor: the first and every new total, the end, and
/// otherwise one at least 1% of the total (at most 64 MiB) further on and 50 ms after the last
/// one let through. A 1 GB inspection so moves the bar at most about 100 times, 20 a second.
struct ProgressThrottle: Sendable {
    static let minimumInterval: Duration = .milliseconds(50)
    static let maximumStep: UInt64 = 64 << 20

    private var last: (done: UInt64, total: UInt64, at: ContinuousClock.Instant)?

    /// True when `value`, reported at `now`, should be shown (and remembers it).
    mutating func admit(_ value: InspectionProgress, at now: ContinuousClock.Instant) -> Bool {
        guard let last, last.total == value.bytesTotal else {
            self.last = (value.bytesDone, value.bytesTotal, now)
            return true
        }
        guard value.bytesDone > last.done else { return false }
        let step = max(1, min(value.bytesTotal / 100, Self.maximumStep))
        let isEnd = value.bytesDone >= value.bytesTotal
        guard isEnd || (value.bytesDone - last.done >= step && now - last.at >= Self.minimumInterval) else {
            return false
        }
        self.last = (value.bytesDone, value.bytesTotal, now)
        return true
    }
}

/// A value the inspecting thread and the caller share, behind a lock (the progress throttle,
/// the bytes done for the test hook).
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withValue<Output>(_ body: (inout Value) -> Output) -> Output {
        lock.withLock { body(&value) }
    }
}
