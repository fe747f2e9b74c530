import Foundation
import TestSupport
import Testing

@testable import Workbench

/// A session records its app (path, SHA-256, bookmark), finds it again when moved, and works
/// without it; the session format only gains optional fields.
@MainActor @Suite struct AppLocationTests {
    static let hash = "ab12" + String(repeating: "0", count: 60)

    @Test func theRecordedFileWhereItWasIsFound() {
        let location = AppLocation.locate(
            recordedPath: "/a/App.ipa", recordedSHA256: Self.hash,
            candidates: [.init(path: "/a/App.ipa", sha256: Self.hash)])
        #expect(location == .found(path: "/a/App.ipa"))
        #expect(location.usablePath == "/a/App.ipa")
    }

    @Test func theBookmarksFileWithTheSameHashIsTheMovedApp() {
        let location = AppLocation.locate(
            recordedPath: "/a/App.ipa", recordedSHA256: Self.hash.uppercased(),
            candidates: [
                .init(path: "/b/Renamed.ipa", sha256: Self.hash),
                .init(path: "/a/App.ipa", sha256: nil),
            ])
        #expect(location == .moved(from: "/a/App.ipa", to: "/b/Renamed.ipa"))
        #expect(location.usablePath == "/b/Renamed.ipa")
        #expect(location.text.contains("moved"))
    }

    @Test func anotherBuildAtThePathIsNotTheApp() {
        let other = "cd34" + String(repeating: "1", count: 60)
        let location = AppLocation.locate(
            recordedPath: "/a/App.ipa", recordedSHA256: Self.hash,
            candidates: [.init(path: "/a/App.ipa", sha256: other)])
        #expect(location == .changed(path: "/a/App.ipa", sha256: other))
        #expect(location.usablePath == nil)
    }

    @Test func nothingOnDiskIsMissingAndSaysTheSessionKeepsItsFacts() {
        let location = AppLocation.locate(
            recordedPath: "/a/App.ipa", recordedSHA256: Self.hash,
            candidates: [.init(path: "/a/App.ipa", sha256: nil)])
        #expect(location == .missing(path: "/a/App.ipa"))
        #expect(location.text.contains("keeps everything"))
        #expect(AppLocation.locate(recordedPath: nil, recordedSHA256: Self.hash, candidates: []) == .missing(path: nil))
    }

    @Test func aRecordedLocationSurvivesSaveAndOpenAndTheMovedFileIsFound() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-location-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ipa = folder.appendingPathComponent("Sample.ipa")
        try FileManager.default.copyItem(at: SampleScan.ipa, to: ipa)

        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        document.openApp(at: ipa)
        await document.settled()
        let bookmark = Data("bookmark-bytes".utf8)
        document.recordAppLocation(path: ipa.path, bookmark: bookmark)
        let saved = try document.save()

        let reopened = WorkbenchDocument(now: { SampleScan.now })
        try reopened.openSession(saved)
        let source = try #require(reopened.source)
        #expect(source.path == ipa.path)
        // Opening the same file again finds this window (the Mac app brings it forward).
        #expect(reopened.holdsApp(at: URL(fileURLWithPath: folder.path + "/./Sample.ipa")))
        #expect(!reopened.holdsApp(at: folder.appendingPathComponent("Other.ipa")))
        #expect(!WorkbenchDocument().holdsApp(at: ipa))
        #expect(source.bookmark == bookmark)
        #expect(try reopened.save() == saved, "recording is part of the saved bytes, and stable")

        // Renamed in Finder: the bookmark resolves to the new name; the old path is gone.
        let renamed = folder.appendingPathComponent("Renamed.ipa")
        try FileManager.default.moveItem(at: ipa, to: renamed)
        let candidates = [renamed, ipa].map { url in
            AppLocation.Candidate(path: url.path, sha256: AppLocation.sha256(ofFileAt: url))
        }
        let location = AppLocation.locate(
            recordedPath: source.path, recordedSHA256: source.sha256,
            candidates: candidates)
        #expect(location == .moved(from: ipa.path, to: renamed.path))
        #expect(reopened.app == document.app, "the session works without the file")
    }

    @Test func sessionsWithoutARecordedLocationKeepTheirBytesAndKeys() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let saved = try document.save()
        let text = String(decoding: saved, as: UTF8.self)
        #expect(!text.contains("\"bookmark\""))
        let root = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        let source = try #require(root["source"] as? [String: Any])
        #expect(source["path"] == nil, "no path unless a face records one (web uploads show no spool path)")
        let reopened = WorkbenchDocument(now: { SampleScan.now })
        try reopened.openSession(saved)
        #expect(reopened.source?.path == nil && reopened.source?.bookmark == nil)
    }

    @Test func recordingTheSameLocationAgainChangesNothing() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        document.recordAppLocation(path: "/x/App.ipa", bookmark: nil)
        let revision = document.revision
        document.recordAppLocation(path: "/x/App.ipa", bookmark: nil)
        #expect(document.revision == revision)
        let empty = WorkbenchDocument()
        empty.recordAppLocation(path: "/x/App.ipa", bookmark: nil)
        #expect(empty.source == nil, "no app, nothing to record")
    }
}
