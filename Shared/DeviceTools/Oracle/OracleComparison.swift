import Foundation
import SiteAssociation

/// One case's two answers, side by side.
public struct OracleResult: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        /// Both matchers gave the same decision.
        case agree
        /// Both gave a decision, and they differ: a regression case.
        case disagree
        /// Apple's output was no decision (not run, an error, another domain, a new format).
        case inconclusive
    }

    public var testCase: OracleCase
    public var ours: Decision
    public var apple: AppleMatcherOutcome
    public var status: Status

    /// The case with both answers and Apple's output filled in, ready to add to the tests.
    public var regressionCase: OracleCase {
        var filled = testCase
        filled.ours = ours
        filled.apple = apple
        return filled
    }
}

/// Compares Apple's printed answer with ours, case by case, and sums up a run.
public enum OracleComparison {
    /// The most characters of Apple's output kept in a written-out case.
    public static let keptOutputLength = 600

    /// `testCase` decided by our matcher and compared with what `swcutil verify` printed for it.
    /// `stdout`/`stderr` nil means the tool did not run for this case.
    public static func compare(_ testCase: OracleCase, stdout: String?, stderr: String?) -> OracleResult {
        let ours = testCase.ourDecision()
        guard stdout != nil || stderr != nil else {
            return OracleResult(testCase: testCase, ours: ours, apple: .unknown, status: .inconclusive)
        }
        let answer = AppleMatcherAnswer.parse(stdout: stdout ?? "", stderr: stderr ?? "", appIDs: [testCase.appID])
        let apple = answer.outcome(for: testCase.appID)
        var recorded = testCase
        let output = ((stdout ?? "") + (stderr ?? "")).trimmingCharacters(in: .whitespacesAndNewlines)
        recorded.appleOutput = Sanitise.forDisplay(output, limit: keptOutputLength)
        let agrees = MatcherComparison(appID: testCase.appID, ours: ours, apple: apple).agrees
        let status: OracleResult.Status =
            switch agrees {
            case true?: .agree
            case false?: .disagree
            case nil: .inconclusive
            }
        return OracleResult(testCase: recorded, ours: ours, apple: apple, status: status)
    }

    /// Totals of a run and whether it passes.
    public struct Summary: Sendable, Equatable {
        public var total = 0
        public var agreed = 0
        public var disagreed = 0
        public var inconclusive = 0
        /// Decisions by Apple's outcome (matched / blocked / no_match …), for the log.
        public var appleOutcomes: [AppleMatcherOutcome: Int] = [:]

        public init() {}

        /// Passes when nothing disagreed and at least `minimumConclusiveShare` of the cases
        /// got a decision from Apple (a run where the tool did not work must not pass).
        public func passes(minimumConclusiveShare: Double = 0.9) -> Bool {
            disagreed == 0 && total > 0 && Double(agreed) >= minimumConclusiveShare * Double(total)
        }

        /// Lines for the job log.
        public var lines: [String] {
            let outcomes = AppleMatcherOutcome.allCases.map { "\($0.rawValue) \(appleOutcomes[$0, default: 0])" }
            return [
                "cases: \(total), agree: \(agreed), disagree: \(disagreed), inconclusive: \(inconclusive)",
                "Apple's answers: " + outcomes.joined(separator: ", "),
            ]
        }
    }

    /// The totals of `results`.
    public static func summarise(_ results: [OracleResult]) -> Summary {
        var summary = Summary()
        for result in results {
            summary.total += 1
            summary.appleOutcomes[result.apple, default: 0] += 1
            switch result.status {
            case .agree: summary.agreed += 1
            case .disagree: summary.disagreed += 1
            case .inconclusive: summary.inconclusive += 1
            }
        }
        return summary
    }

    /// One line per case that did not agree: both answers, the URL.
    public static func describe(_ result: OracleResult) -> String {
        "\(result.testCase.id): \(result.status.rawValue) — ours \(result.ours.rawValue), Apple "
            + "\(result.apple.rawValue) — \(Sanitise.forDisplay(result.testCase.url, limit: 200))"
    }
}
