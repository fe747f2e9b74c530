/// The one error type of SiteAssociation. Parsing and matching never throw (they return
/// diagnostics and verdicts); this is for callers that need a hard failure, such as the
/// command line refusing a file a device would not read.
public enum SiteAssociationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The body could not be read as an association file at all; carries the first problem.
    case unreadable(problem: String)

    public var description: String {
        switch self {
        case .unreadable(let problem): return "not an association file: \(problem)"
        }
    }
}
