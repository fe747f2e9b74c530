import Foundation

/// The dates reports print, and where they come from: the clock, or `SOURCE_DATE_EPOCH`
/// (reproducible-builds.org) so that the same input gives byte-identical reports.
public enum ReportDate {
    /// A date as reports print it: ISO 8601 in UTC, whole seconds (`2026-11-21T08:00:00Z`).
    public static func text(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// The date a `SOURCE_DATE_EPOCH` value names: nil when unset or empty; a decimal count of
    /// seconds since 1970-01-01 UTC otherwise. Anything else (a sign, a fraction, spaces,
    /// digits past 253402300799 = 9999-12-31) is refused, as the specification asks, rather
    /// than silently falling back to the clock.
    public static func sourceDateEpoch(_ value: String?) throws(ReportsError) -> Date? {
        guard let value, !value.isEmpty else { return nil }
        guard value.utf8.count <= 12, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let seconds = Int64(value), seconds <= 253_402_300_799
        else {
            throw .invalidSourceDateEpoch(value)
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The date a report prints: `SOURCE_DATE_EPOCH` from `environment` when set, else `now`.
    public static func generatedAt(environment: [String: String], now: Date) throws(ReportsError) -> Date {
        try sourceDateEpoch(environment["SOURCE_DATE_EPOCH"]) ?? now
    }
}
