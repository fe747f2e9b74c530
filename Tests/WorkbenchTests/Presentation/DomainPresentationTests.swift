import AssociationFetch
import Foundation
import Testing

@testable import Workbench

/// The host card both faces render (issue 16): the file as served, lint on its own lines,
/// routes with their commands, honest states, differences only when there are some.
@MainActor @Suite struct DomainPresentationTests {
    static let cdnURL = "https://app-site-association.cdn-apple.com/a/v1/example.com"

    static func route(
        _ route: FetchRoute, status: Int?, body: String = "", error: FetchError? = nil,
        headers: [HeaderField] = []
    ) -> RouteResult {
        var result = RouteResult(
            route: route, url: route == .cdn ? cdnURL : "https://example.com/.well-known/x",
            userAgent: nil)
        result.status = status
        result.body = Data(body.utf8)
        result.bytes = result.body.count
        result.error = error
        result.headers = headers
        return result
    }

    static func entry(
        _ routes: [RouteResult], previous: [RouteResult]? = nil,
        state: HostState = .done
    ) throws -> DomainEntry {
        let host = try FetchHost.parse("example.com")
        return DomainEntry(
            host: "example.com", entries: ["example.com"], services: ["applinks"], state: state,
            report: DomainReport(host: host, routes: routes),
            previous: previous.map { DomainReport(host: host, routes: $0) })
    }

    @Test func theServedFileIsShownExactlyWithLintOnItsLines() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        // The six hosts with a file in Samples/aasa (linklab.page.link and links.linklab.invalid have none).
        let cards = document.domainCards.filter { SampleScan.supplied.keys.contains($0.host) }
        #expect(cards.count == SampleScan.supplied.count)
        for card in cards {
            let view = card.presentation
            let served = try String(contentsOfFile: SampleScan.aasa(card.host), encoding: .utf8)
            #expect(view.file?.text == served, "\(card.host)")
            #expect(view.file?.numberedLines.map(\.text).joined(separator: "\n") == served)
            #expect(view.editorText == served)
            for diagnostic in card.entry.lint {
                guard let line = diagnostic.line else { continue }
                let marker = try #require(view.file?.markers.first { $0.line == line }, "\(card.host) line \(line)")
                #expect(marker.ids.contains(diagnostic.id))
            }
            #expect(view.lint.count == card.entry.lint.count)
            #expect(view.routes?.rows.map(\.route) == ["local"])
            #expect(view.routes?.rows.first?.curl == nil, "a supplied file is not fetched")
            #expect(view.state == "supplied" && view.stateText == "Supplied file")
        }
        let views = document.domainCards.map(\.presentation)
        #expect(try JSONDecoder().decode([DomainPresentation].self, from: JSONEncoder().encode(views)) == views)
    }

    @Test func aRefetchSaysWhatChangedAndRoutesCarryCurlAndAppleHeaders() throws {
        let before = Self.route(
            .cdn, status: 404,
            headers: [
                HeaderField(
                    name: "Apple-Failure-Reason",
                    value: "SWCERR00301 Timeout")
            ])
        let after = Self.route(.cdn, status: 200, body: "{\n  \"applinks\": {\"details\": []}\n}")
        let view = DomainCard(try Self.entry([after], previous: [before])).presentation
        #expect(view.refetchDiff?.lines.contains("cdn: HTTP 404 → HTTP 200") == true, "\(view.refetchDiff as Any)")
        #expect(view.routes?.rows.first?.curl?.hasSuffix(Self.cdnURL) == true)
        #expect(view.file?.numberedLines.count == 3)
        let failed = DomainCard(try Self.entry([before])).presentation
        #expect(failed.routes?.rows.first?.cells.contains { $0.contains("SWCERR00301 Timeout") } == true)
        #expect(failed.headers.first?.lines == ["Apple-Failure-Reason: SWCERR00301 Timeout"])
        #expect(failed.file == nil && failed.editorText.isEmpty)
    }

    @Test func aHostNothingAnsweredIsUnreachableNotFetchedOrNotCheckedNeverDone() throws {
        let dns = Self.route(.cdn, status: nil, error: .dnsFailure(host: "example.com", detail: "no such host"))
        let refused = Self.route(.origin, status: nil, error: .connectionRefused(host: "example.com", port: 443))
        let entry = try Self.entry([dns, refused])
        let online = DomainCard(entry).presentation
        #expect(online.state == "unreachable" && online.tone == "bad")
        #expect(online.stateText == "Unreachable: DNS failure, connection refused")
        #expect(DomainCard(entry, offline: true).presentation.state == "not-fetched")
        #expect(DomainCard(entry, noPathToApple: true).presentation.state == "not-checked")
        #expect(DomainCard(entry, noPathToApple: true).presentation.tone == "muted")
    }

    @Test func cdnAndOriginAreSaidToDifferOnlyWhenTheyDo() throws {
        let body = #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/a/*"}]}]}}"#
        let other = #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/b/*"}]}]}}"#
        var cdn = Self.route(.cdn, status: 200, body: body)
        var origin = Self.route(.origin, status: 200, body: body)
        for index in [0, 1] {
            let document = AssociationDocument.parse(index == 0 ? cdn.body : origin.body)
            if index == 0 { cdn.file = document.file } else { origin.file = document.file }
        }
        var report = DomainReport(host: try FetchHost.parse("example.com"), routes: [cdn, origin])
        report.cdnOriginDiff = CDNOriginComparison(cdn: cdn, origin: origin)
        var entry = try Self.entry([])
        entry.report = report
        #expect(report.cdnOriginDiff?.isEquivalent == true)
        #expect(DomainCard(entry).presentation.cdnOriginDiff == nil, "equivalent copies are not said to differ")
        origin.body = Data(other.utf8)
        origin.file = AssociationDocument.parse(origin.body).file
        report.routes[1] = origin
        report.cdnOriginDiff = CDNOriginComparison(cdn: cdn, origin: origin)
        entry.report = report
        #expect(DomainCard(entry).presentation.cdnOriginDiff?.lines.isEmpty == false)
    }

    @Test func columnsNoRouteFillsAreLeftOut() throws {
        let view = DomainCard(try Self.entry([Self.route(.cdn, status: 404)])).presentation
        #expect(view.routes?.columns == ["Route", "Outcome", "HTTP", "Bytes"])
        #expect(view.lintSummary == "No lint diagnostics.")
    }
}
