import DeviceTools
import Foundation
import TestSupport
import Testing

@Suite struct DeviceStateTests {
    private func dump(_ name: String) throws -> DeviceStateDump {
        DeviceStateDump.parse(String(decoding: try Fixtures.data("devicetools/\(name)"), as: UTF8.self))
    }

    private func date(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        return try #require(formatter.date(from: text))
    }

    @Test func readsHeaderSectionsAndEveryDatabaseEntry() throws {
        let state = try dump("swcutil_show.txt")
        #expect(state.header.first == DeviceStateDump.Field(key: "Version", value: "1.0 (8)"))
        #expect(state.entries.count == 6)
        #expect(state.network == ["apple.news", "example.com", "shop.example.com", "staging.example.com"])
        #expect(state.settings.count == 2)
        #expect(state.memory == ["swcd: 4312 KB"])
        #expect(state.warnings.isEmpty)
    }

    @Test func entryFieldsAreParsed() throws {
        let entry = try #require(try dump("swcutil_show.txt").entries.first { $0.host == "shop.example.com" })
        #expect(entry.service == "applinks")
        #expect(entry.appID == "ABCDE12345.com.example.app")
        #expect(entry.appVersion == "4.2")
        #expect(entry.userApproval == .unspecified)
        #expect(entry.siteApproval == .denied)
        #expect(entry.flags.isEmpty)
        #expect(entry.lastChecked == (try date("2025-04-01T18:17:02Z")))
        #expect(entry.nextCheck == (try date("2025-04-01T21:21:34Z")))
        #expect(entry.error?.hasPrefix("Error Domain=SWCErrorDomain Code=7") == true)
        #expect(entry.retries == 3)
    }

    @Test func developerModeDomainKeepsItsHostAndMode() throws {
        let entry = try #require(try dump("swcutil_show.txt").entries.first { $0.domain.contains("staging") })
        #expect(entry.domain == "staging.example.com?mode=developer")
        #expect(entry.host == "staging.example.com")
        #expect(entry.mode == "developer")
        #expect(entry.flags == ["developer"])
    }

    @Test func datesFromIOS18_2WithoutLeadingZeroAndTwelveHourFormsParse() throws {
        let state = try dump("swcutil_show-ios18_2.txt")
        #expect(state.entries.count == 2)
        #expect(state.entries[0].lastChecked == (try date("2025-01-13T18:16:58Z")))
        #expect(state.entries[0].patterns == "{ \"/buy/*\", \"NOT /admin/*\" }")
        #expect(state.entries[1].lastChecked == (try date("2025-01-13T09:05:01Z")))
        #expect(state.entries[1].nextCheck == (try date("2025-01-13T00:00:00Z")))
        #expect(state.entries[1].flags == ["updating"])
        #expect(state.settings.isEmpty)
    }

    @Test func lenientDateParserAcceptsTheKnownFormsAndRejectsNonsense() throws {
        #expect(DeviceStateDate.parse("2024-03-01 18:16:58 +0000") == (try date("2024-03-01T18:16:58Z")))
        #expect(DeviceStateDate.parse("2024-03-01 8:16:58 +0000") == (try date("2024-03-01T08:16:58Z")))
        #expect(DeviceStateDate.parse("2024-03-01 12:16:58 PM +0000") == (try date("2024-03-01T12:16:58Z")))
        #expect(DeviceStateDate.parse("2024-03-01 12:16:58 AM +0000") == (try date("2024-03-01T00:16:58Z")))
        #expect(DeviceStateDate.parse("2024-03-01 18:16:58 +0130") == (try date("2024-03-01T16:46:58Z")))
        #expect(DeviceStateDate.parse("2024-03-01 18:16:58") == (try date("2024-03-01T18:16:58Z")))
        for bad in [
            "", "(null)", "2024-13-01 18:16:58 +0000", "2024-03-01 25:00:00 +0000",
            "2024-03-01 13:00:00 PM +0000", "99999999999-01-01 00:00:00 +0000", "2024-03-01T18:16:58Z",
        ] {
            #expect(DeviceStateDate.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func entriesForAnAppKeepOnlyItsIDsAndItsDomains() throws {
        let state = try dump("swcutil_show.txt")
        let mine = state.entries(appIDs: ["ABCDE12345.com.example.app"], hosts: ["example.com", "*.example.com"])
        #expect(
            mine.map(\.domain) == [
                "example.com", "shop.example.com", "example.com",
                "staging.example.com?mode=developer",
            ])
        let onlyApex = state.entries(appIDs: ["ABCDE12345.com.example.app"], hosts: ["example.com"])
        #expect(onlyApex.map(\.service) == ["applinks", "webcredentials"])
    }

    @Test func hostileInputIsBoundedAndNeverCrashes() {
        let separator = String(repeating: "-", count: 80)
        let manyEntries = (0..<(DeviceStateDump.maximumEntries + 50))
            .map { "Service: applinks\nApp ID: A.b\nDomain: h\($0).example\n\(separator)" }
            .joined(separator: "\n")
        let state = DeviceStateDump.parse("==== DATABASE ====\n" + manyEntries)
        #expect(state.entries.count == DeviceStateDump.maximumEntries)
        #expect(state.warnings.contains { $0.contains("entries") })

        let huge = String(repeating: "Domain: \u{0}\u{1b}", count: 3_000_000)
        let capped = DeviceStateDump.parse(huge)
        #expect(capped.warnings.contains { $0.contains("truncated") })

        for garbage in [
            "", ":", "::::", "==== ====", "Service:", String(repeating: "=", count: 80),
            "==== DATABASE ====\nDomain:\nLast Checked: 9999-99-99 99:99:99 +9999",
        ] {
            _ = DeviceStateDump.parse(garbage)
        }
    }

    @Test func entriesAreCodableForSessions() throws {
        let entries = try dump("swcutil_show.txt").entries
        let decoded = try JSONDecoder().decode([DeviceStateEntry].self, from: JSONEncoder().encode(entries))
        #expect(decoded == entries)
    }
}
