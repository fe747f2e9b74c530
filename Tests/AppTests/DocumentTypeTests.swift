import Foundation
import Testing
import UniformTypeIdentifiers
import Workbench

@testable import UniversalLinkLab

/// The app's document types, checked inside the app (the Info.plist declarations are checked
/// on Linux by MacAppProjectTests).
@MainActor
@Suite struct DocumentTypeTests {
    @Test func ipaIsTheImportedAppleTypeAndConformsToZip() {
        #expect(UTType.ipa.identifier == "com.apple.itunes.ipa")
        #expect(UTType.ipa.conforms(to: .zip))
        #expect(AppArchiveDocument.readableContentTypes.contains(.ipa))
        #expect(AppArchiveDocument.writableContentTypes.isEmpty)
    }

    @Test func androidAppsAreImportedZipTypesTheViewerOpens() {
        #expect(UTType.apk.identifier == "com.android.package-archive")
        for type in [UTType.apk, .xapk, .apks] {
            #expect(type.conforms(to: .zip))
            #expect(AppArchiveDocument.readableContentTypes.contains(type))
        }
        #expect(UTType.appFiles.count == 5, "an iOS archive, a zipped app and the three Android kinds")
    }

    @Test func theOneEditableDocumentIsTheSession() {
        #expect(SessionDocument.readableContentTypes == [.linkLabSession])
        #expect(SessionDocument.writableContentTypes == [.linkLabSession])
        #expect(
            SessionDocument(appURL: URL(fileURLWithPath: "/tmp/A.ipa")).data.isEmpty,
            "a session started for an app holds no bytes of it")
    }

    @Test func theUpdaterNeverStartsInATestHost() {
        let updater = AppUpdater()
        #expect(updater.availability != .start)
        #expect(updater.updater == nil)
        #expect(updater.canCheckForUpdates == false)
    }

    @Test func sessionIsOurExportedJSONTypeWithTheLinklabExtension() {
        #expect(UTType.linkLabSession.identifier == "org.universallinklab.session")
        #expect(UTType.linkLabSession.conforms(to: .json))
        #expect(UTType.linkLabSession.preferredFilenameExtension == "linklab")
    }

    @Test func testOverridesReadOfflineAndSuppliedFiles() {
        let overrides = AppSettings.testOverrides([
            "LINKLAB_OFFLINE": "1", "LINKLAB_AASA": "example.com=/tmp/a.json;shop.example.com=/tmp/b.json",
        ])
        #expect(overrides.offline)
        #expect(overrides.supplied == ["example.com": "/tmp/a.json", "shop.example.com": "/tmp/b.json"])
        #expect(AppSettings.testOverrides([:]).offline == false)
        #expect(
            AppSettings.testAssetLinks(["LINKLAB_ASSETLINKS": "example.com=/tmp/c.json;bad"])
                == ["example.com": "/tmp/c.json"])
        #expect(AppSettings.testAssetLinks([:]).isEmpty)
    }

    @Test func boundedFileRefusesFilesOverTheLimit() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-bounded-\(UUID()).json")
        try Data(count: 2048).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try BoundedFile.read(url, limit: 4096).count == 2048)
        #expect(throws: CocoaError.self) { try BoundedFile.read(url, limit: 1024) }
    }
}
