import Testing

@testable import SiteAssociation

/// The trace's first app line states the caseSensitive and percentEncoded the detail's rules
/// start from: the file's or the detail's `defaults` when they set one, never a fixed "true".
@Suite struct TraceHeaderTests {
    static func header(_ json: String) -> String? {
        decide(json, "https://example.com/a").trace.first { $0.hasPrefix("app: details[") }
    }

    @Test func withoutDefaultsBothAreTrue() throws {
        let line = try #require(Self.header(componentsFile(#"[{"/": "/a"}]"#)))
        #expect(line.contains("caseSensitive true, percentEncoded true unless a rule says otherwise"))
    }

    @Test func fileDefaultsAreShownWithTheirSource() throws {
        let line = try #require(Self.header(componentsFile(#"[{"/": "/a"}]"#, defaults: #"{"caseSensitive": false}"#)))
        #expect(line.contains("caseSensitive false from applinks.defaults, percentEncoded true"))
        #expect(!line.contains("caseSensitive true"))
    }

    @Test func detailDefaultsWinOverFileDefaults() throws {
        let json = componentsFile(
            #"[{"/": "/a"}]"#, defaults: #"{"caseSensitive": false, "percentEncoded": false}"#,
            detailDefaults: #"{"caseSensitive": true}"#)
        let line = try #require(Self.header(json))
        #expect(
            line.contains("caseSensitive true from details[0].defaults, percentEncoded false from applinks.defaults"))
    }
}
