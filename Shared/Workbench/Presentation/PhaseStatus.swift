import Foundation

/// A document's phase as the toolbar shows it: one line, and a fraction when one is known.
public struct PhaseStatus: Sendable, Equatable, Codable {
    /// `idle`, `inspecting`, `fetching`, `ready`, `failed` (`data-phase`).
    public let phase: String
    public let text: String
    /// 0…1 when progress is measurable (bytes of a known total, hosts), else nil.
    public let fraction: Double?
    /// Work is in flight (show a spinner when there is no fraction).
    public let isBusy: Bool
    /// The work in flight can be cancelled (an inspection or fetches).
    public let canCancel: Bool

    public init(_ phase: DocumentPhase) {
        self.phase = phase.name
        switch phase {
        case .idle:
            (text, fraction, isBusy) = ("Nothing open", nil, false)
        case .inspecting(let done, let total):
            if let total, total > 0 {
                let share = min(1, max(0, Double(done) / Double(total)))
                text = "Inspecting… \(Int(share * 100))% (\(Self.megabytes(done)) of \(Self.megabytes(total)) MB)"
                fraction = share
            } else {
                text = "Inspecting… \(Self.megabytes(done)) MB"
                fraction = nil
            }
            isBusy = true
        case .fetching(let done, let total):
            text = "Fetching \(done) of \(total) host\(total == 1 ? "" : "s")"
            fraction = total > 0 ? min(1, max(0, Double(done) / Double(total))) : nil
            isBusy = true
        case .ready:
            (text, fraction, isBusy) = ("Ready", nil, false)
        case .failed(let reason):
            (text, fraction, isBusy) = ("Failed: \(reason)", nil, false)
        }
        canCancel = isBusy
    }

    /// Mebibytes with one decimal ("5.0").
    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(max(0, bytes)) / 1_048_576)
    }
}
