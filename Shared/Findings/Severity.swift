import Foundation

/// How much a finding matters, from `critical` (highest) to `info` (lowest).
///
/// `Comparable` orders by weight: `.info < .low < … < .critical`. Encodes as its lowercase name.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case critical
    case high
    case medium
    case low
    case info

    /// Most severe first: the order reports list severities in.
    public static let descending: [Severity] = [.critical, .high, .medium, .low, .info]

    /// Numeric weight, 4 for `critical` down to 0 for `info`.
    public var weight: Int {
        switch self {
        case .critical: 4
        case .high: 3
        case .medium: 2
        case .low: 1
        case .info: 0
        }
    }

    /// Capitalised name for people ("Critical").
    public var displayName: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// Parses a severity name case-insensitively (`--fail-on HIGH`).
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.weight < rhs.weight
    }
}
