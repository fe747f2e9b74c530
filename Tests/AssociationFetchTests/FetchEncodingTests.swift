import AssociationFetch
import Foundation
import TestServer
import Testing

@Suite(.serialized) struct FetchEncodingTests {
    private func json(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func failedRouteShowsExplicitNulls() throws {
        var result =
            RouteResult(
                route: .origin, url: "https://a.test/.well-known/apple-app-site-association",
                userAgent: "AASA-Bot/1.0.0")
        result.error = .connectionRefused(host: "a.test", port: 443)
        result.totalMs = 3
        let object = try json(result)
        for key in ["status", "contentType", "redirectLocation", "timeToHeadersMs", "appleFailureReason", "file"] {
            #expect(object.keys.contains(key), "missing \(key)")
            #expect(object[key] is NSNull, "\(key) should be null")
        }
        #expect(object["route"] as? String == "origin")
        #expect(object["bytes"] as? Int == 0)
        #expect(object["truncated"] as? Bool == false)
        #expect(object["totalMs"] as? Int == 3)
        #expect(object["error"] as? String == "connection refused: nothing listens on a.test port 443")
        #expect(object["errorKind"] as? String == "connection-refused")
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func fetchedDomainEncodesTheContractFields() async throws {
        try await withFetchWorld(configure: { $0.routes = [.cdn, .origin] }) { site, fetcher in
            let report = await fetcher.fetch(try .test(site.hostArgument("waf")))
            let document = try json(FetchDocument(domains: [report]))
            #expect(document["schemaVersion"] as? Int == 1)
            let domains = try #require(document["domains"] as? [[String: Any]])
            let domain = try #require(domains.first)
            #expect(domain["host"] as? String == site.hostArgument("waf"))
            let routes = try #require(domain["routes"] as? [[String: Any]])
            #expect(routes.map { $0["route"] as? String } == ["cdn", "origin"])
            let contract = [
                "route", "url", "status", "contentType", "bytes", "truncated", "redirectLocation",
                "timeToHeadersMs", "totalMs", "error", "appleFailureReason", "file", "diagnostics",
            ]
            for route in routes {
                for key in contract { #expect(route.keys.contains(key), "missing \(key)") }
            }
            #expect(routes[0]["appleFailureReason"] as? String == "SWCERR00101 Bad HTTP Response: 403 Forbidden")
            #expect(routes[0]["status"] as? Int == 404)
            let probe = try #require(domain["browserProbe"] as? [String: Any])
            #expect(probe["differs"] as? Bool == true)
            #expect(domain.keys.contains("cdnOriginDiff"))
        }
    }
}
