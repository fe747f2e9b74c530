import ArgumentParser
import Foundation
import Reports

/// `--client`, `--tester`, `--scope`, `--start-date`, `--end-date` (`scan`, `report`): the
/// engagement printed on the first page of the Markdown, HTML and PDF reports and saved in the
/// session.
struct EngagementOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Client the report is for (printed on the report, saved in the session).",
            valueName: "NAME"))
    var client: String?

    @Option(help: ArgumentHelp("Tester or team who ran the assessment.", valueName: "NAME"))
    var tester: String?

    @Option(help: ArgumentHelp("What was in scope, in a few words.", valueName: "TEXT"))
    var scope: String?

    @Option(
        name: .customLong("start-date"),
        help: ArgumentHelp("First day of the engagement.", valueName: "YYYY-MM-DD"))
    var startDate: String?

    @Option(name: .customLong("end-date"), help: ArgumentHelp("Last day of the engagement.", valueName: "YYYY-MM-DD"))
    var endDate: String?

    /// Longest value a field may hold (a report line, not a document).
    static let maxLength = 500

    func validate() throws {
        for (flag, value) in [("--client", client), ("--tester", tester), ("--scope", scope)] {
            if let value, value.count > Self.maxLength {
                throw ValidationError("\(flag) is longer than \(Self.maxLength) characters")
            }
            let control = value?.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }
            if control == true {
                throw ValidationError("\(flag) contains control characters")
            }
        }
        for (flag, value) in [("--start-date", startDate), ("--end-date", endDate)] {
            if let value, !Self.isDay(value) {
                throw ValidationError("\(flag) must be a date as YYYY-MM-DD (got '\(value)')")
            }
        }
        if let startDate, let endDate, startDate > endDate {
            throw ValidationError("--start-date \(startDate) is after --end-date \(endDate)")
        }
    }

    /// The flags as an engagement (unset flags unset).
    var engagement: Engagement {
        Engagement(client: client, tester: tester, scope: scope, startDate: startDate, endDate: endDate)
    }

    /// `2026-11-20`: four digits, two, two, a real calendar day.
    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }
}
