import Foundation
import TestSupport
import Testing

/// `linklab readings`: the three readings printed, the JSON document, the exit codes, and
/// hostile input shown safely.
@Suite struct ReadingsCommandTests {
    @Test func printsTheReadingsAndSaysWhereHostsDiffer() throws {
        let result = try LinkLabProcess.run(["readings", "https://trusted.example\\@evil.example/"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("Foundation URL (app → iOS)         host evil.example"))
        #expect(result.stdout.contains("hosts differ: browser trusted.example:443, Foundation evil.example:443"))
        #expect(result.stdout.hasSuffix("1 URL read: 1 with hosts that differ\n"))
    }

    @Test func jsonNamesEveryReading() throws {
        let result = try LinkLabProcess.run([
            "readings", "--format", "json", "https:ｅｖｉｌ．example/x",
            "https://example.com/",
        ])
        #expect(result.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(object["hostsDiffer"] as? Int == 1 && object["read"] as? Int == 2)
        let urls = try #require(object["urls"] as? [[String: Any]])
        let readings = try #require(urls.first?["readings"] as? [[String: Any]])
        #expect(
            readings.map { $0["reading"] as? String } == [
                "browser", "foundation", "android", "ios-tapped",
                "android-tapped",
            ])
        #expect(readings.first?["host"] as? String == "evil.example")
        #expect(readings[2]["host"] == nil)
    }

    /// A line without a scheme is an error entry; the others are still printed; exit 3.
    @Test func aLineThatIsNotAURLExitsThree() throws {
        let result = try LinkLabProcess.run(["readings", "example.com/x", "https://example.com/"])
        #expect(result.exitCode == 3)
        #expect(result.stdout.contains("error"))
        #expect(result.stdout.contains("1 URL read: 0 with hosts that differ, 1 not read"))
    }

    /// Controls and bidirectional characters are shown, never sent to the terminal; an
    /// over-long string is refused with a typed error, not read.
    @Test func hostileInputIsShownSafelyAndBounded() throws {
        let hostile = "https://exa\u{1B}[2Jmple.com/\u{202E}abc"
        let long = "https://example.com/" + String(repeating: "a", count: 9_000)
        let result = try LinkLabProcess.run(["readings", hostile, long])
        #expect(result.exitCode == 3)
        #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(result.stdout.contains("UTF-8 bytes; at most 8192 are read"))
        #expect(!result.diedFromSignal)
    }

    @Test func differingPrintsOnlyTheURLsThatDiffer() throws {
        let result = try LinkLabProcess.run([
            "readings", "--differing", "https://example.com/",
            "https://a.example#@b.example/", "https:/\\a.example@b.example",
        ])
        #expect(result.exitCode == 0)
        let blocks = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(blocks == ["https:/\\a.example@b.example", "3 URLs read: 1 with hosts that differ"])
    }
}
