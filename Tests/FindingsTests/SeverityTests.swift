import Findings
import Foundation
import Testing

@Suite struct SeverityTests {
    @Test func criticalIsHighestAndInfoLowest() {
        #expect(Severity.critical > .high)
        #expect(Severity.high > .medium)
        #expect(Severity.medium > .low)
        #expect(Severity.low > .info)
        #expect(Severity.allCases.max() == .critical)
        #expect(Severity.allCases.min() == .info)
        #expect(Severity.descending == Severity.allCases.sorted(by: >))
    }

    @Test func encodesAsItsLowercaseName() throws {
        let data = try JSONEncoder().encode(Severity.allCases)
        #expect(String(decoding: data, as: UTF8.self) == #"["critical","high","medium","low","info"]"#)
        #expect(try JSONDecoder().decode([Severity].self, from: data) == Severity.allCases)
    }

    @Test func unknownNameDoesNotDecode() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Severity.self, from: Data(#""severe""#.utf8)) }
    }

    @Test(arguments: [("HIGH", Severity.high), ("info", .info), ("Critical", .critical)])
    func parsesNamesCaseInsensitively(name: String, severity: Severity) {
        #expect(Severity(name: name) == severity)
    }

    @Test func displayNameIsCapitalised() {
        #expect(Severity.medium.displayName == "Medium")
    }
}
