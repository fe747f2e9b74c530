import Darwin
import Foundation
import Testing
@testable import UniversalLinkLab

/// The IPA is never held in memory: a window opening a large IPA (made by
/// UITests/make-large-ipa.py; the workflow passes it as TEST_RUNNER_LINKLAB_LARGE_IPA) inspects
/// and hashes it while the process's peak resident size stays far below the file's size.
@MainActor
@Suite struct LargeIPAMemoryTests {
    nonisolated static var largeIPA: URL? {
        ProcessInfo.processInfo.environment["LINKLAB_LARGE_IPA"].map { URL(fileURLWithPath: $0) }
    }

    /// Peak resident set size of this process in bytes (macOS reports `ru_maxrss` in bytes).
    nonisolated static func peakResidentBytes() -> Int64 {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return -1 }
        return Int64(usage.ru_maxrss)
    }

    @Test(.enabled(if: largeIPA != nil, "set LINKLAB_LARGE_IPA (the workflow does)"))
    func openingALargeIPANeverHoldsItWhole() async throws {
        let url = try #require(Self.largeIPA)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber).int64Value
        #expect(size >= 1 << 30, "the fixture should be at least 1 GiB")
        let before = Self.peakResidentBytes()
        let model = WindowModel(settings: AppSettings().workbenchSettings, kind: .appArchive)
        model.openApp(at: url)
        await model.document.settled()
        let after = Self.peakResidentBytes()
        print("large IPA: \(size) bytes; peak RSS before \(before), after \(after), growth \(after - before)")
        #expect(model.document.source?.size == size)
        #expect(after - before < 300 * 1024 * 1024, "peak RSS grew by \(after - before) bytes for a \(size)-byte IPA")
        model.close()
    }
}
