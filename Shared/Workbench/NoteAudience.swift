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

    /// The note for a host a file was supplied for that no associated domain of the app names.
    public func unusedSupplyNote(host: String) -> String {
        switch self {
        case .commandLine: "--aasa \(host): no associated domain of the app names this host; the file was not used"
        case .workbench:
            "\(host): no associated domain of the app names this host; the file supplied for it was not used"
        }
    }

    /// What an offline report says stands in for what the domains serve (iOS: association
    /// files; `android`: `assetlinks.json` files): "Files supplied with --aasa", "Files used…".
    /// The workbench gives an iOS host a file on its card; an Android host's file comes with
    /// the session (`scan --assetlinks … --save`).
    public func suppliedFiles(android: Bool = false) -> String {
        switch self {
        case .commandLine: android ? "Files supplied with --assetlinks" : "Files supplied with --aasa"
        case .workbench:
            android
                ? "The assetlinks.json files supplied with the session"
                : "Files used for hosts (“Use a file…” on a host's card in the Domains tab)"
        }
    }

    /// Who made a report or a page: the command (`linklab scan`, or `linklab COMMAND`: a
    /// retest report is `diff`'s) or the workbench.
    public func generatedBy(toolVersion: String, command: String = "scan") -> String {
        switch self {
        case .commandLine: "UniversalLinkLab \(toolVersion) (linklab \(command))"
        case .workbench: "UniversalLinkLab \(toolVersion) (workbench)"
        }
    }

    /// The reports that hold every step of every trace (completes "Every step … is in the …").
    public var reportsWithEveryTrace: String {
        switch self {
        case .commandLine: "JSON and HTML reports (--report FILE.json, FILE.html)"
        case .workbench: "JSON and HTML exports"
        }
    }

    /// Where URLs are given, for a report that has none (completes "No URL was given (…).").
    public var givingURLs: String {
        switch self {
        case .commandLine: "--url, --urls"
        case .workbench: "the URL lines of the URL tester tab"
        }
    }

    /// The report that has every URL verdict and trace.
    public var jsonReport: String {
        switch self {
        case .commandLine: "the JSON report (--report FILE.json)"
        case .workbench: "the JSON report (exported as JSON)"
        }
    }

    /// Where the page of test links (one QR code each) comes from.
    public var testLinkPage: String {
        switch self {
        case .commandLine: "the test-link page that linklab scan writes with --report FILE.links.html"
        case .workbench: "the test-link page the workbench exports"
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
