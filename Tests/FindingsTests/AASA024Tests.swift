import Testing

@testable import Findings

@Suite struct AASA024Tests {
    let rule = AASA024AppClipNotListed()

    @Test func firesForTheSampleClipOnAppleExample() throws {
        let findings = rule.evaluate(try FactsFactory.sample())
        #expect(findings.map(\.subject) == ["example.com: ABCDE12345.com.example.app.Clip"])
    }

    @Test func silentWhenTheClipIsListed() throws {
        let report =
            try FactsFactory.supplied("example.com", #"{"appclips":{"apps":["ABCDE12345.com.example.app.Clip"]}}"#)
        let clip =
            FactsFactory.bundle(
                .appclip, path: "Payload/App.app/AppClips/Clip.app",
                appID: "ABCDE12345.com.example.app.Clip", domains: ["appclips:example.com"])
        #expect(rule.evaluate(AnalysisFacts(app: FactsFactory.app([clip]), domains: [report])).isEmpty)
    }
}
