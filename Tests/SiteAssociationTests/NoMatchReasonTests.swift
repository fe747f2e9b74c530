import Foundation
import Testing

@testable import SiteAssociation

/// Every no_match verdict names the step that decided it, and the traced, untraced and
/// list-deciding paths name the same one.
@Suite struct NoMatchReasonTests {
    static let file = componentsFile(#"[{"/": "/buy/*"}]"#)

    /// (URL, domain, app ID, expected decision, expected reason)
    static let cases: [(String, String, String, Decision, NoMatchReason?)] = [
        ("https://example.com/buy/1", "example.com", appA, .match, nil),
        ("https://example.com/sell/1", "example.com", appA, .noMatch, .noRuleMatched),
        ("https://example.com/buy/1", "example.com", appB, .noMatch, .appNotListed),
        ("https://example.com:8443/buy/1", "example.com", appA, .noMatch, .port),
        ("https://example.com/buy/1", "example.com:8443", appA, .noMatch, .port),
        ("https://other.example.com/buy/1", "example.com", appA, .noMatch, .otherHost),
        ("ftp://example.com/buy/1", "example.com", appA, .noMatch, .notLink),
        ("", "example.com", appA, .noMatch, .notLink),
        ("https://example.com:99999999999/buy/1", "example.com", appA, .noMatch, .notLink),
        // The URL's own problem is found before the app's.
        ("https://example.com:8443/buy/1", "example.com", appB, .noMatch, .port),
    ]

    @Test(arguments: 0..<cases.count)
    func everyPathNamesTheSameStep(_ index: Int) throws {
        let (url, domain, appID, decision, reason) = Self.cases[index]
        let matcher = AssociationMatcher(file: try #require(document(Self.file).file), domain: domain)
        let traced = matcher.decide(url: url, appID: appID)
        #expect(traced.decision == decision, "\(url)")
        #expect(traced.reason == reason, "\(url): \(traced.trace)")
        #expect(matcher.verdict(url: url, appID: appID).reason == reason, "\(url)")
        let listed = matcher.verdicts(url: url, appIDs: [appID, appA])
        #expect(listed[0].reason == reason, "\(url)")
        #expect(listed[0].decision == decision)
    }

    @Test func aFileTheDeviceRejectsNamesTheRejection() {
        let parsed =
            document(#"{"applinks": {"details": [{"appIDs": ["\#(appA)"], "components": [{"/": "/buy/*"}]}],}}"#)
        #expect(!parsed.deviceAccepts)
        let matcher = AssociationMatcher(document: parsed, domain: "example.com")
        for url in ["https://example.com/buy/1", "https://example.com/sell/1"] {
            #expect(matcher.decide(url: url, appID: appA).reason == .fileRejected)
            #expect(matcher.verdict(url: url, appID: appA).reason == .fileRejected)
            #expect(matcher.verdicts(url: url, appIDs: [appA]).first?.reason == .fileRejected)
        }
        // A URL that never reaches the file keeps its own reason.
        #expect(matcher.verdict(url: "https://example.com:1/buy", appID: appA).reason == .port)
    }

    @Test func theReasonIsWrittenAndReadAndOnlyForNoMatch() throws {
        let verdict = AppVerdict.noMatch(appA, .port, trace: ["t"])
        let data = try JSONEncoder().encode(verdict)
        #expect(String(decoding: data, as: UTF8.self).contains(#""reason":"port""#))
        #expect(try JSONDecoder().decode(AppVerdict.self, from: data) == verdict)
        #expect(AppVerdict(appID: appA, decision: .match, reason: .port).reason == nil)
        // A file written before reasons (no key) or by a newer writer (unknown value) still reads.
        let old = #"{"appID": "A.b", "decision": "no_match", "trace": []}"#
        #expect(try JSONDecoder().decode(AppVerdict.self, from: Data(old.utf8)).reason == nil)
        let newer = #"{"appID": "A.b", "decision": "no_match", "reason": "moon_phase", "trace": []}"#
        #expect(try JSONDecoder().decode(AppVerdict.self, from: Data(newer.utf8)).reason == nil)
    }
}
