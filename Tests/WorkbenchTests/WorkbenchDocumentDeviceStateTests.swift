import DeviceTools
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// Device state and the Mac app's second opinions on the workbench document (the sample, offline).
@MainActor @Suite struct WorkbenchDocumentDeviceStateTests {
    @Test func importKeepsTheAppsRecordsAboutItsClaimedDomains() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let revision = document.revision
        let text = String(decoding: try Fixtures.data("devicetools/swcutil_show.txt"), as: UTF8.self)
        try document.importDeviceState(text)
        #expect(document.deviceState.map(\.domain) == ["example.com", "shop.example.com", "example.com"])
        #expect(document.deviceState.allSatisfy { $0.appID == "ABCDE12345.com.example.app" })
        #expect(document.revision > revision)
    }

    @Test func deviceStateIsSavedReopenedAndInTheJSONDocument() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let withoutState = try document.save()
        #expect(!String(decoding: withoutState, as: UTF8.self).contains("\"deviceState\""))
        try document.importDeviceState(
            String(
                decoding: try Fixtures.data("devicetools/swcutil_show.txt"),
                as: UTF8.self))
        let saved = try document.save()
        let reopened = WorkbenchDocument()
        try reopened.openSession(saved)
        #expect(reopened.deviceState == document.deviceState)
        #expect(try reopened.save() == saved)
        let json = try #require(try JSONSerialization.jsonObject(with: try reopened.jsonDocument()) as? [String: Any])
        let records = try #require(json["deviceState"] as? [[String: Any]])
        #expect(records.compactMap { $0["domain"] as? String } == document.deviceState.map(\.domain))
    }

    @Test func openingAnotherInputForgetsTheDeviceState() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let plain = try document.save()
        try document.importDeviceState(
            String(
                decoding: try Fixtures.data("devicetools/swcutil_show.txt"),
                as: UTF8.self))
        #expect(!document.deviceState.isEmpty)
        try document.openSession(plain)
        #expect(document.deviceState.isEmpty)
        try document.importDeviceState(
            String(
                decoding: try Fixtures.data("devicetools/swcutil_show.txt"),
                as: UTF8.self))
        document.close()
        #expect(document.deviceState.isEmpty)
    }

    @Test func importOfSomethingElseIsAClearError() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        #expect(throws: WorkbenchDocumentError.self) { try document.importDeviceState("{\"not\": \"a dump\"}") }
        #expect(document.deviceState.isEmpty)
    }

    @Test func associationFileDataIsTheDecidingBodyOrTheEditedText() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let supplied = try Data(contentsOf: SampleScan.root.appendingPathComponent("Samples/aasa/example.com.json"))
        #expect(document.associationFileData(forHost: "example.com") == supplied)
        // A wildcard entry finds the apex's file.
        #expect(document.associationFileData(forHost: "*.example.org") != nil)
        try document.edit("{\"applinks\":{\"details\":[]}}", forHost: "example.com")
        #expect(document.associationFileData(forHost: "example.com") == Data("{\"applinks\":{\"details\":[]}}".utf8))
        #expect(document.associationFileData(forHost: "not-claimed.example") == nil)
    }

    @Test func domainCardsDescribeEachHost() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let card = DomainCard(try #require(document.domains.first { $0.host == "example.com" }))
        #expect(card.hookState == "supplied")
        #expect(card.stateText == "Supplied file")
        #expect(
            card.summary.first == "Claimed as applinks:example.com, webcredentials:example.com"
                || card.summary.first?.hasPrefix("Claimed as ") == true)
        #expect(card.fileText?.contains("applinks") == true)
        #expect(!card.isEdited)
    }
}

@Suite struct PhaseStatusTests {
    @Test func everyPhaseReadsAsOneLine() {
        #expect(PhaseStatus(.idle).text == "Nothing open")
        let inspecting = PhaseStatus(.inspecting(bytesDone: 5_242_880, bytesTotal: 20_971_520))
        #expect(inspecting.text == "Inspecting… 25% (5.0 of 20.0 MB)")
        #expect(inspecting.fraction == 0.25)
        #expect(PhaseStatus(.inspecting(bytesDone: 1_048_576, bytesTotal: nil)).fraction == nil)
        #expect(PhaseStatus(.inspecting(bytesDone: 1_048_576, bytesTotal: nil)).isBusy)
        #expect(PhaseStatus(.fetching(hostsDone: 2, hostsTotal: 5)).text == "Fetching 2 of 5 hosts")
        #expect(PhaseStatus(.fetching(hostsDone: 2, hostsTotal: 0)).fraction == nil)
        #expect(PhaseStatus(.ready).text == "Ready")
        #expect(!PhaseStatus(.ready).isBusy)
        #expect(PhaseStatus(.failed("The file is not a ZIP archive.")).text == "Failed: The file is not a ZIP archive.")
    }
}
