import Testing

@testable import Findings

@Suite struct ENT002Tests {
    let rule = ENT002MalformedDomainEntry()

    @Test func firesForEveryRejectedOrPortedEntryOfTheOddDomainsFixture() throws {
        let subjects =
            Set(
                rule.evaluate(try FactsFactory.appFacts("macho/odd-domains.bin"))
                    .map { $0.subject.components(separatedBy: ": ").last ?? "" })
        for raw in [
            "applinks:example.com:8443", "applinks:example.com:0", "applinks:example.com:70000",
            "applinks:https://example.com/path",
            "example.com", "applinks:", "applinks:.example.com", "applinks:a..example.com", "applinks:com",
            "applinks:exa mple.com",
            "applinks:192.168.1.10", "applinks:localhost", "appclips:*.example.com",
            "webcredentials:example.com:443", "weblinks:example.com",
        ] {
            #expect(subjects.contains(raw), "\(raw) should be ENT-002")
        }
        for raw in [
            "applinks:example.com", "applinks:EXAMPLE.org", "applinks:192.168.1.10?mode=developer",
            "applinks:localhost?mode=developer",
            "activitycontinuation:example.com", "applinks:xn--caf-dma.example.com",
            "applinks:example.com?mode=bogus",
        ] {
            #expect(!subjects.contains(raw), "\(raw) is accepted")
        }
    }

    @Test func evidenceNamesTheEntitlementValue() {
        let facts =
            AnalysisFacts(app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:https://example.com/x"])]))
        let finding = rule.evaluate(facts).first
        #expect(
            finding?.evidence.first
                == .entitlement(
                    key: "com.apple.developer.associated-domains",
                    value: "applinks:https://example.com/x"))
        #expect(finding?.severity == .medium)
    }

    @Test func silentForWellFormedEntries() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
    }
}
