import Foundation
import TestSupport
import Testing

@testable import Workbench

/// `GET /api/documents/ID` (`jsonDocument()`) answers the whole document: both apps' parts with
/// two apps, the Android scan document with the APK alone, never the iOS half of two.
@MainActor @Suite struct DocumentJSONPlatformsTests {
    static let apk = SampleScan.root.appendingPathComponent("Samples/LinkLabSample.apk")

    func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func bothAppsAnswerTheTwoPlatformDocument() async throws {
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        document.openApp(at: SampleScan.ipa)
        await document.settled()
        #expect(try object(document.jsonDocument())["platform"] == nil, "an iOS document stays as it was")
        document.addAndroidApp(at: Self.apk)
        await document.settled()
        let both = try object(document.jsonDocument())
        #expect(both["platform"] as? String == "both")
        #expect(both["android"] != nil && both["crossPlatform"] != nil && both["phase"] as? String == "ready")
    }

    @Test func anAndroidAppAloneAnswersTheAndroidDocument() async throws {
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        document.addAndroidApp(at: Self.apk)
        await document.settled()
        let json = try object(document.jsonDocument())
        #expect((json["app"] as? [String: Any])?["packageName"] as? String == "com.example.app")
        #expect(json["platform"] as? String == "android" && json["phase"] as? String == "ready")
    }
}
