import AssociationFetch
import Foundation
import Testing
@testable import Workbench

/// The Domains tab's detail: the served file as served, lint on its lines, routes with their
/// commands, the what-if text apart, the refetch difference.
@MainActor @Suite struct DomainDetailTests {
    static func servedText(_ host: String) throws -> String {
        try String(contentsOfFile: SampleScan.aasa(host), encoding: .utf8)
    }

    @Test func theServedFileIsShownLineByLineExactly() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let entry = try #require(document.domains.first { $0.host == "shop.example.com" })
        let detail = DomainDetail(entry)
        #expect(detail.servedTitle.hasPrefix("Served by Supplied file: "))
        #expect(detail.servedLines.map(\.text).joined(separator: "\n") == (try Self.servedText("shop.example.com")))
        #expect(detail.servedLines.first?.number == 1)
        #expect(detail.routes.map(\.route) == ["local"])
        #expect(detail.routes.first?.curl == nil, "a supplied file is not fetched")
        #expect(detail.whatIfText == nil && detail.refetchChanges == nil)
    }

    @Test func lintMarkersSitOnTheLinesTheyName() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        for entry in document.domains {
            let detail = DomainDetail(entry)
            let lined = entry.lint.filter { $0.line != nil }
            for diagnostic in lined where entry.state != .edited {
                let line = try #require(detail.servedLines.first { $0.number == diagnostic.line })
                #expect(line.markers.contains("\(diagnostic.id): \(diagnostic.message)"))
            }
            #expect(detail.servedLines.flatMap(\.markers).count + detail.servedLint.count == entry.lint.count)
        }
    }

    @Test func theWhatIfTextStandsApartFromTheServedFile() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let edited = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x"}]}]}}"#
        try document.edit(edited, forHost: "shop.example.com")
        let entry = try #require(document.domains.first { $0.host == "shop.example.com" })
        #expect(DomainDetail(entry).whatIfText == edited)
        #expect(DomainDetail(entry).servedLines.map(\.text) != [edited], "the what-if text is not shown as served")

        // A fetched host edited: the served file stays as it was served, the what-if beside it.
        var served = RouteResult(route: .cdn, url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                                 userAgent: nil)
        served.status = 200
        served.body = Data("{\n  \"applinks\": {\"details\": []}\n}\n".utf8)
        served.bytes = served.body.count
        let host = try FetchHost.parse("example.com")
        let fetched = DomainReport(host: host, routes: [served])
        var local = RouteResult(route: .local, url: "file://edited", userAgent: nil)
        local.body = Data(edited.utf8)
        local.bytes = local.body.count
        let editedEntry = DomainEntry(host: "example.com", entries: ["example.com"], services: ["applinks"],
                                      state: .edited, report: DomainReport(host: host, routes: [local]),
                                      fetched: fetched, editedText: edited)
        let detail = DomainDetail(editedEntry)
        #expect(detail.servedTitle.hasPrefix("Served by Apple CDN: HTTP 200"))
        #expect(detail.servedLines.map(\.text) == ["{", "  \"applinks\": {\"details\": []}", "}", ""])
        #expect(detail.whatIfText == edited)
        #expect(detail.routes.map(\.route) == ["cdn"])
    }

    @Test func aRefetchSaysWhatChangedAndRoutesCarryCurlAndAppleHeaders() throws {
        var before = RouteResult(route: .cdn, url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                                 userAgent: nil)
        before.status = 404
        before.headers = [HeaderField(name: "Apple-Failure-Reason", value: "SWCERR00301 Timeout")]
        var after = RouteResult(route: .cdn, url: before.url, userAgent: nil)
        after.status = 200
        after.body = Data("{\n  \"applinks\": {\"details\": []}\n}".utf8)
        after.bytes = after.body.count
        let host = "example.com"
        let fetchHost = try FetchHost.parse(host)
        let old = DomainReport(host: fetchHost, routes: [before])
        let new = DomainReport(host: fetchHost, routes: [after])
        let entry = DomainEntry(host: host, entries: [host], services: ["applinks"], state: .done, report: new,
                                previous: old)
        let detail = DomainDetail(entry)
        #expect(detail.refetchChanges?.contains("cdn: HTTP 404 → HTTP 200") == true)
        #expect(detail.servedLines.count == 3)
        #expect(detail.routes.first?.curl?.hasSuffix("https://app-site-association.cdn-apple.com/a/v1/example.com") == true)
        let failed = DomainDetail(DomainEntry(host: host, entries: [host], services: ["applinks"], state: .failed,
                                              report: old))
        #expect(failed.routes.first?.appleHeaders == [LabeledText(label: "Apple-Failure-Reason",
                                                                  text: "SWCERR00301 Timeout")])
        #expect(failed.servedTitle == "No route served a file.")
    }

    @Test func detailsRoundTripAsJSON() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let details = document.domains.map(DomainDetail.init)
        #expect(try JSONDecoder().decode([DomainDetail].self, from: JSONEncoder().encode(details)) == details)
    }
}
