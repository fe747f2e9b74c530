import Foundation
import Testing

@testable import SiteAssociation

/// Spec §12: the examples Apple documents or swcutil showed. A floor, not the suite.
@Suite struct WorkedExamplesTests {
    static let appleCases: [(String, Decision, Int?)] = [
        ("https://example.com/buy/42", .match, 1),
        ("https://example.com/buy/42#no_universal_links", .exclude, 0),
        ("https://example.com/help/website/faq?articleNumber=4815", .exclude, 2),
        ("https://example.com/help/123?articleNumber=4815", .match, 3),
        ("https://example.com/help/123?articleNumber=481", .noMatch, nil),
        ("https://example.com/help/123?articleNumber=48159", .noMatch, nil),
        ("https://example.com/help/123", .noMatch, nil),
    ]

    @Test(arguments: appleCases)
    func appleRuleListDecidesAsDocumented(url: String, expected: Decision, rule: Int?) {
        for app in [appA, appB] {
            let verdict = decide(appleExample, url, appID: app)
            #expect(verdict.decision == expected, "\(url) for \(app): \(verdict.trace.joined(separator: "\n"))")
            #expect(verdict.rule == rule)
            #expect(verdict.detail == (rule == nil ? nil : 0))
        }
    }

    @Test func unlistedAppGetsNoMatch() {
        let verdict = decide(appleExample, "https://example.com/buy/42", appID: "ZZZZZ99999.com.other.app")
        #expect(verdict.decision == .noMatch)
        #expect(verdict.trace.contains { $0.contains("not named by any applinks detail") })
    }

    @Test func decideForEveryAppListsBothApps() throws {
        let file = try #require(document(appleExample).file)
        let verdicts = AssociationMatcher(file: file, domain: "example.com").decide(url: "https://example.com/buy/42")
        #expect(verdicts.map(\.appID) == [appA, appB])
        #expect(verdicts.allSatisfy { $0.decision == .match })
    }

    @Test(arguments: [
        ("https://example.com/abc?def", Decision.match),
        ("https://example.com/abc", .noMatch),
        ("https://example.com/?def", .noMatch),
    ])
    func pathQueryAndFragmentTogether(url: String, expected: Decision) {
        let json = componentsFile(##"[{"/": "/abc", "?": "def", "#": "*"}]"##)
        #expect(decide(json, url).decision == expected)
    }

    @Test(arguments: [
        ("https://example.com/en_US/pizza/", Decision.match),
        ("https://example.com/en_US/tacos/", .noMatch),
        ("https://example.com/qq_ZZ/pizza/", .noMatch),
        ("https://example.com/en_US/$(food)/", .noMatch),
    ])
    func substitutionVariablesExample(url: String, expected: Decision) {
        let json =
            componentsFile(
                ##"[{"/": "/$(lang)_$(region)/$(food)/"}]"##,
                variables: ##"{"food": ["burrito", "pizza", "sushi", "samosa"]}"##)
        #expect(decide(json, url).decision == expected, "\(decide(json, url).trace)")
    }

    @Test(arguments: [
        ("https://example.com/wwdc/internal/notes", Decision.exclude),
        ("https://example.com/wwdc/2015", .match),
        ("https://example.com/other", .noMatch),
    ])
    func legacyNotPathsExample(url: String, expected: Decision) {
        let json = pathsFile(##"["NOT /wwdc/internal/*", "/wwdc/*"]"##)
        #expect(decide(json, url).decision == expected)
    }
}

/// A domain only assumed to serve the file is never called "covered by the file's domain".
@Suite struct AssumedDomainTraceTests {
    @Test func theTraceSaysWhenTheDomainIsAssumed() throws {
        let file = try #require(document(appleExample).file)
        var matcher = AssociationMatcher(file: file, domain: "example.com")
        let checked = matcher.decide(url: "https://example.com/buy/42", appID: appA)
        #expect(checked.trace.contains("host: example.com is covered by the file's domain example.com"))
        matcher.domainIsAssumed = true
        let assumed = matcher.decide(url: "https://example.com/buy/42", appID: appA)
        #expect(assumed.decision == checked.decision)
        #expect(
            assumed.trace.contains(
                "host: example.com is the domain assumed to serve the file (taken from the URL; not checked)"))
        #expect(!assumed.trace.contains { $0.contains("is covered by the file's domain") })
    }
}
