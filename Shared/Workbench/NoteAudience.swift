/// Who reads the engine's notes, so that they name what that reader can do: a command line's
/// flags, or the workbench's controls (the web page and the Mac app). The facts are the same.
public enum NoteAudience: String, Sendable, Equatable, CaseIterable {
    /// `linklab scan`, `report`, `diff`: notes name flags (`--aasa HOST=FILE`).
    case commandLine
    /// The web workbench and the Mac app: notes name the Domains tab's “Use a file…”.
    case workbench

    /// How this reader supplies a host's association file (completes "…, or ").
    public var supplyingFiles: String {
        switch self {
        case .commandLine: "supply files with --aasa HOST=FILE"
        case .workbench: "use a file for each host (“Use a file…” on its card in the Domains tab)"
        }
    }

    /// What each route of a host that an offline run did not fetch says.
    public var offlineDetail: String {
        switch self {
        case .commandLine: "not fetched (offline): --offline was given and no --aasa file was supplied for this host"
        case .workbench: "not fetched (offline): the document is offline and no file was used for this host"
        }
    }
}
