import DeviceTools
import Foundation
import TestSupport
import Testing

@testable import Workbench

@Suite struct DeviceStateSectionTests {
    private var dump: String {
        get throws { String(decoding: try Fixtures.data("devicetools/swcutil_show.txt"), as: UTF8.self) }
    }

    @Test func keepsTheAppsRecordsAboutItsClaims() throws {
        let entries = DeviceStateSection.entries(
            from: try dump, appIDs: ["ABCDE12345.com.example.app"],
            claims: ["example.com", "shop.example.com"])
        #expect(entries.map(\.domain) == ["example.com", "shop.example.com", "example.com"])
        let anyApp = DeviceStateSection.entries(from: try dump, appIDs: [], claims: ["example.com"])
        #expect(Set(anyApp.map(\.appID)) == ["ABCDE12345.com.example.app", "FGHIJ67890.org.other.reader"])
    }

    @Test func sectionsInEveryTextFormat() throws {
        let entries = DeviceStateSection.entries(
            from: try dump, appIDs: ["ABCDE12345.com.example.app"],
            claims: ["shop.example.com"])
        #expect(DeviceStateSection.text(entries).contains("shop.example.com [applinks]: Site denied"))
        let markdown = DeviceStateSection.markdown(entries)
        #expect(markdown.contains("## Device state (swcutil show)"))
        #expect(markdown.contains("| shop.example.com | applinks | Site denied | 2025-04-01 18:17:02 UTC |"))
        let html =
            DeviceStateSection.adding(entries, to: Data("<html><body><h1>R</h1></body></html>".utf8), kind: .html)
        let page = String(decoding: html, as: UTF8.self)
        #expect(page.hasSuffix("</section></body></html>"))
        #expect(page.contains("<td>Site denied</td>"))
        let pdf = Data("%PDF-1.7".utf8)
        #expect(DeviceStateSection.adding(entries, to: pdf, kind: .pdf) == pdf)
    }

    @Test func htmlAndMarkdownEscapeHostileText() {
        let entry = DeviceStateEntry(
            service: "applinks", appID: "A.b", domain: "x.example",
            error: "<script>alert(1)</script> | pipe")
        #expect(!DeviceStateSection.html([entry]).contains("<script>"))
        #expect(DeviceStateSection.markdown([entry]).contains("\\| pipe"))
    }

    @Test func jsonGainsADeviceStateArrayAndKeepsEverythingElse() throws {
        let document = try JSONOutput.encode(["b": 2, "a": 1])
        let entries =
            [DeviceStateEntry(service: "applinks", appID: "A.b", domain: "example.com", siteApproval: .approved)]
        let data = try DeviceStateSection.addingToJSON(entries, document: document)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["a"] as? Int == 1 && object["b"] as? Int == 2)
        let state = try #require(object["deviceState"] as? [[String: Any]])
        #expect(state.first?["siteApproval"] as? String == "approved")
        #expect(state.first?["host"] as? String == "example.com")
    }
}
