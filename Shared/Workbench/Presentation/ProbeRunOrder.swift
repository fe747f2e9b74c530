import Foundation

/// Running the probe kit one probe at a time (the Mac app's Probes view): which probe comes next
/// and where each probe's link is opened — decided here, run by the face.
extension ProbeKitPresentation {
    /// Where a probe's link is opened: a Simulator (`simctl openurl`) for an iOS probe, an
    /// Android device (`adb … am start -a VIEW -c BROWSABLE -d`) for an Android one.
    public enum DeviceAction: String, Sendable, Equatable {
        case simulator
        case androidDevice
    }

    /// The device action of `row`: by its platform; nil for a stale row (another kit's outcome,
    /// not run again) and a platform this build does not know.
    public static func deviceAction(for row: Row) -> DeviceAction? {
        guard !row.isStale else { return nil }
        switch row.platform {
        case "ios": return .simulator
        case "android": return .androidDevice
        default: return nil
        }
    }

    /// The probe to run after the one whose ID is `id` (nil: from the first): the next current
    /// probe, in kit order, without a recorded outcome, wrapping round to the first; nil when
    /// every current probe has an outcome (or the kit has none). Stale rows are never next.
    public func nextProbe(after id: String?) -> Row? {
        let live = rows.filter { !$0.isStale }
        let after = id.flatMap { current in live.firstIndex { $0.probeID == current } }
        let start = after.map { $0 + 1 } ?? 0
        return (live[start...] + live[..<start]).first { $0.outcome == nil }
    }
}
