import DeviceTools
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The device's App Links state (`pm get-app-links`, recorded outputs) beside the workbench's
/// verification of the sample APK's hosts, and the device actions' decisions.
@MainActor @Suite struct AndroidDeviceStateTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: Fixtures.url("devicetools/\(name)"), encoding: .utf8)
    }

    @Test func theSampleAgainstARecordedDeviceShowsEachHostAndWhereTheyDisagree() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let card = try #require(document.androidDeviceState(output: try Self.fixture("pm-get-app-links-users.txt")))
        #expect(card.package == "com.example.app")
        let rows = Dictionary(uniqueKeysWithValues: card.rows.map { ($0.host, $0) })
        // example.com: the sample's file verifies, the device says verified.
        let apex = try #require(rows["example.com"])
        #expect(apex.deviceState == "verified" && apex.deviceOpensInApp == true && apex.workbenchVerifies == true)
        #expect(!apex.disagrees)
        // shop.example.com lists the upload key: neither side verifies it (the device's 1024 is its error code).
        let shop = try #require(rows["shop.example.com"])
        #expect(shop.deviceState == "1024" && shop.workbenchVerifies == false && !shop.disagrees)
        // *.example.org verifies through example.org's file, but the device recorded none: they disagree.
        let wildcard = try #require(rows["*.example.org"])
        #expect(wildcard.deviceState == "none" && wildcard.workbenchVerifies == true && wildcard.disagrees)
        #expect(wildcard.summary.hasSuffix("they disagree"))
        #expect(card.notes.isEmpty, "same certificate, links allowed: \(card.notes)")
    }

    @Test func anotherPackageOrAnOlderAndroidSaysTheDeviceHasNoRecord() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let card = try #require(document.androidDeviceState(output: try Self.fixture("pm-get-app-links-doc.txt")))
        #expect(card.notes.first?.contains("no App Links record for com.example.app") == true)
        #expect(card.rows.allSatisfy { $0.deviceState == "not listed" && $0.deviceOpensInApp == nil && !$0.disagrees })
        #expect(!card.rows.isEmpty)
        let empty = try #require(document.androidDeviceState(output: ""))
        #expect(empty.notes.count == 1)
    }

    @Test func hostsOnlyTheDeviceListsComeLastAndAnotherSigningKeyIsNamed() {
        let output = """
            com.example.app:
              ID: 1
              Signatures: [AA:BB]
              Domain verification state:
                example.com: verified
                legacy.example.com: legacy_failure
              User 10:
                Verification link handling allowed: false
            """
        let ours = String(repeating: "11:", count: 31) + "11"
        let device = String(repeating: "22:", count: 31) + "22"
        let card = AndroidDeviceStateCard(
            output: output.replacingOccurrences(of: "[AA:BB]", with: "[\(device)]"),
            package: "com.example.app",
            verification: [(host: "example.com", verified: false)], certificates: [ours])
        #expect(card.rows.map(\.host) == ["example.com", "legacy.example.com"])
        #expect(card.rows[0].disagrees, "the device verified what the workbench does not")
        #expect(card.rows[1].workbenchVerifies == nil && !card.rows[1].disagrees)
        #expect(card.notes.contains { $0.contains("User 10 turned off") })
        #expect(card.notes.contains { $0.contains("other certificates") })
        // The same certificate, written in lower case without colons, is no note.
        let same = AndroidDeviceStateCard(
            output: output.replacingOccurrences(of: "[AA:BB]", with: "[\(ours)]"),
            package: "com.example.app", verification: [],
            certificates: [ours.replacingOccurrences(of: ":", with: "").lowercased()])
        #expect(!same.notes.contains { $0.contains("other certificates") })
    }

    @Test func theActionsAreShownOnlyWithAnAndroidAppAndBuildTheDocumentedCommands() async throws {
        let iosOnly = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        #expect(!AndroidDeviceActions(document: iosOnly, detection: nil).isShown)
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: true)
        let actions = AndroidDeviceActions(document: document, detection: .available(adb: "/sdk/adb"))
        #expect(actions.isShown && actions.package == "com.example.app" && actions.unavailableReason == nil)
        let open = try actions.openCommand(url: "https://example.com/buy/1?a=1&b=2", adb: "/sdk/adb").get()
        #expect(
            open.commandLine == "/sdk/adb shell am start -a android.intent.action.VIEW -c "
                + "android.intent.category.BROWSABLE -d ''\\''https://example.com/buy/1?a=1&b=2'\\'''")
        #expect(
            try actions.stateCommand(adb: "/sdk/adb").get().arguments
                == ["shell", "pm", "get-app-links", "com.example.app"])
        #expect(throws: ToolInputError.self) { try actions.openCommand(url: "-n evil", adb: "/sdk/adb").get() }
        let missing = AndroidDeviceActions(document: document, detection: .unavailable("adb was not found"))
        #expect(missing.isShown && missing.unavailableReason == "adb was not found")
        #expect(throws: ToolInputError.invalidPackage("")) {
            try AndroidDeviceActions(package: nil, detection: nil).stateCommand(adb: "/sdk/adb").get()
        }
    }
}
