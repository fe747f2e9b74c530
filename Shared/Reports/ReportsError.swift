import Foundation

/// Why a report could not be produced.
public enum ReportsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file extension (first) names none of the formats that can be written there (second:
    /// their extensions, as `ExportFormat.extensions(_:)` prints them).
    case unknownFormat(String, allowed: String)
    /// The data does not fit a QR code of the supported versions (1-10).
    case qrDataTooLong(bytes: Int, maximum: Int)
    /// Encoding the JSON or SARIF document failed.
    case encodingFailed(String)
    /// `SOURCE_DATE_EPOCH` is set but is not a count of seconds.
    case invalidSourceDateEpoch(String)

    public var description: String {
        switch self {
        case .unknownFormat(let name, let allowed):
            "unknown report format '.\(name)': use \(allowed)"
        case .qrDataTooLong(let bytes, let maximum):
            "QR code data is \(bytes) bytes; at most \(maximum) fit (versions 1-10)"
        case .encodingFailed(let reason):
            "could not encode the report: \(reason)"
        case .invalidSourceDateEpoch(let value):
            "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970 (got \(value.debugDescription))"
        }
    }
}
