import AppInspection
import Foundation

// Time-to-entitlements of `AppInspector` on a large IPA (main executable ≥ 100 MB) next to
// `unzip -p` of the same executable, and peak RSS. Release build:
//   swift build -c release --product InspectBenchmark && .build/release/InspectBenchmark
// The IPA is generated once by make-large-ipa.py and cached under .build/inspect-benchmark/
// (set INSPECT_BENCH_IPA to use another IPA, INSPECT_BENCH_ENTRY for its executable entry).

func peakRSSKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
    }
    return -1
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func run(_ executable: String, _ arguments: [String], stdout: FileHandle? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let stdout { process.standardOutput = stdout }
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let environment = ProcessInfo.processInfo.environment
let ipa =
    environment["INSPECT_BENCH_IPA"].map { URL(fileURLWithPath: $0) }
    ?? root.appendingPathComponent(".build/inspect-benchmark/Large.ipa")
let entry = environment["INSPECT_BENCH_ENTRY"] ?? "Payload/Big.app/Big"

if !FileManager.default.fileExists(atPath: ipa.path) {
    print("generating \(ipa.path) (once; needs python3 with PyPI ipasign)…")
    let script = root.appendingPathComponent("Benchmarks/InspectBenchmark/make-large-ipa.py").path
    guard try run("/usr/bin/env", ["python3", script, ipa.path]) == 0 else {
        print("could not generate the benchmark IPA")
        exit(1)
    }
}

let rounds = Int(environment["INSPECT_BENCH_ROUNDS"] ?? "3") ?? 3
var inspectTimes: [Double] = []
var snapshot: AppSnapshot?
for _ in 0..<rounds {
    inspectTimes.append(try seconds { snapshot = try AppInspector.inspect(at: ipa) })
}
let peak = peakRSSKilobytes()
guard let app = snapshot?.mainBundle, app.entitlementsSource != .none else {
    print("the benchmark IPA yielded no signed entitlements")
    exit(1)
}

// The same inspection with progress and cancellation hooks (what the workbench passes): the
// checks must cost nothing measurable.
var hookedTimes: [Double] = []
var progressCalls = 0
for _ in 0..<rounds {
    let calls = Counter()
    let inspector = AppInspector(progress: { _ in calls.add() }, shouldContinue: { true })
    hookedTimes.append(try seconds { _ = try inspector.inspect(at: ipa) })
    progressCalls = calls.value
}

// Cancellation: stop asked once half the planned bytes are done; how long until it gives up.
let stop = StopRequest()
let stopping = AppInspector(
    progress: { if $0.bytesDone * 2 >= $0.bytesTotal { stop.ask(at: $0) } },
    shouldContinue: { !stop.isAsked })
var stoppedWith = "finished"
let stopEnd: UInt64
do {
    _ = try stopping.inspect(at: ipa)
    stopEnd = DispatchTime.now().uptimeNanoseconds
} catch {
    stopEnd = DispatchTime.now().uptimeNanoseconds
    stoppedWith = error.description
}

guard let devNull = FileHandle(forWritingAtPath: "/dev/null") else { exit(1) }
var unzipTimes: [Double] = []
for _ in 0..<rounds {
    unzipTimes.append(try seconds { _ = try run("/usr/bin/unzip", ["-p", ipa.path, entry], stdout: devNull) })
}

// How the archive layer should read: FileHandle reads at offsets (what it does) vs mmap.
var checksum: UInt64 = 0
let fileHandleTime = try seconds {
    let handle = try FileHandle(forReadingFrom: ipa)
    defer { try? handle.close() }
    while let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty {
        checksum &+= UInt64(chunk[chunk.startIndex]) &+ UInt64(chunk.count)
    }
}
let mmapTime = try seconds {
    let mapped = try Data(contentsOf: ipa, options: .alwaysMapped)
    var offset = mapped.startIndex
    while offset < mapped.endIndex {
        let end = min(mapped.endIndex, offset + (4 << 20))
        checksum &+= UInt64(mapped[offset]) &+ UInt64(Data(mapped[offset..<end]).count)
        offset = end
    }
}

let size = (try? FileManager.default.attributesOfItem(atPath: ipa.path)[.size] as? NSNumber)?.intValue ?? 0
let best = inspectTimes.min() ?? 0
let baseline = unzipTimes.min() ?? 0
let ratio = baseline > 0 ? best / baseline : 0
func format(_ value: Double) -> String { String(format: "%.3f", value) }
print("input: \(ipa.lastPathComponent), \(size) bytes (executable entry \(entry))")
print("inspect (time to entitlements, incl. sha256 of the IPA): best \(format(best)) s of \(inspectTimes.map(format))")
print("unzip -p \(entry) > /dev/null:                       best \(format(baseline)) s of \(unzipTimes.map(format))")
print("ratio inspect/unzip: \(String(format: "%.2f", ratio))x (target <= 1.25x) \(ratio <= 1.25 ? "OK" : "OVER")")
print("peak RSS (VmHWM): \(peak / 1024) MB (target <= 150 MB) \(peak / 1024 <= 150 ? "OK" : "OVER")")
print(
    """
    read the whole IPA in 4 MiB chunks: FileHandle \(format(fileHandleTime)) s, mmap \(format(mmapTime)) s \
    (checksum \(checksum % 1000))
    """)
print(
    "inspect with progress and cancellation hooks: best \(format(hookedTimes.min() ?? 0)) s "
        + "of \(hookedTimes.map(format)) (\(progressCalls) progress values)")
if let asked = stop.asked {
    let latency = Double(stopEnd - asked.nanoseconds) / 1e6
    let share = 100 * Double(asked.progress.bytesDone) / Double(max(asked.progress.bytesTotal, 1))
    let file = asked.progress.file.split(separator: "/").last ?? ""
    print(
        "cancel asked at \(String(format: "%.0f", share))% (\(file)): "
            + "stopped \(String(format: "%.1f", latency)) ms later (\(stoppedWith))")
}
print("entitlements: \(app.entitlementsSource.rawValue), application-identifier \(app.applicationIdentifier ?? "none")")

/// Counts progress values (the hooked rounds).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// When (and at what progress) the benchmark asked the inspector to stop.
final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var request: (nanoseconds: UInt64, progress: InspectionProgress)?
    func ask(at progress: InspectionProgress) {
        lock.withLock { if request == nil { request = (DispatchTime.now().uptimeNanoseconds, progress) } }
    }
    var isAsked: Bool { lock.withLock { request != nil } }
    var asked: (nanoseconds: UInt64, progress: InspectionProgress)? { lock.withLock { request } }
}
