import AppKit
import Darwin
import Foundation
import Testing

@testable import UniversalLinkLab

/// The IPA is never held in memory: a large IPA (made by UITests/make-large-ipa.py; the
/// workflow passes it as TEST_RUNNER_LINKLAB_LARGE_IPA) opened the way Finder opens it —
/// through the shared document controller, the viewer document, the untitled session and its
/// window — is inspected and hashed while the process's peak resident size stays far below the
/// file's size.
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

    @Test(
        .enabled(
            if: largeIPA != nil,
            "LINKLAB_LARGE_IPA is not set (the macOS workflow sets it to an IPA made by UITests/make-large-ipa.py)"))
    func openingALargeIPAThroughTheDocumentControllerNeverHoldsItWhole() async throws {
        let url = try #require(Self.largeIPA)
        let size =
            try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber).int64Value
        #expect(size >= 1 << 30, "the fixture should be at least 1 GiB")
        let before = Self.peakResidentBytes()
        NSDocumentController.shared.openDocument(withContentsOf: url, display: true) { _, _, _ in }
        let model = try await DocumentOpening.window(for: url, timeout: 600)
        let after = Self.peakResidentBytes()
        print("large IPA: \(size) bytes; peak RSS before \(before), after \(after), growth \(after - before)")
        #expect(model.document.source?.size == size)
        #expect(after - before < 300 * 1024 * 1024, "peak RSS grew by \(after - before) bytes for a \(size)-byte IPA")
        DocumentOpening.closeAll()
    }
}

/// Waiting for what a real document open produced.
@MainActor
enum DocumentOpening {
    struct TimedOut: Error {}

    /// The window model that opened `url` (the untitled session started for it), once its
    /// document has settled (inspected and every host fetched, or failed).
    static func window(for url: URL, timeout: TimeInterval) async throws -> WindowModel {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let model = OpenWindows.models.first(where: { $0.document.source?.name == url.lastPathComponent }) {
                await model.document.settled()
                if model.isReady || model.document.phase.name == "failed" { return model }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw TimedOut()
    }

    /// Closes every document without saving (tests leave nothing behind).
    static func closeAll() {
        for document in NSDocumentController.shared.documents {
            document.updateChangeCount(.changeCleared)
            document.close()
        }
    }
}
