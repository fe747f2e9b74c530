import Foundation

/// Why a report could not be produced.
public enum ReportsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file extension names no report format we write.
    case unknownFormat(String)
    /// The data does not fit a QR code of the supported versions (1-10).
    case qrDataTooLong(bytes: Int, maximum: Int)
    /// Encoding the JSON or SARIF document failed.
    case encodingFailed(String)
    /// `SOURCE_DATE_EPOCH` is set but is not a count of seconds.
    case invalidSourceDateEpoch(String)

    public var description: String {
        switch self {
        case .unknownFormat(let name):
            "unknown report format '\(name)': use .md, .html, .pdf, .json or .sarif"
        case .qrDataTooLong(let bytes, let maximum):
            "QR code data is \(bytes) bytes; at most \(maximum) fit (versions 1-10)"
        case .encodingFailed(let reason):
            "could not encode the report: \(reason)"
        case .invalidSourceDateEpoch(let value):
            "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970 (got \(value.debugDescription))"
        }
    }
}
