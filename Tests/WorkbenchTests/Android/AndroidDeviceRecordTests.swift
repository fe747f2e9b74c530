import DeviceTools
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// What an Android device recorded (`pm get-app-links`, recorded outputs) as part of the
/// document and its session, as the iOS device state (`swcutil show`) is: kept for the app's
/// package only, shown against the current files, saved additively and reopened, bounded when
/// read from a hostile file.
@MainActor @Suite struct AndroidDeviceRecordTests {
    static func output() throws -> String { try AndroidDeviceStateTests.fixture("pm-get-app-links-users.txt") }

    @Test func theDocumentKeepsThePackagesRecordAndShowsItAgainstTheCurrentFiles() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: true)
        #expect(document.androidDeviceStateCard == nil, "nothing read yet")
        let revision = document.revision
        try document.importAndroidDeviceState(try Self.output())
        #expect(document.revision > revision)
        let record = try #require(document.android?.deviceRecord)
        #expect(record.package == "com.example.app" && record.state?.domains.count == 3)
        // The card is the one the raw output gives (the Mac app's card before it was kept).
        let card = try #require(document.androidDeviceStateCard)
        #expect(card == document.androidDeviceState(output: try Self.output()))
        #expect(card.rows.first { $0.host == "*.example.org" }?.disagrees == true)
        // A what-if that stops example.com verifying: the kept record is judged against it.
        try document.edit("[]", forHost: "example.com", on: .android)
        let edited = try #require(document.androidDeviceStateCard?.rows.first { $0.host == "example.com" })
        #expect(edited.workbenchVerifies == false && edited.disagrees)
    }

    @Test func anotherPackagesBlockIsNotKeptAndAnEmptyAnswerIsNoRecord() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        try document.importAndroidDeviceState(try AndroidDeviceStateTests.fixture("pm-get-app-links-doc.txt"))
        #expect(document.android?.deviceRecord == AndroidDeviceRecord(package: "com.example.app", state: nil))
        #expect(document.androidDeviceStateCard?.notes.first?.contains("no App Links record") == true)
        try document.importAndroidDeviceState("Failure [not installed for 0]\n")
        #expect(document.android?.deviceRecord?.state == nil)
        try document.importAndroidDeviceState("")
        #expect(document.android?.deviceRecord?.state == nil)
    }

    @Test func somethingElseOrNoAndroidAppIsAClearError() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        #expect(throws: WorkbenchDocumentError.self) {
            try document.importAndroidDeviceState("{\"not\": \"pm output\"}")
        }
        let huge = String(repeating: "x", count: DeviceTools.maximumInputBytes + 1)
        #expect(throws: WorkbenchDocumentError.self) { try document.importAndroidDeviceState(huge) }
        #expect(document.android?.deviceRecord == nil)
        let iosOnly = try await WorkbenchDocumentTests.openedSample()
        #expect(throws: WorkbenchDocumentError.self) { try iosOnly.importAndroidDeviceState(try Self.output()) }
    }

    @Test func outputBeyondWhatASessionKeepsIsRefusedSoEverySavedRecordReopens() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let users = (0...SessionLimits.maxAndroidDeviceUsers).map { "    User \($0):\n" }.joined()
        let output = "  com.example.app:\n    Domain verification state:\n      example.com: verified\n" + users
        #expect(AndroidAppLinksState.parse(output).first?.users.count == SessionLimits.maxAndroidDeviceUsers + 1)
        #expect(throws: WorkbenchDocumentError.self) { try document.importAndroidDeviceState(output) }
        #expect(document.android?.deviceRecord == nil)
        // One user fewer is kept, saved and read back.
        let fewer = output.replacingOccurrences(of: "    User 0:\n", with: "")
        try document.importAndroidDeviceState(fewer)
        #expect(
            try SessionFile.read(try document.save()).android?.deviceState?.state?.users.count
                == SessionLimits.maxAndroidDeviceUsers)
    }

    @Test func theRecordIsSavedAdditivelyAndReopensWithTheSameCard() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: true)
        let without = try document.save()
        #expect(!String(decoding: without, as: UTF8.self).contains("\"deviceState\""))
        try document.importAndroidDeviceState(try Self.output())
        let saved = try document.save()
        let file = try SessionFile.read(saved)
        #expect(file.schemaVersion == 2 && file.deviceState == nil, "the Android half holds it, not the iOS one")
        #expect(file.android?.deviceState?.state?.domains.map(\.state) == [.verified, .error(1024), .none])
        // States are stored as the device prints them.
        #expect(String(decoding: saved, as: UTF8.self).contains("\"state\" : \"1024\""))
        let reopened = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        try reopened.openSession(saved)
        #expect(reopened.android?.deviceRecord == document.android?.deviceRecord)
        #expect(reopened.androidDeviceStateCard == document.androidDeviceStateCard)
        #expect(reopened.findings.map(\.fingerprint) == document.findings.map(\.fingerprint))
        #expect(try reopened.save() == saved)
        // Another APK forgets the record (another build).
        reopened.addAndroidApp(at: SessionControllerAndroidTests.apk)
        await reopened.settled()
        #expect(reopened.android?.deviceRecord == nil)
    }

    @Test func theTwoPlatformJSONExportCarriesTheRecordInItsAndroidHalf() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: true)
        func androidHalf() throws -> [String: Any] {
            let json = try JSONSerialization.jsonObject(with: try document.export(.json))
            let root = try #require(json as? [String: Any])
            return try #require(root["android"] as? [String: Any])
        }
        #expect(try androidHalf()["deviceState"] == nil)
        try document.importAndroidDeviceState(try Self.output())
        let record = try #require(try androidHalf()["deviceState"] as? [String: Any])
        let state = try #require(record["state"] as? [String: Any])
        #expect(record["package"] as? String == "com.example.app")
        let domains = try #require(state["domains"] as? [[String: Any]])
        #expect(domains.compactMap { $0["state"] as? String } == ["verified", "1024", "none"])
    }

    @Test func aSessionSavedBeforeTheRecordStillOpens() throws {
        let url = SampleScan.root.appendingPathComponent("Fuzz/Session/seeds/sample-both.linklab")
        let data = try Data(contentsOf: url)
        #expect(!String(decoding: data, as: UTF8.self).contains("\"deviceState\""))
        let document = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        try document.openSession(data)
        #expect(document.android != nil && document.android?.deviceRecord == nil)
        #expect(document.androidDeviceStateCard == nil)
    }

    @Test func theControllerMakesItOneUndoStep() async throws {
        var names: [String] = []
        var value = Data()
        let controller = SessionController(
            settings: WorkbenchSettings(offline: true),
            binding: SessionFileBinding(
                write: { value = $0 },
                nameUndo: { names.append($0) }),
            now: { SampleScan.now })
        await controller.openAndroidApp(at: SessionControllerAndroidTests.apk)
        await controller.choose(.offline)
        try controller.importAndroidDeviceState(try Self.output())
        #expect(names.last == "Read Android Device State")
        #expect(try SessionFile.read(value).android?.deviceState?.package == "com.example.app")
    }

    /// A session whose Android half carries `record` (as JSON) in place of the saved one.
    static func session(with record: String) async throws -> Data {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        try document.importAndroidDeviceState(try output())
        var text = String(decoding: try document.save(), as: UTF8.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var android = try #require(object["android"] as? [String: Any])
        android["deviceState"] = try JSONSerialization.jsonObject(with: Data(record.utf8))
        var root = object
        root["android"] = android
        text = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        return Data(text.utf8)
    }

    @Test(arguments: [
        (#"{"package":"com.other.app"}"#, "android.deviceState.package"),
        (
            #"""
            {"package":"com.example.app","state":{"package":"com.other.app","signatures":[],"domains":[],\#
            "users":[]}}
            """#,
            "android.deviceState.state.package"
        ),
        (
            #"{"package":"com.example.app","state":{"package":"com.example.app","signatures":[],"#
                + #""domains":[{"host":"a\u001b[31m.example","state":"verified"}],"users":[]}}"#,
            "android.deviceState.state.domains"
        ),
        (
            #"{"package":"com.example.app","state":{"package":"com.example.app","signatures":[],"domains":[],"#
                + #""users":["#
                + Array(repeating: #"{"id":0,"enabled":[],"disabled":[]}"#, count: 101)
                .joined(separator: ",") + "]}}", "android.deviceState.state.users"
        ),
        (
            #"{"package":"com.example.app","state":{"package":"com.example.app","signatures":[],"domains":[],"#
                + #""users":[{"id":0,"enabled":[],"disabled":[]}],"id":""# + String(repeating: "x", count: 65)
                + #""}}"#,
            "android.deviceState.state.id"
        ),
    ])
    func aHostileRecordIsRefusedWithItsPath(record: String, path: String) async throws {
        let data = try await Self.session(with: record)
        #expect(throws: SessionFileError.self) { try SessionFile.read(data) }
        do {
            _ = try SessionFile.read(data)
        } catch {
            #expect(error.description.contains(path), "\(error.description)")
        }
        let document = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        #expect(throws: WorkbenchDocumentError.self) { try document.openSession(data) }
    }

    @Test func anUnknownStateWordIsKeptBoundedAndPrintable() async throws {
        let word = "brand_new_state" + String(repeating: "z", count: 200) + "\u{1B}"
        let record =
            #"{"package":"com.example.app","state":{"package":"com.example.app","signatures":[],"#
            + #""domains":[{"host":"example.com","state":""# + word + #""}],"users":[]}}"#
        let document = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        let escaped = record.replacingOccurrences(of: "\u{1B}", with: "\\u001b")
        try document.openSession(try await Self.session(with: escaped))
        let state = try #require(document.android?.deviceRecord?.state?.domains.first?.state)
        #expect(state.text.count <= 64 && !state.text.contains("\u{1B}"))
    }
}
