import AndroidApp
import Testing

@testable import Findings

/// `URLExpectation.isMet(onAndroid:)`: one rule for whether Android's outcome meets the
/// tester's `=` or `!`, asked by AND-017, `match --android` and the URL tester's Android column.
@Suite struct AndroidExpectationTests {
    typealias Outcome = AndroidLinkDecision.Outcome

    /// Each outcome against each expectation: `=` is met only when the app opens without the
    /// user choosing; `!` only in the browser (a chooser can hand the link to the app).
    @Test(arguments: [
        (Outcome.opensApp, true, false), (.opensAppUnverified, true, false),
        (.chooser, false, false), (.browser, false, true),
    ])
    func eachOutcomeMeetsOrNot(outcome: Outcome, mustOpen: Bool, mustNotOpen: Bool) {
        #expect(URLExpectation.mustOpen.isMet(onAndroid: outcome) == mustOpen)
        #expect(URLExpectation.mustNotOpen.isMet(onAndroid: outcome) == mustNotOpen)
        #expect(URLExpectation.none.isMet(onAndroid: outcome) == nil)
    }

    /// `match --android`'s result says "not what the tester expects" exactly where the rule
    /// says the expectation is not met (a chooser for a `!` URL included).
    @Test(arguments: [Outcome.opensApp, .opensAppUnverified, .chooser, .browser])
    func theMatchReportContradictsWhereTheRuleIsNotMet(outcome: Outcome) {
        for expectation in URLExpectation.allCases {
            let decision = AndroidLinkDecision(
                url: "https://example.com/a", outcome: outcome, activities: [],
                trace: [])
            let entry = URLListEntry(url: decision.url, expectation: expectation)
            let result = AndroidMatchReport.Result(decision, entry: entry)
            #expect(
                result.contradictsExpectation == (expectation.isMet(onAndroid: outcome) == false),
                "\(expectation) \(outcome)")
        }
    }
}
