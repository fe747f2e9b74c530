import CZlib
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// Opening a large app: the phase counts bytes while the inspection runs, and cancelling (or
/// opening something else) stops the detached inspection itself, not only the document's wait.
@MainActor @Suite struct WorkbenchDocumentInspectionTests {
    /// Holds the inspecting thread at a check until the test opens it (a safety timeout of two
    /// minutes keeps a broken build from hanging the suite; the test then fails).
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false
        private var checksAfterOpening = 0

        func wait() {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(120)
            while !isOpen, condition.wait(until: deadline) {}
        }

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }

        /// Counts a check made after `open()`.
        func passed() {
            condition.lock()
            if isOpen { checksAfterOpening += 1 }
            condition.unlock()
        }

        var checksAfterOpen: Int {
            condition.lock()
            defer { condition.unlock() }
            return checksAfterOpening
        }
    }

    typealias Ending = (path: String, result: Result<AppSnapshot, InspectionError>)

    /// Hooks that hold checks of `path` at the gate once `bytesDone` reaches `holdAt`, report
    /// how each inspection ended, and count every throttle tick as a second (so every step of
    /// at least 1% reaches the phase, whatever the machine's speed).
    static func hooks(
        holding path: String, at holdAt: UInt64, gate: Gate, endings: AsyncStream<Ending>.Continuation
    ) -> WorkbenchDocument.InspectionHooks {
        let ticks = Ticks()
        return WorkbenchDocument.InspectionHooks(
            willCheck: { checked, bytesDone in
                guard checked == path, bytesDone >= holdAt else { return }
                gate.wait()
                gate.passed()
            },
            didEnd: { endings.yield(($0, $1)) },
            clock: { ticks.next() })
    }

    final class Ticks: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = ContinuousClock.now
        func next() -> ContinuousClock.Instant {
            lock.withLock {
                instant = instant.advanced(by: .seconds(1))
                return instant
            }
        }
    }

    @Test func cancelDuringALargeOpenStopsTheInspectionMidWay() async throws {
        let large = try LargeIPA(megabytes: 64)
        defer { large.remove() }
        let gate = Gate()
        let (endings, ended) = AsyncStream.makeStream(of: Ending.self)
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings())
        // Held a quarter of the way into the executable: inside the stored-entry read loop.
        let holdAt = large.fileSize + large.executableSize / 4
        document.inspectionHooks = Self.hooks(holding: large.url.path, at: holdAt, gate: gate, endings: ended)
        let changes = document.changes()
        document.openApp(at: large.url)

        var seen: (done: Int64, total: Int64)?
        for await change in changes {
            guard case .phase(let phase) = change else { continue }
            if case .inspecting(let done, let total?) = phase, done > 0, done < total {
                seen = (done, total)
                break
            }
            if phase != .idle, phase.name != "inspecting" { break }  // it ended without showing progress
        }
        let progress = try #require(seen)
        #expect(progress.total == Int64(large.fileSize + large.executableSize))
        document.cancel()
        gate.open()

        var iterator = endings.makeAsyncIterator()
        let ending = try #require(await iterator.next())
        #expect(ending.path == large.url.path)
        guard case .failure(let error) = ending.result else {
            Issue.record("the inspection ran to the end after cancel()")
            return
        }
        #expect(error == .cancelled)
        #expect(gate.checksAfterOpen == 1)
        #expect(document.phase == .failed("cancelled"))
        #expect(document.app == nil)
    }

    @Test func openingAnotherAppStopsTheFirstInspection() async throws {
        let large = try LargeIPA(megabytes: 64)
        defer { large.remove() }
        let gate = Gate()
        let (endings, ended) = AsyncStream.makeStream(of: Ending.self)
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        // Held at its very first check, so it cannot finish before the second open.
        document.inspectionHooks = Self.hooks(holding: large.url.path, at: 0, gate: gate, endings: ended)
        document.openApp(at: large.url)
        document.openApp(at: SampleScan.ipa)
        gate.open()

        var endingsByPath: [String: Result<AppSnapshot, InspectionError>] = [:]
        for await ending in endings {
            endingsByPath[ending.path] = ending.result
            if endingsByPath.count == 2 { break }
        }
        guard case .failure(let error) = endingsByPath[large.url.path] else {
            Issue.record("the first inspection was not stopped")
            return
        }
        #expect(error == .cancelled)
        await document.settled()
        #expect(document.phase == .ready)
        #expect(document.source?.name == SampleScan.ipa.lastPathComponent)
        #expect(document.app?.mainBundle?.bundleIdentifier == "com.example.app")
    }

    @Test func progressOfAnOlderOpenOrAfterTheInspectionIsIgnored() async throws {
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings())
        let gate = Gate()
        let (_, ended) = AsyncStream.makeStream(of: Ending.self)
        document.inspectionHooks = Self.hooks(holding: SampleScan.ipa.path, at: 0, gate: gate, endings: ended)
        document.openApp(at: SampleScan.ipa)
        let generation = document.documentGeneration
        let value = InspectionProgress(bytesDone: 10, bytesTotal: 100, file: "x")
        document.landInspectionProgress(value, generation: generation - 1)
        #expect(document.phase == .inspecting(bytesDone: 0, bytesTotal: nil))
        document.landInspectionProgress(value, generation: generation)
        #expect(document.phase == .inspecting(bytesDone: 10, bytesTotal: 100))
        // Out of order (an earlier value hopping late): the phase never goes back.
        let earlier = InspectionProgress(bytesDone: 5, bytesTotal: 100, file: "x")
        document.landInspectionProgress(earlier, generation: generation)
        #expect(document.phase == .inspecting(bytesDone: 10, bytesTotal: 100))
        document.cancel()
        gate.open()
        let late = InspectionProgress(bytesDone: 50, bytesTotal: 100, file: "x")
        document.landInspectionProgress(late, generation: generation)
        #expect(document.phase == .failed("cancelled"))
    }

    @Test func theThrottleLetsThroughTheStartNewTotalsTheEndAndSpacedSteps() {
        let start = ContinuousClock.now
        func admitted(_ steps: [(done: UInt64, total: UInt64, after: Duration)]) -> [Bool] {
            var throttle = ProgressThrottle()
            return steps.map { step in
                throttle.admit(
                    InspectionProgress(bytesDone: step.done, bytesTotal: step.total, file: "f"),
                    at: start + step.after)
            }
        }
        let small = admitted([
            (0, 1_000, .zero),  // the start
            (10, 1_000, .milliseconds(10)),  // 1% further but too soon after the last shown
            (20, 1_000, .milliseconds(60)),  // 1% further, 50 ms on
            (500, 1_000, .milliseconds(70)),  // too soon
            (505, 1_000, .seconds(5)),
            (510, 1_000, .seconds(10)),  // less than 1% further: dropped however late
            (1_000, 1_000, .milliseconds(10_001)),  // the end always shows
            (0, 2_000, .milliseconds(10_002)),  // so does a new total
        ])
        #expect(small == [true, false, true, false, true, false, true, true])
        // Steps of a huge total are at most 64 MiB apart (not 1 GiB).
        let huge = admitted([(0, 100 << 30, .zero), (64 << 20, 100 << 30, .seconds(1))])
        #expect(huge == [true, true])
    }
}

/// An IPA of `megabytes` MiB written at test time: `Payload/Large.app` with an Info.plist and a
/// stored executable made of a real arm64 Mach-O repeated (real machine code and strings).
struct LargeIPA {
    let url: URL
    let fileSize: UInt64
    let executableSize: UInt64

    init(megabytes: Int) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("linklab-large-ipa-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("Large.ipa")
        let unit = try Fixtures.data("macho/arm64-dev-signed.bin")
        var executable = Data(capacity: megabytes << 20)
        while executable.count < megabytes << 20 { executable.append(unit) }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: [
                "CFBundleIdentifier": "com.example.large", "CFBundleExecutable": "Large",
                "CFBundleShortVersionString": "1.0",
            ],
            format: .xml, options: 0)
        var writer = StoredZIPWriter()
        writer.add("Payload/Large.app/Info.plist", plist)
        writer.add("Payload/Large.app/Large", executable)
        try writer.finish().write(to: url)
        executableSize = UInt64(executable.count)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        fileSize = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
    }

    func remove() {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}

/// A ZIP of stored entries (CRC-32 by zlib, so 64 MiB take milliseconds even in a debug build).
struct StoredZIPWriter {
    private var out = Data()
    private var central = Data()
    private var count: UInt16 = 0

    mutating func add(_ name: String, _ data: Data) {
        let crc = data.withUnsafeBytes { raw in
            UInt32(truncatingIfNeeded: crc32(0, raw.bindMemory(to: UInt8.self).baseAddress, uInt(raw.count)))
        }
        let offset = UInt32(out.count)
        let nameBytes = Array(name.utf8)
        out.appendHeader(0x0403_4B50, 20, 0, 0, 0, 0)
        out.appendLE32(crc, UInt32(data.count), UInt32(data.count))
        out.appendLE(UInt16(nameBytes.count), 0)
        out.append(contentsOf: nameBytes)
        out.append(data)
        central.appendHeader(0x0201_4B50, 0x0314, 20, 0, 0, 0, 0)
        central.appendLE32(crc, UInt32(data.count), UInt32(data.count))
        central.appendLE(UInt16(nameBytes.count), 0, 0, 0, 0)
        central.appendLE32(0o100755 << 16, offset)
        central.append(contentsOf: nameBytes)
        count += 1
    }

    func finish() -> Data {
        var result = out
        let directoryOffset = UInt32(result.count)
        result.append(central)
        result.appendHeader(0x0605_4B50, 0, 0, count, count)
        result.appendLE32(UInt32(central.count), directoryOffset)
        result.appendLE(0)
        return result
    }
}

extension Data {
    /// Appends 16-bit little-endian values.
    fileprivate mutating func appendLE(_ values: UInt16...) {
        for value in values { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    }

    /// Appends a 32-bit signature, then 16-bit values (little-endian).
    fileprivate mutating func appendHeader(_ signature: UInt32, _ values: UInt16...) {
        appendLE32(signature)
        for value in values { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    }

    fileprivate mutating func appendLE32(_ values: UInt32...) {
        for value in values { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    }
}
