import Foundation

/// How far one inspection is, in bytes processed of the bytes it planned to process.
///
/// The plan counts the two long stages: hashing the input (SHA-256 of the whole `.ipa` or
/// Mach-O file; of the main executable for a folder), then reading the main executable (inflated
/// from the archive, or read from disk). Other bundles' executables, plists and profiles are not
/// counted (they are checked for cancellation all the same). So `bytesTotal` is the input size
/// plus the main executable's size for an IPA, and twice the file's size for a bare Mach-O.
/// `bytesDone` never decreases and ends at `bytesTotal` when the inspection succeeds.
public struct InspectionProgress: Sendable, Equatable {
    /// Bytes hashed and read so far (of the counted stages).
    public var bytesDone: UInt64
    /// Bytes the counted stages will process (0 when there is nothing to count).
    public var bytesTotal: UInt64
    /// What is being read now: the input's path while hashing, else the file's path in the bundle.
    public var file: String

    /// A progress value.
    public init(bytesDone: UInt64, bytesTotal: UInt64, file: String) {
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.file = file
    }
}

/// Counts one inspection's work against its plan, reports progress and asks the caller, at
/// every chunk (at most 1–4 MiB of input apart) and between files, whether to go on.
///
/// One inspection runs on one thread; the lock only makes sharing the meter honestly safe.
final class InspectionMeter: @unchecked Sendable {
    private let lock = NSLock()
    private let shouldContinue: (@Sendable () -> Bool)?
    private let report: (@Sendable (InspectionProgress) -> Void)?
    /// Bytes of the counted stages already finished.
    private var base: UInt64 = 0
    private var total: UInt64 = 0
    private var reported: UInt64?

    init(shouldContinue: (@Sendable () -> Bool)?, report: (@Sendable (InspectionProgress) -> Void)?) {
        self.shouldContinue = shouldContinue
        self.report = report
    }

    /// Throws `.cancelled` when the caller asked to stop.
    func check() throws(InspectionError) {
        if let shouldContinue, !shouldContinue() { throw .cancelled }
    }

    /// Sets the bytes the counted stages will process and reports the start.
    func plan(total: UInt64, file: String) {
        lock.withLock { self.total = total }
        emit(0, file: file)
    }

    /// Runs one stage: `body` calls its hook with the bytes done so far in this stage (each call
    /// checks for cancellation). A stage with a `counted` size moves the progress, by at most that
    /// size; once it ends, progress stands at the end of the stage whatever the file held.
    func stage<T>(
        _ file: String, counted size: UInt64?,
        _ body: (_ advance: (UInt64) throws(InspectionError) -> Void) throws(InspectionError) -> T
    ) throws(InspectionError) -> T {
        try check()
        let start = lock.withLock { base }
        let result = try body { (done) throws(InspectionError) in
            try self.check()
            if let size { self.emit(start + min(done, size), file: file) }
        }
        if let size {
            let end = lock.withLock { () -> UInt64 in
                base = start + size
                return base
            }
            emit(end, file: file)
        }
        return result
    }

    /// Reports `done` (clamped to the plan) when it moved forward: progress never goes back.
    private func emit(_ done: UInt64, file: String) {
        guard let report else { return }
        let value = lock.withLock { () -> InspectionProgress? in
            let clamped = min(done, total)
            if let reported, clamped <= reported { return nil }
            reported = clamped
            return InspectionProgress(bytesDone: clamped, bytesTotal: total, file: file)
        }
        if let value { report(value) }
    }
}
