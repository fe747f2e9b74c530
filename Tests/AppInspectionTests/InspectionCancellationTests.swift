import Foundation
import TestSupport
import Testing

@testable import AppInspection

/// Cancellation and progress of one inspection: every check the inspector makes can stop it,
/// and progress only moves forward, to the planned total.
@Suite struct InspectionCancellationTests {
    /// Counts the inspector's checks; answers false from call number `stopAfter + 1` on.
    final class Checks: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        private var bytes: UInt64 = 0
        let stopAfter: Int?
        /// Stop once progress has passed this many bytes (nil: never for this reason).
        let stopAtBytes: UInt64?
        private(set) var progress: [InspectionProgress] = []

        init(stopAfter: Int? = nil, stopAtBytes: UInt64? = nil) {
            self.stopAfter = stopAfter
            self.stopAtBytes = stopAtBytes
        }

        var count: Int { lock.withLock { calls } }
        var reported: [InspectionProgress] { lock.withLock { progress } }

        func shouldContinue() -> Bool {
            lock.withLock {
                calls += 1
                if let stopAfter, calls > stopAfter { return false }
                if let stopAtBytes, bytes >= stopAtBytes { return false }
                return true
            }
        }

        func record(_ value: InspectionProgress) {
            lock.withLock {
                progress.append(value)
                bytes = value.bytesDone
            }
        }

        func inspector() -> AppInspector {
            AppInspector(progress: { self.record($0) }, shouldContinue: { self.shouldContinue() })
        }
    }

    static let inputs = ["app/LinkLab.ipa", "app/LinkLab.app", "macho/arm64-dev-signed.bin"]

    @Test(arguments: inputs)
    func everyCheckCanStopTheInspection(input: String) throws {
        let url = Fixtures.url(input)
        let complete = Checks()
        _ = try complete.inspector().inspect(at: url)
        #expect(complete.count >= 3)
        for stopAfter in 0..<complete.count {
            let checks = Checks(stopAfter: stopAfter)
            #expect(throws: InspectionError.cancelled) {
                try checks.inspector().inspect(at: url)
            }
            // Stopped at the first "no": nothing asked after it.
            #expect(checks.count == stopAfter + 1)
        }
    }

    @Test(arguments: inputs)
    func progressOnlyMovesForwardAndEndsAtThePlannedTotal(input: String) throws {
        let checks = Checks()
        let snapshot = try checks.inspector().inspect(at: Fixtures.url(input))
        let values = checks.reported
        let last = try #require(values.last)
        #expect(values.first?.bytesDone == 0)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.bytesDone < $1.bytesDone })
        #expect(Set(values.map(\.bytesTotal)) == [last.bytesTotal])
        #expect(last.bytesDone == last.bytesTotal)
        switch snapshot.source.kind {
        case .ipa:
            // The whole archive hashed, then the main executable inflated.
            let executable = try #require(snapshot.mainBundle?.executable)
            #expect(last.bytesTotal > snapshot.source.size)
            #expect(values.contains { $0.file.hasSuffix("/" + executable) })
        case .app, .macho:
            // The executable (or the Mach-O) hashed, then read.
            #expect(last.bytesTotal == 2 * snapshot.source.size)
        }
    }

    /// A stored executable of several chunks: progress moves inside the read loop, and a stop
    /// asked mid-way there ends the inspection before the rest is read.
    @Test func aStopInsideTheExecutableReadLoopEndsTheInspection() throws {
        let ipa = try Self.multiChunkIPA()
        let complete = Checks()
        _ = try complete.inspector().inspect(data: ipa, name: "Big.ipa")
        let total = try #require(complete.reported.last?.bytesTotal)
        let size = UInt64(ipa.count)
        let inExecutable = complete.reported.filter { $0.bytesDone > size && $0.bytesDone < total }
        #expect(inExecutable.count >= 2)

        let stopAt = size + (total - size) / 3
        let checks = Checks(stopAtBytes: stopAt)
        #expect(throws: InspectionError.cancelled) {
            try checks.inspector().inspect(data: ipa, name: "Big.ipa")
        }
        let reached = try #require(checks.reported.last?.bytesDone)
        #expect(reached >= stopAt && reached < total)
    }

    @Test func cancelledSaysSo() {
        #expect(InspectionError.cancelled.description == "the inspection was cancelled before it finished")
    }

    /// `Payload/Big.app` whose executable (a real Mach-O, padded) spans four 1 MiB chunks, stored.
    static func multiChunkIPA() throws -> Data {
        var executable = try Fixtures.data("macho/arm64-dev-signed.bin")
        executable.append(Data(count: (4 << 20) - executable.count + 12_345))
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.example.big", "CFBundleExecutable": "Big"],
            format: .xml, options: 0)
        var zip = ZIPBuilder()
        zip.add("Payload/Big.app/Info.plist", plist)
        zip.add("Payload/Big.app/Big", executable)
        return zip.build()
    }
}
