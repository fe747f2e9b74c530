import Reports
import Workbench

/// What the OpenAPI document says of one operation besides its method, path and `operationId`,
/// which only `APIRoute` gives (`OpenAPIDocument.paths` puts the two together).
struct APIOperation: Sendable {
    /// What the operation does.
    let summary: String
    /// Its query and header parameters. The path's parameters come from the path
    /// (`OpenAPIDocument.pathParameter`), `?platform=` from `APIRoute.takesPlatform`.
    var parameters: [OpenAPIValue] = []
    /// Its request body, when it reads one.
    var requestBody: OpenAPIValue?
    /// The answers written for this operation alone, by status: its success, and any error it
    /// words its own way (that wording replaces the shared one).
    let answers: [(status: Int, answer: OpenAPIValue)]
    /// The shared error answers it can give besides `ErrorAnswer.everyRoute`.
    var errors: [OpenAPIDocument.ErrorAnswer] = []
}

extension APIRoute {
    /// The route's operation as the OpenAPI document describes it.
    var operation: APIOperation {
        typealias O = APIOperation
        switch self {
        case .listDocuments:
            return O(
                summary: "The documents open in this run.",
                answers: [(200, O.json("The open documents.", "DocumentList"))])
        case .openDocument:
            return O(
                summary: "Open a document from an upload: an .ipa, a zipped .app, a Mach-O, a .linklab session, an "
                    + "association file (with X-LinkLab-Domain naming its host), or nothing with X-LinkLab-Domain "
                    + "(fetch that domain only).",
                parameters: [
                    O.parameter("Filename"),
                    [
                        "name": "X-LinkLab-Domain", "in": "header", "required": false,
                        "description": .string(
                            "Association-file-only mode: the host the body's file is for, or, with an empty body, "
                                + "the domain to fetch."),
                        "schema": ["type": "string", "maxLength": 253],
                    ],
                ],
                requestBody: ["required": false, "content": ["application/octet-stream": ["schema": O.binary]]],
                answers: [(201, O.json("Opened; the pipeline runs.", "Created"))],
                errors: [.badRequest, .tooLarge, .tooMany, .serviceUnavailable])
        case .getDocument:
            return O(
                summary: "The document as the scan JSON of docs/cli.md plus phase, per-host state, and each "
                    + "finding's fingerprint and triage; with both apps the two-platform document, with the APK "
                    + "alone the Android one.",
                answers: [(200, O.json("The document.", "Document"))], errors: [.badRequest, .notFound, .serverError])
        case .closeDocument:
            return O(
                summary: "Close the document: work cancelled, its temporary files deleted.",
                answers: [(204, ["description": "Closed."])], errors: [.badRequest, .notFound])
        case .addApp:
            return O(
                summary: "Add the product's other app: an .apk to any document, an .ipa to one holding only the .apk.",
                parameters: [O.parameter("Filename")],
                requestBody: ["required": true, "content": ["application/octet-stream": ["schema": O.binary]]],
                answers: [
                    (202, O.json("Added; the app is being read.", "AddedApp")),
                    (
                        409,
                        O.json(
                            "It cannot take this app: it already holds an iOS app, or has none to add one to.",
                            "Error")
                    ),
                ],
                errors: [.badRequest, .notFound, .tooLarge, .serviceUnavailable])
        case .documentEvents:
            return O(
                summary: "Server-sent events of the document's changes: `phase` (data: the phase object), `host` "
                    + "(data: {\"host\": …}), `findings`, `urls`, `app` (data: {}), and `: ping` comments. Ends when "
                    + "the document closes.",
                answers: [
                    (
                        200,
                        [
                            "description": "An event stream.",
                            "content": ["text/event-stream": ["schema": ["type": "string"]]],
                        ]
                    )
                ],
                errors: [.badRequest, .notFound])
        case .testURLs:
            return O(
                summary: "Decide URLs (one per line; '#' comments, '!' must not open, '=' must open) for every app "
                    + "ID. A verdict carries its trace only when the line contradicts its expectation (or no file "
                    + "decides it); POST …/decide gives any URL's trace.",
                requestBody: O.jsonBody("URLLines"),
                answers: [(200, O.json("The URL tests, decided.", "URLTests"))],
                errors: [.badRequest, .notFound, .conflict, .tooLarge, .serverError])
        case .setURLList:
            return O(
                summary: "The page's Decide: set the URL list (as POST) and answer its first lines as the page shows "
                    + "them (URLListPage); GET …/urls gives the rest in slices.",
                parameters: [O.pageLimit("Lines in the answer (default 100).")],
                requestBody: O.jsonBody("URLLines"),
                answers: [(200, O.json("The list's first lines.", "URLListPage"))],
                errors: [.badRequest, .notFound, .tooLarge, .serverError])
        case .urlListPage:
            return O(
                summary: "A slice of the decided URL list as the page shows it (URLListPage); its version changes "
                    + "whenever a line or a verdict of the list does.",
                parameters: [
                    O.query(
                        "offset", "The first line of the slice (0-based; default 0).",
                        ["type": "integer", "minimum": 0]),
                    O.pageLimit("Lines in the slice (default 500)."),
                ],
                answers: [(200, O.json("The slice.", "URLListPage"))],
                errors: [.badRequest, .notFound, .serverError])
        case .decideURL:
            return O(
                summary: "Decide one URL for every app ID against the document's current files (the URL tester's "
                    + "keystrokes). Read-only: the document's URL list, tests and findings do not change. Text that "
                    + "is not a URL iOS would decide answers a test with no apps.",
                requestBody: O.jsonBody("URLInput"),
                answers: [(200, O.json("The URL test, decided: one entry of the document's urlTests.", "OneURLTest"))],
                errors: [.badRequest, .notFound, .tooLarge, .serverError])
        case .documentView:
            return O(
                summary: "The document as the page shows it: the package's presentation values (title, phase, "
                    + "notes, the findings list, every host card, the URL list's text and summary), encoded as they "
                    + "are. The URL list's lines are not in it (urls.items is empty): urlList names the list's "
                    + "version and size, and GET …/urls gives its lines.",
                parameters: [
                    O.query(
                        "query",
                        "Findings filter: every word must appear in a finding's ID, title, subject, severity, "
                            + "triage or note.", ["type": "string"]),
                    O.query("severities", "Comma-separated severities to list (absent: all).", ["type": "string"]),
                    O.query(
                        "lines", "`omit`: urls.lines is empty (a page that already has the typed list).",
                        ["type": "string", "enum": ["omit"]]),
                ],
                answers: [(200, O.json("The view.", "DocumentPresentation"))],
                errors: [.badRequest, .notFound, .serverError])
        case .findingDetail:
            return O(
                summary: "One finding as the inspector shows it.",
                answers: [(200, O.json("The finding.", "FindingDetailPresentation"))],
                errors: [.badRequest, .notFound, .serverError])
        case .testURL:
            return O(
                summary: "One typed URL decided now (read-only) as the URL tester shows it; a text that is not a URL "
                    + "gets its problem instead of verdicts.",
                requestBody: O.jsonBody("TesterInput"),
                answers: [(200, O.json("The URL's verdicts.", "URLTestPresentation"))],
                errors: [.badRequest, .notFound, .tooLarge, .serverError])
        case .editHostText:
            return O(
                summary: "What-if: decide the host as if the copy that decides served this text (UTF-8; a browser's "
                    + "LF line breaks are put back to CRLF when the served file uses CRLF). Answers the host's card; "
                    + "the host says edited.",
                requestBody: ["required": true, "content": ["text/plain": ["schema": ["type": "string"]]]],
                answers: [
                    (
                        200,
                        O.hostAnswer(
                            "The host's card (`?platform=android`: its Android card).", ios: "DomainPresentation")
                    )
                ],
                errors: [.badRequest, .notFound, .tooLarge, .serverError])
        case .cancelWork:
            return O(
                summary: "Cancel the document's work in flight (an inspection: the open fails as cancelled; fetches: "
                    + "what landed stays).",
                answers: [(200, O.json("The phase after cancelling.", "PhaseStatus"))],
                errors: [.badRequest, .notFound, .serverError])
        case .refetchHost:
            return O(
                summary: "Fetch the host's association file again (`?platform=android`: its assetlinks.json); its "
                    + "state goes to `fetching`.",
                answers: [
                    (
                        202,
                        O.hostAnswer(
                            "Refetch started: the host's state (`?platform=android`: its Android card).",
                            ios: "HostState")
                    )
                ],
                errors: [.badRequest, .notFound])
        case .useFileForHost:
            return O(
                summary: "Use this association file for the host instead of the fetched one (what-if; "
                    + "`?platform=android`: its assetlinks.json).",
                parameters: [O.parameter("Filename")],
                requestBody: [
                    "required": true,
                    "content": [
                        "application/octet-stream": ["schema": O.binary], "application/json": ["schema": [:]],
                    ],
                ],
                answers: [(200, O.hostAnswer(O.newReport, ios: "HostReport"))],
                errors: [.badRequest, .notFound, .conflict, .tooLarge, .serverError])
        case .revertHost:
            return O(
                summary: "Go back to the fetched file (`?platform=android`: the host's assetlinks.json).",
                answers: [(200, O.hostAnswer(O.newReport, ios: "HostReport"))],
                errors: [.badRequest, .notFound, .conflict, .serverError])
        case .setTriage:
            return O(
                summary: "Set a finding's triage status and note. The answer's `sidebar` is the change to the "
                    + "findings list filtered by ?query=&severities= (as the view filters it): one row, the counts "
                    + "and the group titles.",
                parameters: [
                    O.query(
                        "query", "The findings filter of the list the answer's sidebar patch is for.",
                        ["type": "string"]),
                    O.query(
                        "severities", "Comma-separated severities the list shows (absent: all).", ["type": "string"]),
                ],
                requestBody: O.jsonBody("TriageInput"),
                answers: [(200, O.json("The finding with its triage.", "TriagedFinding"))],
                errors: [.badRequest, .notFound, .tooLarge])
        case .exportDocument:
            return O(
                summary: "A report, the saved session (linklab) or the test-link page with QR codes (links), as a "
                    + "download (Content-Disposition: attachment, a sanitised name from the bundle ID).",
                answers: [
                    (
                        200,
                        O.download([
                            "text/markdown": ["schema": ["type": "string"]],
                            "text/html": ["schema": ["type": "string"]],
                            "application/pdf": ["schema": O.binary],
                            "application/json": ["schema": [:]],
                            "application/sarif+json": ["schema": [:]],
                            "application/vnd.linklab+json": ["schema": [:]],
                        ])
                    )
                ],
                errors: [.badRequest, .notFound, .conflict, .serverError])
        case .openAPI:
            return O(
                summary: "This document.",
                answers: [
                    (
                        200,
                        [
                            "description": "OpenAPI 3.1.",
                            "content": ["application/json": ["schema": ["type": "object"]]],
                        ]
                    )
                ])
        case .probeKit:
            return O(
                summary: "The probe kit as the Probes view shows it: links, what to watch, outcomes (stale too), "
                    + "counts.",
                answers: [(200, O.probeKitView)], errors: [.badRequest, .notFound, .serverError])
        case .setProbeOutcome:
            return O(
                summary: "Record what one probe did on a device (null removes it); vulnerable is a PRB-001 finding.",
                requestBody: O.jsonBody("ProbeOutcomeInput"),
                answers: [(200, O.probeKitView)],
                errors: [.badRequest, .notFound, .conflict, .tooLarge, .serverError])
        case .importProbeResults:
            return O(
                summary: "Import the results file the kit's script appended, read as scan --probe-results reads it.",
                requestBody: [
                    "required": true,
                    "content": [
                        "text/plain": ["schema": ["type": "string"]], "application/octet-stream": ["schema": O.binary],
                    ],
                ],
                answers: [(200, O.probeKitView)],
                errors: [.badRequest, .notFound, .conflict, .tooLarge, .serverError])
        case .setAttackerHost:
            return O(
                summary: "Point the redirect probes at another host; earlier outcomes become stale.",
                requestBody: O.jsonBody("AttackerHostInput"),
                answers: [(200, O.probeKitView)],
                errors: [.badRequest, .notFound, .tooLarge, .serverError])
        case .exportProbes:
            return O(
                summary: "One of the probe kit's files (script, Frida script, test-link page, JSON, listing).",
                answers: [
                    (
                        200,
                        O.download([
                            "text/x-shellscript": ["schema": ["type": "string"]],
                            "text/javascript": ["schema": ["type": "string"]],
                            "text/html": ["schema": ["type": "string"]],
                            "application/json": ["schema": [:]],
                            "text/plain": ["schema": ["type": "string"]],
                        ])
                    )
                ],
                errors: [.badRequest, .notFound, .conflict, .serverError])
        }
    }
}

// The pieces the operations share.
extension APIOperation {
    /// `#/components/schemas/NAME` as a schema.
    static func schema(_ name: String) -> OpenAPIValue { ["$ref": "#/components/schemas/\(name)"] }

    /// `#/components/parameters/NAME` as a parameter.
    static func parameter(_ name: String) -> OpenAPIValue { ["$ref": "#/components/parameters/\(name)"] }

    /// An answer with `description` and a JSON body of the schema named `schemaName`.
    static func json(_ description: String, _ schemaName: String) -> OpenAPIValue {
        json(description, schema: schema(schemaName))
    }

    /// An answer with `description` and a JSON body of `schema`.
    static func json(_ description: String, schema: OpenAPIValue) -> OpenAPIValue {
        ["description": .string(description), "content": ["application/json": ["schema": schema]]]
    }

    /// A required JSON request body of the schema named `schemaName`.
    static func jsonBody(_ schemaName: String) -> OpenAPIValue {
        ["required": true, "content": ["application/json": ["schema": schema(schemaName)]]]
    }

    /// An optional query parameter.
    static func query(_ name: String, _ description: String, _ schema: OpenAPIValue) -> OpenAPIValue {
        [
            "name": .string(name), "in": "query", "required": false, "description": .string(description),
            "schema": schema,
        ]
    }

    /// `?limit=`: lines in a page of the URL list, 1 to `WorkbenchServer.maxURLPage`.
    static func pageLimit(_ description: String) -> OpenAPIValue {
        query("limit", description, ["type": "integer", "minimum": 1, "maximum": .integer(WorkbenchServer.maxURLPage)])
    }

    /// A host route's answer: the iOS value (the schema named `ios`), or with `?platform=android`
    /// the host's Android card.
    static func hostAnswer(_ description: String, ios: String) -> OpenAPIValue {
        json(description, schema: ["oneOf": [schema(ios), schema("AndroidHostCard")]])
    }

    /// The answer of using a file for a host and of going back to the fetched one.
    static let newReport = "The host's new report (`?platform=android`: its Android card)."

    /// A file as a download, in one of the media types of `content`.
    static func download(_ content: OpenAPIValue) -> OpenAPIValue {
        [
            "description": "The file.", "headers": ["Content-Disposition": ["schema": ["type": "string"]]],
            "content": content,
        ]
    }

    /// A body of bytes.
    static let binary: OpenAPIValue = ["type": "string", "format": "binary"]

    /// The Probes view, the answer of every probe route (`components/responses/ProbeKitView`).
    static let probeKitView: OpenAPIValue = ["$ref": "#/components/responses/ProbeKitView"]
}
