import Foundation

/// Why a scan could not run to the end. Problems the scan can live with (a domain that does
/// not answer, a file that does not parse) are facts in the `Analysis`, never errors.
public enum WorkbenchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The app could not be read at all (`path`, what is wrong).
    case unreadableApp(path: String, reason: String)
    /// A file the tester named (`--aasa`, `--urls`) could not be read.
    case unreadableFile(path: String, reason: String)
    /// A flag value that makes no sense (`--aasa` without `=`, an invalid host).
    case invalidArgument(String, reason: String)
    /// The fetch configuration was refused (bad `--resolve`, `--ca-file`, `--cdn-base`).
    case fetchConfiguration(FetchError)
    /// The run was cancelled before it finished.
    case cancelled

    public var description: String {
        switch self {
        case .unreadableApp(let path, let reason):
            return "\(path): \(reason)"
        case .unreadableFile(let path, let reason):
            return "\(path): \(reason)"
        case .invalidArgument(let value, let reason):
            return "invalid argument '\(value)': \(reason)"
        case .fetchConfiguration(let error):
            return error.description
        case .cancelled:
            return "the scan was cancelled"
        }
    }

    /// The file the error is about, when there is one (the command line names it on exit 3).
    public var path: String? {
        switch self {
        case .unreadableApp(let path, _), .unreadableFile(let path, _): return path
        case .fetchConfiguration(.invalidCAFile(let path, _)): return path
        default: return nil
        }
    }
}
