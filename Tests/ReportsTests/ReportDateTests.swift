import Foundation
import Testing

@testable import Reports

/// `SOURCE_DATE_EPOCH` (reproducible-builds.org) decides the date reports print.
@Suite struct ReportDateTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func sourceDateEpochReplacesTheClock() throws {
        let date = try ReportDate.generatedAt(environment: ["SOURCE_DATE_EPOCH": "1795000000"], now: Self.now)
        #expect(date == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(ReportDate.text(date) == "2026-11-18T11:06:40Z")
    }

    @Test func unsetOrEmptyUsesTheClock() throws {
        #expect(try ReportDate.generatedAt(environment: [:], now: Self.now) == Self.now)
        #expect(try ReportDate.generatedAt(environment: ["SOURCE_DATE_EPOCH": ""], now: Self.now) == Self.now)
    }

    @Test(arguments: ["-1", "1.5", " 1", "1e9", "abc", "99999999999999", "253402300800", "１２"])
    func malformedValuesAreRefused(_ value: String) {
        #expect(throws: ReportsError.invalidSourceDateEpoch(value)) {
            try ReportDate.generatedAt(environment: ["SOURCE_DATE_EPOCH": value], now: Self.now)
        }
    }

    @Test func epochZeroAndTheLastSecondOf9999Work() throws {
        #expect(try ReportDate.sourceDateEpoch("0") == Date(timeIntervalSince1970: 0))
        #expect(try ReportDate.sourceDateEpoch("253402300799") == Date(timeIntervalSince1970: 253_402_300_799))
    }
}
