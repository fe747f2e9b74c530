import Foundation
import TestSupport
import Testing

@testable import AppInspection

/// What the Quick Look preview relies on: an inspection that does not hash the archive reads
/// only the entries it needs (never the whole file), and a zipped `.app` is an app.
@Suite struct PreviewReadingTests {
    final class Totals: @unchecked Sendable {
        private let lock = NSLock()
        private var last: InspectionProgress?
        func record(_ progress: InspectionProgress) { lock.withLock { last = progress } }
        var final: InspectionProgress? { lock.withLock { last } }
    }

    private func inspect(_ url: URL, hashing: Bool) throws -> (AppSnapshot, InspectionProgress?) {
        let totals = Totals()
        var inspector = AppInspector(progress: { totals.record($0) })
        inspector.hashesArchive = hashing
        return (try inspector.inspect(at: url), totals.final)
    }

    @Test func withoutTheArchiveHashOnlyTheExecutableIsCounted() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Samples/LinkLabSample.ipa")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)
            .uint64Value
        let (hashed, hashedProgress) = try inspect(url, hashing: true)
        let (quick, quickProgress) = try inspect(url, hashing: false)
        #expect(hashed.source.sha256.count == 64 && quick.source.sha256.isEmpty)
        let full = try #require(hashedProgress?.bytesTotal)
        let read = try #require(quickProgress?.bytesTotal)
        #expect(full == size + read, "the hash is the only whole-file read")
        #expect(quickProgress?.bytesDone == read)
        // Everything else is the same.
        var same = hashed
        same.source.sha256 = ""
        #expect(same == quick)
    }

    @Test func aZipWithTheAppAtItsTopIsAnAppAndPayloadStillWins() throws {
        var zip = ZIPBuilder()
        let plist =
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleIdentifier</key>"#
            + #"<string>com.example.top</string></dict></plist>"#
        zip.add("Top.app/Info.plist", Data(plist.utf8))
        let top = try AppInspector().inspect(data: zip.build(), name: "Top.app.zip")
        #expect(top.mainBundle?.bundleIdentifier == "com.example.top")
        #expect(top.mainBundle?.path == "Top.app")
        var both = ZIPBuilder()
        both.add("Top.app/Info.plist", Data())
        both.add("Payload/Inner.app/Info.plist", Data())
        #expect(try AppInspector().inspect(data: both.build(), name: "x.ipa").mainBundle?.path == "Payload/Inner.app")
        var none = ZIPBuilder()
        none.add("Folder/App.app/Info.plist", Data())
        #expect(throws: InspectionError.noAppBundle(path: "x.zip")) {
            try AppInspector().inspect(data: none.build(), name: "x.zip")
        }
    }
}
