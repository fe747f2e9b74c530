import Reports

/// `GET /api/openapi.json`: the HTTP API of docs/commands/serve.md as an OpenAPI 3.1 document, written by
/// hand beside the routes (a test checks that every route is in it and that it parses). What several
/// operations share is written once under `components` and named by `$ref`; the error answers are
/// generated from `ErrorAnswer` (`errors(…)` in an operation, `errorComponents` in `components`).
enum OpenAPIDocument {
    /// The export formats' names (`ExportFormat.id`) as a JSON array.
    private static let formatIDs = "[" + ExportFormat.allCases.map { "\"\($0.id)\"" }.joined(separator: ", ") + "]"

    /// The error answers of the API, each written once: its `components/responses` entry (an
    /// `Error` body with `description`) and the status an operation lists it under.
    enum ErrorAnswer: Int, CaseIterable {
        case badRequest = 400, unauthorised = 401, forbidden = 403, notFound = 404, conflict = 409, tooLarge = 413
        case misdirectedRequest = 421, tooMany = 429, serverError = 500, serviceUnavailable = 503

        /// What every route can answer, whatever it does: no token, a foreign origin, a foreign Host.
        static let everyRoute: [ErrorAnswer] = [.unauthorised, .forbidden, .misdirectedRequest]

        /// Its name under `components/responses` (`BadRequest`, `MisdirectedRequest`, …).
        var name: String {
            let text = String(describing: self)
            return text.prefix(1).uppercased() + text.dropFirst()
        }

        /// What the answer means, as the document says it.
        var description: String {
            switch self {
            case .badRequest:
                "The request was not understood (a bad body, or a path parameter that is not valid percent-encoding)."
            case .unauthorised: "No Authorization: Bearer header with this run's token."
            case .forbidden: "A foreign Origin, or Sec-Fetch-Site cross-site/same-site."
            case .notFound: "No such document, host or finding."
            case .conflict: "The document is not ready for this."
            case .tooLarge: "Over --max-upload (uploads) or 1 MiB (other bodies)."
            case .misdirectedRequest: "The Host is not this server's loopback address."
            case .tooMany: "Too many open documents (at most 32)."
            case .serverError: "The answer could not be written (a bug: please report it)."
            case .serviceUnavailable: "The server is stopping: the upload was cut and its file deleted."
            }
        }
    }

    /// An operation's error answers as members of its `responses` object: `answers` and
    /// `ErrorAnswer.everyRoute`, by status, each a `$ref` to its one `components/responses` entry.
    private static func errors(_ answers: ErrorAnswer...) -> String {
        Set(answers + ErrorAnswer.everyRoute).sorted { $0.rawValue < $1.rawValue }
            .map { ##""\##($0.rawValue)": {"$ref": "#/components/responses/\##($0.name)"}"## }
            .joined(separator: ", ")
    }

    /// Every `ErrorAnswer` as members of `components/responses`.
    private static let errorComponents = ErrorAnswer.allCases.map { answer in
        ##""\##(answer.name)": {"description": "\##(answer.description)", "content": {"application/json": "##
            + ##"{"schema": {"$ref": "#/components/schemas/Error"}}}}"##
    }.joined(separator: ",\n      ")

    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "UniversalLinkLab workbench API",
            "version": "1.0.0",
            "description": "The API behind `linklab serve` (docs/commands/serve.md). Authenticate every request with \#
        `Authorization: Bearer TOKEN` (the token of the address printed at start; the page sends it too). There is no \#
        cookie and no other credential. Requests must use the loopback Host the server printed and a path as the \#
        request \#
        target (absolute form is refused with 400)."
          },
          "servers": [{"url": "http://127.0.0.1:{port}", "variables": {"port": {"default": "8080"}}}],
          "security": [{"bearer": []}],
          "paths": {
            "/api/documents": {
              "get": {
                "operationId": "listDocuments",
                "summary": "The documents open in this run.",
                "responses": {
                  "200": {"description": "The open documents.", "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/DocumentList"}}}},
                  \#(errors())
                }
              },
              "post": {
                "operationId": "openDocument",
                "summary": "Open a document from an upload: an .ipa, a zipped .app, a Mach-O, a .linklab session, an \#
        association file (with X-LinkLab-Domain naming its host), or nothing with X-LinkLab-Domain (fetch that domain \#
        only).",
                "parameters": [
                  {"$ref": "#/components/parameters/Filename"},
                  {"name": "X-LinkLab-Domain", "in": "header", "required": false, "description": \#
        "Association-file-only \#
        mode: the host the body's file is for, or, with an empty body, the domain to fetch.", "schema": {"type": \#
        "string", "maxLength": 253}}
                ],
                "requestBody": {"required": false, "content": {"application/octet-stream": {"schema": {"type": \#
        "string", \#
        "format": "binary"}}}},
                "responses": {
                  "201": {"description": "Opened; the pipeline runs.", "content": {"application/json": {"schema": \#
        {"$ref": "#/components/schemas/Created"}}}},
                  \#(errors(.badRequest, .tooLarge, .tooMany, .serviceUnavailable))
                }
              }
            },
            "/api/documents/{id}": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "get": {
                "operationId": "getDocument",
                "summary": "The document as the scan JSON of docs/cli.md plus phase, per-host state, and each \#
        finding's \#
        fingerprint and triage; with both apps the two-platform document, with the APK alone the Android one.",
                "responses": {
                  "200": {"description": "The document.", "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/Document"}}}},
                  \#(errors(.badRequest, .notFound, .serverError))
                }
              },
              "delete": {
                "operationId": "closeDocument",
                "summary": "Close the document: work cancelled, its temporary files deleted.",
                "responses": {
                  "204": {"description": "Closed."},
                  \#(errors(.badRequest, .notFound))
                }
              }
            },
            "/api/documents/{id}/apps": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "post": {
                "operationId": "addApp",
                "summary": "Add the product's other app: an .apk to any document, an .ipa to one holding only the \#
        .apk.",
                "parameters": [{"$ref": "#/components/parameters/Filename"}],
                "requestBody": {
                  "required": true,
                  "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}
                },
                "responses": {
                  "202": {
                    "description": "Added; the app is being read.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AddedApp"}}}
                  },
                  \#(errors(.badRequest, .notFound, .tooLarge, .serviceUnavailable)),
                  "409": {
                    "description": "It cannot take this app: it already holds an iOS app, or has none to add one to.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  }
                }
              }
            },
            "/api/documents/{id}/events": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "get": {
                "operationId": "documentEvents",
                "summary": "Server-sent events of the document's changes: `phase` (data: the phase object), `host` \#
        (data: \#
        {\"host\": …}), `findings`, `urls`, `app` (data: {}), and `: ping` comments. Ends when the document closes.",
                "responses": {
                  "200": {"description": "An event stream.", "content": {"text/event-stream": {"schema": {"type": \#
        "string"}}}},
                  \#(errors(.badRequest, .notFound))
                }
              }
            },
            "/api/documents/{id}/urls": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "post": {
                "operationId": "testURLs",
                "summary": "Decide URLs (one per line; '#' comments, '!' must not open, '=' must open) for every app \#
        ID. \#
        A verdict carries its trace only when the line contradicts its expectation (or no file decides it); POST \#
        …/decide \#
        gives any URL's trace.",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/URLLines"}}}},
                "responses": {
                  "200": {"description": "The URL tests, decided.", "content": {"application/json": {"schema": \#
        {"$ref": \#
        "#/components/schemas/URLTests"}}}},
                  \#(errors(.badRequest, .notFound, .conflict, .tooLarge, .serverError))
                }
              },
              "put": {
                "operationId": "setURLList",
                "summary": "The page's Decide: set the URL list (as POST) and answer its first lines as the page \#
        shows \#
        them (URLListPage); GET …/urls gives the rest in slices.",
                "parameters": [{"name": "limit", "in": "query", "required": false, "description": "Lines in the \#
        answer \#
        (default 100).", "schema": {"type": "integer", "minimum": 1, "maximum": 2000}}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/URLLines"}}}},
                "responses": {
                  "200": {"description": "The list's first lines.", "content": {"application/json": {"schema": \#
        {"$ref": \#
        "#/components/schemas/URLListPage"}}}},
                  \#(errors(.badRequest, .notFound, .tooLarge, .serverError))
                }
              },
              "get": {
                "operationId": "urlListPage",
                "summary": "A slice of the decided URL list as the page shows it (URLListPage); its version changes \#
        whenever a line or a verdict of the list does.",
                "parameters": [
                  {"name": "offset", "in": "query", "required": false, "description": "The first line of the slice \#
        (0-based; default 0).", "schema": {"type": "integer", "minimum": 0}},
                  {"name": "limit", "in": "query", "required": false, "description": "Lines in the slice (default \#
        500).", \#
        "schema": {"type": "integer", "minimum": 1, "maximum": 2000}}
                ],
                "responses": {
                  "200": {"description": "The slice.", "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/URLListPage"}}}},
                  \#(errors(.badRequest, .notFound, .serverError))
                }
              }
            },
            "/api/documents/{id}/decide": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "post": {
                "operationId": "decideURL",
                "summary": "Decide one URL for every app ID against the document's current files (the URL tester's \#
        keystrokes). Read-only: the document's URL list, tests and findings do not change. Text that is not a URL iOS \#
        would decide answers a test with no apps.",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/URLInput"}}}},
                "responses": {
                  "200": {"description": "The URL test, decided: one entry of the document's urlTests.", "content": \#
        {"application/json": {"schema": {"$ref": "#/components/schemas/OneURLTest"}}}},
                  \#(errors(.badRequest, .notFound, .tooLarge, .serverError))
                }
              }
            },
            "/api/documents/{id}/hosts/{host}/refetch": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}, {"$ref": "#/components/parameters/Host"}],
              "post": {
                "operationId": "refetchHost",
                "summary": "Fetch the host's association file again (`?platform=android`: its assetlinks.json); its \#
        state goes to `fetching`.",
                "parameters": [{"$ref": "#/components/parameters/Platform"}],
                "responses": {
                  "202": {"description": "Refetch started: the host's state (`?platform=android`: its Android \#
        card).", \#
        "content": {"application/json": {"schema": {"oneOf": [{"$ref": "#/components/schemas/HostState"}, \#
        {"$ref": "#/components/schemas/AndroidHostCard"}]}}}},
                  \#(errors(.badRequest, .notFound))
                }
              }
            },
            "/api/documents/{id}/hosts/{host}/file": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}, {"$ref": "#/components/parameters/Host"}],
              "put": {
                "operationId": "useFileForHost",
                "summary": "Use this association file for the host instead of the fetched one (what-if; \#
        `?platform=android`: its assetlinks.json).",
                "parameters": [{"$ref": "#/components/parameters/Filename"}, {"$ref": \#
        "#/components/parameters/Platform"}],
                "requestBody": {"required": true, "content": {"application/octet-stream": {"schema": {"type": \#
        "string", \#
        "format": "binary"}}, "application/json": {"schema": {}}}},
                "responses": {
                  "200": {"description": "The host's new report (`?platform=android`: its Android card).", "content": \#
        {"application/json": {"schema": {"oneOf": [{"$ref": "#/components/schemas/HostReport"}, \#
        {"$ref": "#/components/schemas/AndroidHostCard"}]}}}},
                  \#(errors(.badRequest, .notFound, .conflict, .tooLarge, .serverError))
                }
              },
              "delete": {
                "operationId": "revertHost",
                "summary": "Go back to the fetched file (`?platform=android`: the host's assetlinks.json).",
                "parameters": [{"$ref": "#/components/parameters/Platform"}],
                "responses": {
                  "200": {
                    "description": "The host's new report (`?platform=android`: its Android card).",
                    "content": {"application/json": {"schema": {"oneOf": [
                      {"$ref": "#/components/schemas/HostReport"}, {"$ref": \#
        "#/components/schemas/AndroidHostCard"}]}}}},
                  \#(errors(.badRequest, .notFound, .conflict, .serverError))
                }
              }
            },
            "/api/documents/{id}/triage/{fingerprint}": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}, {"name": "fingerprint", "in": "path", \#
        "required": true, "schema": {"type": "string", "maxLength": 256}}],
              "put": {
                "operationId": "setTriage",
                "summary": "Set a finding's triage status and note. The answer's `sidebar` is the change to the \#
        findings \#
        list filtered by ?query=&severities= (as the view filters it): one row, the counts and the group titles.",
                "parameters": [
                  {"name": "query", "in": "query", "required": false, "description": "The findings filter of the \#
        list the \#
        answer's sidebar patch is for.", "schema": {"type": "string", "maxLength": 1000}},
                  {"name": "severities", "in": "query", "required": false, "description": "Comma-separated \#
        severities the \#
        list shows (absent: all).", "schema": {"type": "string", "maxLength": 100}}
                ],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/TriageInput"}}}},
                "responses": {
                  "200": {"description": "The finding with its triage.", "content": {"application/json": {"schema": \#
        {"$ref": "#/components/schemas/TriagedFinding"}}}},
                  \#(errors(.badRequest, .notFound, .tooLarge))
                }
              }
            },
            "/api/documents/{id}/export/{format}": {
              "parameters": [
                {"$ref": "#/components/parameters/DocumentID"},
                {"name": "format", "in": "path", "required": true, "schema": {"type": "string", "enum": \#(formatIDs)}}
              ],
              "get": {
                "operationId": "exportDocument",
                "summary": "A report, the saved session (linklab) or the test-link page with QR codes (links), as a \#
        download (Content-Disposition: attachment, a sanitised name from the bundle ID).",
                "responses": {
                  "200": {
                    "description": "The file.",
                    "headers": {"Content-Disposition": {"schema": {"type": "string"}}},
                    "content": {
                      "text/markdown": {"schema": {"type": "string"}},
                      "text/html": {"schema": {"type": "string"}},
                      "application/pdf": {"schema": {"type": "string", "format": "binary"}},
                      "application/json": {"schema": {}},
                      "application/sarif+json": {"schema": {}},
                      "application/vnd.linklab+json": {"schema": {}}
                    }
                  },
                  \#(errors(.badRequest, .notFound, .conflict, .serverError))
                }
              }
            },
            "/api/documents/{id}/probes": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "get": {
                "operationId": "probeKit",
                "summary": "The probe kit as the Probes view shows it: links, what to watch, outcomes (stale too), \#
        counts.",
                "responses": {
                  "200": {"$ref": "#/components/responses/ProbeKitView"},
                  \#(errors(.badRequest, .notFound, .serverError))
                }
              }
            },
            "/api/documents/{id}/probes/outcomes/{probe}": {
              "parameters": [
                {"$ref": "#/components/parameters/DocumentID"},
                {
                  "name": "probe",
                  "in": "path",
                  "required": true,
                  "description": "A probe of the current kit (P001…).",
                  "schema": {"type": "string", "maxLength": 16}
                }
              ],
              "put": {
                "operationId": "setProbeOutcome",
                "summary": "Record what one probe did on a device (null removes it); vulnerable is a PRB-001 finding.",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ProbeOutcomeInput"}}}
                },
                "responses": {
                  "200": {"$ref": "#/components/responses/ProbeKitView"},
                  \#(errors(.badRequest, .notFound, .conflict, .tooLarge, .serverError))
                }
              }
            },
            "/api/documents/{id}/probes/results": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "post": {
                "operationId": "importProbeResults",
                "summary": "Import the results file the kit's script appended, read as scan --probe-results reads it.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "text/plain": {"schema": {"type": "string"}},
                    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}
                  }
                },
                "responses": {
                  "200": {"$ref": "#/components/responses/ProbeKitView"},
                  \#(errors(.badRequest, .notFound, .conflict, .tooLarge, .serverError))
                }
              }
            },
            "/api/documents/{id}/probes/attacker-host": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "put": {
                "operationId": "setAttackerHost",
                "summary": "Point the redirect probes at another host; earlier outcomes become stale.",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AttackerHostInput"}}}
                },
                "responses": {
                  "200": {"$ref": "#/components/responses/ProbeKitView"},
                  \#(errors(.badRequest, .notFound, .tooLarge, .serverError))
                }
              }
            },
            "/api/documents/{id}/probes/export/{kind}": {
              "parameters": [
                {"$ref": "#/components/parameters/DocumentID"},
                {
                  "name": "kind",
                  "in": "path",
                  "required": true,
                  "schema": {"type": "string", "enum": ["script", "frida", "page", "json", "text"]}
                }
              ],
              "get": {
                "operationId": "exportProbes",
                "summary": "One of the probe kit's files (script, Frida script, test-link page, JSON, listing).",
                "responses": {
                  "200": {
                    "description": "The file.",
                    "headers": {"Content-Disposition": {"schema": {"type": "string"}}},
                    "content": {
                      "text/x-shellscript": {"schema": {"type": "string"}},
                      "text/javascript": {"schema": {"type": "string"}},
                      "text/html": {"schema": {"type": "string"}},
                      "application/json": {"schema": {}},
                      "text/plain": {"schema": {"type": "string"}}
                    }
                  },
                  \#(errors(.badRequest, .notFound, .conflict, .serverError))
                }
              }
            },
            "/api/documents/{id}/view": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "get": {
                "operationId": "documentView",
                "summary": "The document as the page shows it: the package's presentation values (title, phase, \#
        notes, \#
        the findings list, every host card, the URL list's text and summary), encoded as they are. The URL list's \#
        lines \#
        are not in it (urls.items is empty): urlList names the list's version and size, and GET …/urls gives its \#
        lines.",
                "parameters": [
                  {"name": "query", "in": "query", "required": false, "description": "Findings filter: every word \#
        must \#
        appear in a finding's ID, title, subject, severity, triage or note.", "schema": {"type": "string", \#
        "maxLength": \#
        1000}},
                  {"name": "severities", "in": "query", "required": false, "description": "Comma-separated \#
        severities to \#
        list (absent: all).", "schema": {"type": "string", "maxLength": 100}},
                  {"name": "lines", "in": "query", "required": false, "description": "`omit`: urls.lines is empty (a \#
        page \#
        that already has the typed list).", "schema": {"type": "string", "enum": ["omit"]}}
                ],
                "responses": {
                  "200": {"description": "The view.", "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/DocumentPresentation"}}}},
                  \#(errors(.badRequest, .notFound, .serverError))
                }
              }
            },
            "/api/documents/{id}/findings/{fingerprint}": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}, {"name": "fingerprint", "in": "path", \#
        "required": true, "schema": {"type": "string", "maxLength": 1000}}],
              "get": {
                "operationId": "findingDetail",
                "summary": "One finding as the inspector shows it.",
                "responses": {
                  "200": {"description": "The finding.", "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/FindingDetailPresentation"}}}},
                  \#(errors(.badRequest, .notFound, .serverError))
                }
              }
            },
            "/api/documents/{id}/tester": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "post": {
                "operationId": "testURL",
                "summary": "One typed URL decided now (read-only) as the URL tester shows it; a text that is not a \#
        URL \#
        gets its problem instead of verdicts.",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/TesterInput"}}}},
                "responses": {
                  "200": {"description": "The URL's verdicts.", "content": {"application/json": {"schema": {"$ref": \#
        "#/components/schemas/URLTestPresentation"}}}},
                  \#(errors(.badRequest, .notFound, .tooLarge, .serverError))
                }
              }
            },
            "/api/documents/{id}/hosts/{host}/text": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}, {"$ref": "#/components/parameters/Host"}],
              "put": {
                "operationId": "editHostText",
                "summary": "What-if: decide the host as if the copy that decides served this text (UTF-8; a \#
        browser's LF \#
        line breaks are put back to CRLF when the served file uses CRLF). Answers the host's card; the host says \#
        edited.",
                "parameters": [{"$ref": "#/components/parameters/Platform"}],
                "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "string", \#
        "maxLength": \#
        1048576}}}},
                "responses": {
                  "200": {
                    "description": "The host's card (`?platform=android`: its Android card).",
                    "content": {"application/json": {"schema": {"oneOf": [
                      {"$ref": "#/components/schemas/DomainPresentation"},
                      {"$ref": "#/components/schemas/AndroidHostCard"}]}}}},
                  \#(errors(.badRequest, .notFound, .tooLarge, .serverError))
                }
              }
            },
            "/api/documents/{id}/cancel": {
              "parameters": [{"$ref": "#/components/parameters/DocumentID"}],
              "post": {
                "operationId": "cancelWork",
                "summary": "Cancel the document's work in flight (an inspection: the open fails as cancelled; \#
        fetches: \#
        what landed stays).",
                "responses": {
                  "200": {"description": "The phase after cancelling.", "content": {"application/json": {"schema": \#
        {"$ref": "#/components/schemas/PhaseStatus"}}}},
                  \#(errors(.badRequest, .notFound, .serverError))
                }
              }
            },
            "/api/openapi.json": {
              "get": {
                "operationId": "openAPI",
                "summary": "This document.",
                "responses": {
                  "200": {"description": "OpenAPI 3.1.", "content": {"application/json": {"schema": {"type": \#
        "object"}}}},
                  \#(errors())
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "bearer": {"type": "http", "scheme": "bearer", "description": "The token of the address linklab serve \#
        printed (128 random bits, new each run): the only credential."}
            },
            "parameters": {
              "DocumentID": {"name": "id", "in": "path", "required": true, "schema": {"type": "string", "maxLength": \#
        64}},
              "Filename": {"name": "X-LinkLab-Filename", "in": "header", "required": false, "description": "The \#
        file's \#
        name, shown (sanitised), never used as a path.", "schema": {"type": "string", "maxLength": 1024}},
              "Host": {"name": "host", "in": "path", "required": true, "description": "A host the app claims (the \#
        apex \#
        for a wildcard entry).", "schema": {"type": "string", "maxLength": 253}},
              "Platform": {
                "name": "platform", "in": "query", "required": false,
                "description": "`ios` (default): apple-app-site-association; `android`: the host's assetlinks.json.",
                "schema": {"type": "string", "enum": ["ios", "android"]}}
            },
            "schemas": {
              "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string", \#
        "description": "One clear sentence."}}, "additionalProperties": false},
              "Created": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "name": \#
        {"type": \#
        "string"}}},
              "Phase": {"type": "string", "enum": ["idle", "inspecting", "fetching", "ready", "failed"]},
              "PhaseEvent": {
                "type": "object",
                "required": ["phase"],
                "properties": {
                  "phase": {"$ref": "#/components/schemas/Phase"},
                  "bytesDone": {"type": "integer"}, "bytesTotal": {"type": ["integer", "null"]},
                  "hostsDone": {"type": "integer"}, "hostsTotal": {"type": "integer"},
                  "message": {"type": "string"}
                }
              },
              "SeverityCounts": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
              "DocumentSummary": {
                "type": "object",
                "required": ["id", "name", "phase", "counts"],
                "properties": {
                  "id": {"type": "string"}, "name": {"type": "string"},
                  "label": {"type": "string", "description": "The name, with \" (2)\", \" (3)\" … for a later \#
        document of \#
        the same name."},
                  "kind": {"type": "string"},
                  "phase": {"type": "string", "enum": ["idle", "inspecting", "fetching", "ready", "failed"]},
                  "phaseText": {"type": "string"},
                  "bundleID": {"type": ["string", "null"]}, "openedAt": {"type": ["string", "null"]},
                  "counts": {"$ref": "#/components/schemas/SeverityCounts"}
                }
              },
              "DocumentList": {"type": "object", "required": ["documents"], "properties": {"documents": {"type": \#
        "array", \#
        "items": {"$ref": "#/components/schemas/DocumentSummary"}}, "limit": {"type": "integer"}}},
              "Document": {"type": "object", "description": "The scan JSON document of docs/cli.md plus phase, \#
        per-host \#
        state, fingerprint and triage.", "properties": {"phase": {"$ref": "#/components/schemas/Phase"}}},
              "URLLines": {"type": "object", "required": ["lines"], "properties": {"lines": {"type": "string", \#
        "maxLength": 1000000}}},
              "URLInput": {"type": "object", "required": ["url"], "properties": {"url": {"type": "string"}, "trace": \#
        {"type": "boolean", "default": true, "description": "Whether each verdict carries its trace (every rule \#
        tried; \#
        the page's keystrokes ask without)."}}},
              "URLTest": {"type": "object", "required": ["url", "apps"], "properties": {"url": {"type": "string"}, \#
        "apps": {"type": "array", "items": {"type": "object"}}, "expectation": {"type": "string"}, "domain": {"type": \#
        ["string", "null"]}, "line": {"type": ["integer", "null"]}}},
              "OneURLTest": {"type": "object", "required": ["urlTest"], "properties": {"urlTest": {"$ref": \#
        "#/components/schemas/URLTest"}}, "additionalProperties": false},
              "URLTests": {"type": "object", "required": ["urlTests"], "properties": {"urlTests": {"type": "array", \#
        "items": {"$ref": "#/components/schemas/URLTest"}}, "urlLineProblems": {"type": "array", "items": {"type": \#
        "object"}}}},
              "HostState": {"type": "object", "required": ["host", "state"], "properties": {"host": {"type": \#
        "string"}, \#
        "state": {"type": "string", "enum": ["pending", "fetching", "done", "failed", "supplied", "edited"]}}},
              "HostReport": {"type": "object", "required": ["host", "entries", "services", "state", "route", \#
        "edited", \#
        "fetchedAt", "lint", "report"], "description": "The host as the document resolves and holds it (HostStatus), \#
        with \#
        the report that decides (null while pending).", "properties": {"host": {"type": "string"}, "entries": \#
        {"type": \#
        "array", "items": {"type": "string"}}, "services": {"type": "array", "items": {"type": "string"}}, "state": \#
        {"type": "string", "enum": ["pending", "fetching", "done", "failed", "supplied", "edited"]}, "route": \#
        {"type": \#
        "string"}, "edited": {"type": "boolean"}, "fetchedAt": {"type": ["string", "null"]}, "lint": {"type": \#
        "integer", \#
        "minimum": 0}, "report": {}}, "additionalProperties": false},
              "ProbeOutcomeInput": {
                "type": "object",
                "properties": {
                  "outcome": {"type": ["string", "null"], "enum": ["expected", "vulnerable", "not-reached", null]},
                  "note": {"type": "string", "maxLength": 100000}
                }
              },
              "AttackerHostInput": {
                "type": "object",
                "required": ["host"],
                "properties": {"host": {"type": "string", "maxLength": 253}}
              },
              "ProbeKitPresentation": {
                "type": "object",
                "required": [
                  "attackerHost",
                  "digest",
                  "rows",
                  "total",
                  "expected",
                  "vulnerable",
                  "notReached",
                  "notRun",
                  "stale",
                  "summary",
                  "notes",
                  "choices",
                  "files",
                  "guidance"
                ],
                "properties": {
                  "attackerHost": {"type": "string"},
                  "digest": {"type": "string"},
                  "rows": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "id",
                        "probeID",
                        "platform",
                        "platformLabel",
                        "kind",
                        "kindLabel",
                        "link",
                        "claim",
                        "watch",
                        "predicted",
                        "outcomeLabel",
                        "note",
                        "isStale"
                      ],
                      "properties": {
                        "id": {"type": "string"},
                        "probeID": {"type": "string"},
                        "platform": {"type": "string"},
                        "platformLabel": {"type": "string"},
                        "kind": {"type": "string"},
                        "kindLabel": {"type": "string"},
                        "link": {"type": "string"},
                        "claim": {"type": "string"},
                        "watch": {"type": "string"},
                        "predicted": {"type": "string"},
                        "outcome": {"type": ["string", "null"], "enum": ["expected", "vulnerable", "not-reached", \#
        null]},
                        "outcomeLabel": {"type": "string"},
                        "note": {"type": "string"},
                        "recordedAt": {"type": ["string", "null"]},
                        "isStale": {"type": "boolean"}
                      },
                      "additionalProperties": false
                    }
                  },
                  "total": {"type": "integer"},
                  "expected": {"type": "integer"},
                  "vulnerable": {"type": "integer"},
                  "notReached": {"type": "integer"},
                  "notRun": {"type": "integer"},
                  "stale": {"type": "integer"},
                  "summary": {"type": "string"},
                  "notes": {"type": "array", "items": {"type": "string"}},
                  "emptyMessage": {"type": ["string", "null"]},
                  "choices": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["value", "label"],
                      "properties": {"value": {"type": "string"}, "label": {"type": "string"}},
                      "additionalProperties": false
                    }
                  },
                  "files": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["kind", "label", "accessibilityLabel"],
                      "properties": {"kind": {"type": "string"}, "label": {"type": "string"}, \#
        "accessibilityLabel": {"type": "string"}},
                      "additionalProperties": false
                    }
                  },
                  "guidance": {"type": "string"},
                  "notRunLabel": {"type": "string"}
                },
                "additionalProperties": false
              },
              "TriageInput": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}, \#
        "note": {"type": "string", "maxLength": 100000}}},
              "TriagedFinding": {"type": "object", "properties": {"fingerprint": {"type": "string"}, "triage": {}, \#
        "finding": {}, "sidebar": {"$ref": "#/components/schemas/FindingListPatch"}}},
              "FindingListPatch": {"type": "object", "required": ["revision", "counts", "suppressed", "summary", \#
        "total", \#
        "groups", "fingerprint"], "properties": {
                "revision": {"type": "integer"},
                "counts": {"type": "array", "items": {"type": "object", "required": ["severity", "label", "count"], \#
        "properties": {"severity": {"type": "string"}, "label": {"type": "string"}, "count": {"type": "integer", \#
        "minimum": 0}}, "additionalProperties": false}},
                "suppressed": {"type": "integer", "minimum": 0}, "summary": {"type": "string"}, "total": {"type": \#
        "integer", "minimum": 0}, "emptyText": {"type": "string"},
                "groups": {"type": "array", "items": {"type": "object", "required": ["key", "title", "count"], \#
        "properties": {"key": {"type": "string"}, "title": {"type": "string"}, "count": {"type": "integer", \#
        "minimum": \#
        0}}, "additionalProperties": false}},
                "fingerprint": {"type": "string"}, "row": {"$ref": "#/components/schemas/FindingRowPresentation"}, \#
        "group": {"type": "string"}, "before": {"type": "string"}}, "additionalProperties": false},
              "URLListPage": {"type": "object", "required": ["version", "summary", "total", "offset", "items"], \#
        "properties": {
                "version": {"type": "string"}, "summary": {"type": "string"}, "total": {"type": "integer", \#
        "minimum": 0}, \#
        "offset": {"type": "integer", "minimum": 0},
                "items": {"type": "array", "items": {"$ref": "#/components/schemas/URLTestPresentation"}}}, \#
        "additionalProperties": false},
              "TesterInput": {"type": "object", "required": ["url"], "properties": {"url": {"type": "string"}, \#
        "trace": \#
        {"type": "boolean", "default": false}}},
              "PhaseStatus": {"type": "object", "required": ["phase", "text", "isBusy", "canCancel"], "properties": \#
        {"phase": {"$ref": "#/components/schemas/Phase"}, "text": {"type": "string"}, "fraction": {"type": "number", \#
        "minimum": 0, "maximum": 1}, "isBusy": {"type": "boolean"}, "canCancel": {"type": "boolean"}}, \#
        "additionalProperties": false},
              "FindingRowPresentation": {"type": "object", "required": ["fingerprint", "id", "severity", "title", \#
        "subject", "triage", "accessibilityLabel"], "properties": {"fingerprint": {"type": "string"}, "id": {"type": \#
        "string"}, "severity": {"type": "string"}, "title": {"type": "string"}, "subject": {"type": "string"}, \#
        "triage": \#
        {"type": "string"}, "triageBadge": {"type": "string"}, "accessibilityLabel": {"type": "string"}}, \#
        "additionalProperties": false},
              "FindingListPresentation": {"type": "object", "required": ["counts", "suppressed", "summary", "total", \#
        "groups"], "properties": {
                "counts": {"type": "array", "items": {"type": "object", "required": ["severity", "label", "count"], \#
        "properties": {"severity": {"type": "string"}, "label": {"type": "string"}, "count": {"type": "integer", \#
        "minimum": 0}}, "additionalProperties": false}},
                "suppressed": {"type": "integer", "minimum": 0}, "summary": {"type": "string"}, "total": {"type": \#
        "integer", "minimum": 0}, "emptyText": {"type": "string"},
                "groups": {"type": "array", "items": {"type": "object", "required": ["key", "title", "rows"], \#
        "properties": {"key": {"type": "string"}, "title": {"type": "string"}, "rows": {"type": "array", "items": \#
        {"$ref": "#/components/schemas/FindingRowPresentation"}}}, "additionalProperties": false}}}, \#
        "additionalProperties": false},
              "FindingDetailPresentation": {"type": "object", "required": ["fingerprint", "id", "severity", \#
        "severityLabel", "title", "subject", "paragraphs", "evidence", "remediation", "references", "triage", "note", \#
        "statuses"], "properties": {
                "fingerprint": {"type": "string"}, "id": {"type": "string"}, "severity": {"type": "string"}, \#
        "severityLabel": {"type": "string"}, "title": {"type": "string"}, "subject": {"type": "string"},
                "paragraphs": {"type": "array", "items": {"type": "string"}},
                "evidence": {"type": "array", "items": {"type": "object", "required": ["kind", "label", "text"], \#
        "properties": {"kind": {"type": "string"}, "label": {"type": "string"}, "text": {"type": "string"}}, \#
        "additionalProperties": false}},
                "remediation": {"type": "string"},
                "references": {"type": "array", "items": {"type": "object", "required": ["title", "url"], \#
        "properties": \#
        {"title": {"type": "string"}, "url": {"type": "string"}}, "additionalProperties": false}},
                "triage": {"type": "string"}, "note": {"type": "string"}, "triageSetAt": {"type": "string"},
                "statuses": {"type": "array", "items": {"type": "object", "required": ["value", "label"], \#
        "properties": \#
        {"value": {"type": "string"}, "label": {"type": "string"}}, "additionalProperties": false}}}, \#
        "additionalProperties": false},
              "Block": {"type": "object", "required": ["title", "lines"], "properties": {"title": {"type": "string"}, \#
        "lines": {"type": "array", "items": {"type": "string"}}}, "additionalProperties": false},
              "ShownFile": {"type": "object", "required": ["title", "text", "isExact", "markers"], "properties": \#
        {"title": {"type": "string"}, "text": {"type": "string"}, "isExact": {"type": "boolean"}, "note": {"type": \#
        "string"},
                "markers": {"type": "array", "items": {"type": "object", "required": ["line", "severity", "ids", \#
        "message"], "properties": {"line": {"type": "integer"}, "severity": {"type": "string"}, "ids": {"type": \#
        "array", \#
        "items": {"type": "string"}}, "message": {"type": "string"}}, "additionalProperties": false}}}, \#
        "additionalProperties": false},
              "DomainPresentation": {"type": "object", "required": ["host", "state", "stateText", "tone", "isEdited", \#
        "claims", "notes", "headers", "lint", "lintSummary", "editorText", "canRevert", "canRefetch"], "properties": {
                "host": {"type": "string"}, "state": {"type": "string", "enum": ["pending", "fetching", "done", \#
        "failed", \#
        "supplied", "edited", "not-fetched", "not-checked", "unreachable"]},
                "stateText": {"type": "string"}, "tone": {"type": "string", "enum": ["ok", "warn", "bad", "busy", \#
        "edited", "muted"]}, "isEdited": {"type": "boolean"}, "claims": {"type": "string"},
                "notes": {"type": "array", "items": {"type": "string"}},
                "routes": {"type": "object", "required": ["columns", "rows"], "properties": {"columns": {"type": \#
        "array", \#
        "items": {"type": "string"}}, "rows": {"type": "array", "items": {"type": "object", "required": ["route", \#
        "url", \#
        "cells", "decides", "tone"], "properties": {"route": {"type": "string"}, "url": {"type": "string"}, "curl": \#
        {"type": "string"}, "cells": {"type": "array", "items": {"type": "string"}}, "decides": {"type": "boolean"}, \#
        "tone": {"type": "string"}, "error": {"type": "string"}}, "additionalProperties": false}}}, \#
        "additionalProperties": false},
                "headers": {"type": "array", "items": {"$ref": "#/components/schemas/Block"}},
                "cdnOriginDiff": {"$ref": "#/components/schemas/Block"}, "refetchDiff": {"$ref": \#
        "#/components/schemas/Block"},
                "file": {"$ref": "#/components/schemas/ShownFile"}, "served": {"$ref": \#
        "#/components/schemas/ShownFile"},
                "lint": {"type": "array", "items": {"type": "object", "required": ["id", "severity", "message", \#
        "place", \#
        "location"], "properties": {"id": {"type": "string"}, "severity": {"type": "string"}, "message": {"type": \#
        "string"}, "place": {"type": "string"}, "location": {"type": "string"}}, "additionalProperties": false}},
                "lintSummary": {"type": "string"}, "editorText": {"type": "string"}, "editorNote": {"type": \#
        "string"}, \#
        "canRevert": {"type": "boolean"}, "canRefetch": {"type": "boolean"}}, "additionalProperties": false},
              "URLTestPresentation": {"type": "object", "required": ["url", "expectation", "expectationLabel", \#
        "verdicts"], "properties": {
                "url": {"type": "string"}, "line": {"type": "integer"}, "expectation": {"type": "string", "enum": \#
        ["none", "mustOpen", "mustNotOpen"]}, "expectationLabel": {"type": "string"},
                "expectationMet": {"type": "boolean"}, "expectationText": {"type": "string"}, "note": {"type": \#
        "string"}, \#
        "problem": {"type": "string"},
                "domain": {"type": "string",
                           "description": "The claimed host whose association file decides the URL; none: absent."},
                "verdicts": {"type": "array", "items": {"$ref": "#/components/schemas/Verdict"},
                  "description": "Every platform's rows: iOS (one per app ID), then Android (one per matching \#
        activity)."},
                "expectations": {"type": "array", "items": {"$ref": "#/components/schemas/PlatformExpectation"}},
                "showsPlatforms": {"type": "boolean"},
                "crossPlatform": {"$ref": "#/components/schemas/CrossPlatformCell"}}, "additionalProperties": false},
              "Verdict": {
                "type": "object",
                "required": ["platform", "platformName", "platformTitle", "key", "appID", "appLabel", "isAuditedApp",
                  "decision", "headline", "tone", "ruleLocation", "accessibilityLabel", "hooks"],
                "properties": {
                  "platform": {"type": "string", "enum": ["ios", "android"]},
                  "platformName": {"type": "string"},
                  "platformTitle": {"type": "string"},
                  "key": {"type": "string"},
                  "appID": {"type": "string"},
                  "appLabel": {"type": "string"},
                  "isAuditedApp": {"type": "boolean"},
                  "decision": {"type": "string", "enum": ["match", "exclude", "no_match",
                    "opens_app", "opens_app_unverified", "chooser", "browser"]},
                  "reason": {"type": "string", "enum": ["not_link", "other_host", "port", "not_claimed", "no_file",
                    "unusable_file", "file_rejected", "app_not_listed", "no_rule_matched", "not_verified",
                    "dynamic_rules"]},
                  "headline": {"type": "string"},
                  "tone": {"type": "string", "enum": ["ok", "warn", "bad", "muted"]},
                  "ruleLocation": {"type": "string"},
                  "ruleText": {"type": "string"},
                  "trace": {"type": "array", "items": {"type": "string"}},
                  "accessibilityLabel": {"type": "string"},
                  "badge": {"$ref": "#/components/schemas/Badge"},
                  "detail": {"type": "string"},
                  "hooks": {"type": "object", "additionalProperties": {"type": "string"}}
                },
                "additionalProperties": false},
              "PlatformExpectation": {
                "type": "object",
                "required": ["platform", "platformName", "met", "text"],
                "properties": {
                  "platform": {"type": "string", "enum": ["ios", "android"]},
                  "platformName": {"type": "string"},
                  "met": {"type": "boolean"},
                  "text": {"type": "string"}
                },
                "additionalProperties": false},
              "PlatformOutcome": {
                "type": "object",
                "required": ["platform", "platformName", "outcome", "text", "reason"],
                "properties": {
                  "platform": {"type": "string", "enum": ["ios", "android"]},
                  "platformName": {"type": "string"},
                  "outcome": {"type": "string"},
                  "text": {"type": "string"},
                  "reason": {"type": "string"}
                },
                "additionalProperties": false},
              "Badge": {
                "type": "object",
                "required": ["text", "tone", "hook", "help"],
                "properties": {
                  "text": {"type": "string"},
                  "tone": {"type": "string"},
                  "hook": {"type": "string"},
                  "help": {"type": "string"}
                },
                "additionalProperties": false},
              "PanelCell": {
                "type": "object",
                "required": ["lines", "style", "note", "noteTone"],
                "properties": {
                  "lines": {"type": "array", "items": {"type": "string"}},
                  "style": {"type": "string", "enum": ["plain", "code", "preformatted", "fingerprint", "muted"]},
                  "badge": {"$ref": "#/components/schemas/Badge"},
                  "note": {"type": "string"},
                  "noteTone": {"type": "string"}
                },
                "additionalProperties": false},
              "PanelRow": {
                "type": "object",
                "required": ["cells", "tone", "hooks"],
                "properties": {
                  "cells": {"type": "array", "items": {"$ref": "#/components/schemas/PanelCell"}},
                  "tone": {"type": "string"},
                  "hooks": {"type": "object", "additionalProperties": {"type": "string"}}
                },
                "additionalProperties": false},
              "PanelBlock": {
                "type": "object",
                "description": "One block of a panel; the fields its kind does not use are empty.",
                "required": ["kind", "hook", "hooks", "text", "title", "tone", "level", "badges", "pairs", "columns",
                  "rows", "items", "ordered", "lint"],
                "properties": {
                  "kind": {"type": "string", "enum": ["heading", "text", "pairs", "table", "list", "command", "lint",
                    "file"]},
                  "hook": {"type": "string"},
                  "hooks": {"type": "object", "additionalProperties": {"type": "string"}},
                  "text": {"type": "string"},
                  "title": {"type": "string"},
                  "tone": {"type": "string"},
                  "level": {"type": "integer"},
                  "badges": {"type": "array", "items": {"$ref": "#/components/schemas/Badge"}},
                  "pairs": {"type": "array", "items": {"type": "object", "required": ["label", "text"], "properties": {
                    "label": {"type": "string"}, "text": {"type": "string"}}, "additionalProperties": false}},
                  "columns": {"type": "array", "items": {"type": "string"}},
                  "rows": {"type": "array", "items": {"$ref": "#/components/schemas/PanelRow"}},
                  "items": {"type": "array", "items": {"$ref": "#/components/schemas/PanelCell"}},
                  "ordered": {"type": "boolean"},
                  "lint": {"type": "array", "items": {"type": "object", "required": ["id", "severity", "message",
                    "place", "location"], "properties": {"id": {"type": "string"}, "severity": {"type": "string"},
                    "message": {"type": "string"}, "place": {"type": "string"}, "location": {"type": "string"}},
                    "additionalProperties": false}},
                  "file": {"$ref": "#/components/schemas/ShownFile"}
                },
                "additionalProperties": false},
              "Panel": {
                "type": "object",
                "description": "A platform's card as blocks every face renders alike.",
                "required": ["id", "platform", "platformName", "kicker", "title", "hook", "hooks", "badges", "isOpen",
                  "blocks"],
                "properties": {
                  "id": {"type": "string"},
                  "platform": {"type": "string", "enum": ["ios", "android"]},
                  "platformName": {"type": "string"},
                  "kicker": {"type": "string"},
                  "title": {"type": "string"},
                  "hook": {"type": "string"},
                  "hooks": {"type": "object", "additionalProperties": {"type": "string"}},
                  "badges": {"type": "array", "items": {"$ref": "#/components/schemas/Badge"}},
                  "isOpen": {"type": "boolean"},
                  "blocks": {"type": "array", "items": {"$ref": "#/components/schemas/PanelBlock"}}
                },
                "additionalProperties": false},
              "AppSection": {
                "type": "object",
                "required": ["platform", "platformName", "title", "panels", "diagnostics"],
                "properties": {
                  "platform": {"type": "string", "enum": ["ios", "android"]},
                  "platformName": {"type": "string"},
                  "title": {"type": "string"},
                  "panels": {"type": "array", "items": {"$ref": "#/components/schemas/Panel"}},
                  "note": {"type": "string"},
                  "diagnostics": {"type": "array", "items": {"type": "string"}}
                },
                "additionalProperties": false},
              "HostSlot": {
                "type": "object",
                "required": ["platform", "platformName"],
                "properties": {
                  "platform": {"type": "string", "enum": ["ios", "android"]},
                  "platformName": {"type": "string"},
                  "domain": {"type": "integer", "minimum": 0, "description": "An index into the view's domains."},
                  "panel": {"$ref": "#/components/schemas/Panel"},
                  "absent": {"type": "string"}
                },
                "additionalProperties": false},
              "CrossPlatformCell": {
                "type": "object",
                "required": ["verdict", "text", "shortText",
                  "outcomes"],
                "properties": {
                  "verdict": {"type": "string", "enum": ["both", "ios_only", "android_only", "neither"]},
                  "text": {"type": "string"},
                  "shortText": {"type": "string"},
                  "outcomes": {"type": "array", "items": {"$ref": "#/components/schemas/PlatformOutcome"}}
                },
                "additionalProperties": false},
              "CrossPlatform": {
                "type": "object",
                "description": "Both platforms: the view has the counts; rows come with the list's slices.",
                "required": ["title", "heading", "caption", "iosApp", "androidApp", "androidSDK", "summary", "counts",
                  "rows"],
                "properties": {
                  "title": {"type": "string"},
                  "heading": {"type": "string"},
                  "caption": {"type": "string"},
                  "iosApp": {"type": "string"},
                  "androidApp": {"type": "string"},
                  "androidSDK": {"type": "integer"},
                  "summary": {"type": "string"},
                  "columns": {"type": "array", "items": {"type": "string"}},
                  "counts": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["verdict", "label", "count"],
                      "properties": {
                        "verdict": {"type": "string", "enum": ["both", "ios_only", "android_only", "neither"]},
                        "label": {"type": "string"},
                        "count": {"type": "integer", "minimum": 0}
                      },
                      "additionalProperties": false
                    }
                  },
                  "rows": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["url", "cell"],
                      "properties": {
                        "url": {"type": "string"},
                        "line": {"type": "integer"},
                        "cell": {"$ref": "#/components/schemas/CrossPlatformCell"},
                        "sensitive": {"type": "string"}
                      },
                      "additionalProperties": false
                    }
                  },
                  "more": {"type": "string"}
                },
                "additionalProperties": false},
              "URLListPresentation": {"type": "object", "required": ["lines", "summary", "items"], "properties": \#
        {"lines": {"type": "string"}, "summary": {"type": "string"}, "items": {"type": "array", "items": {"$ref": \#
        "#/components/schemas/URLTestPresentation"}}, "more": {"type": "string"}, "crossPlatform": {"$ref": \#
        "#/components/schemas/CrossPlatform"}}, "additionalProperties": false},
              "LabeledText": {"type": "object", "required": ["label", "text"], "properties": {"label": {"type": \#
        "string"}, "text": {"type": "string"}}, "additionalProperties": false},
              "DocumentPresentation": {"type": "object", "required": ["revision", "title", "subtitle", "kind", \#
        "phase", \#
        "notes", "canExport", "exportNames", "exports", "findings", "apps", "addApp", "domains", "urls"], \#
        "properties": {
                "revision": {"type": "integer"}, "title": {"type": "string"}, "subtitle": {"type": "string"}, "kind": \#
        {"type": "string"},
                "phase": {"$ref": "#/components/schemas/PhaseStatus"}, "notes": {"type": "array", "items": {"type": \#
        "string"}}, "canExport": {"type": "boolean"},
                "exportNames": {"type": "object", "additionalProperties": {"type": "string"}},
                "exports": {"type": "array", "items": {"type": "object", "required": ["format", "label", "caption", \#
        "hook", "fileName"], "properties": {"format": {"type": "string", "enum": \#(formatIDs)}, "label": {"type": \#
        "string"}, "caption": {"type": "string"}, "hook": {"type": "string"}, "fileName": {"type": "string"}}, \#
        "additionalProperties": false}},
                "exportWarning": {"type": "string", "description": "Shown beside the export controls while a host's \#
        file \#
        is edited (what-if); absent otherwise."},
                "findings": {"$ref": "#/components/schemas/FindingListPresentation"},
                "domains": {"type": "array", "items": {"$ref": "#/components/schemas/DomainPresentation"}},
                "urls": {"$ref": "#/components/schemas/URLListPresentation"},
                "apps": {"type": "array", "items": {"$ref": "#/components/schemas/AppSection"},
                  "description": "The App tab: one section per platform, its cards as panels."},
                "addApp": {"type": "object", "required": ["label", "help", "accept"], "properties": {
                  "label": {"type": "string"}, "help": {"type": "string"}, "accept": {"type": "string"}},
                  "additionalProperties": false},
                "hosts": {
                  "type": "array",
                  "description": "With an Android app: each host of both apps, a slot per platform.",
                  "items": {"$ref": "#/components/schemas/ProductHost"}
                },
                "urlList": {"$ref": "#/components/schemas/URLListPage"}}, "additionalProperties": false},
              "AddedApp": {
                "type": "object",
                "required": ["id", "name", "platform"],
                "properties": {
                  "id": {"type": "string"},
                  "name": {"type": "string"},
                  "platform": {"type": "string", "enum": ["ios", "android"]}
                },
                "additionalProperties": false
              },
              "AndroidHostCard": {
                "type": "object",
                "required": [
                  "host",
                  "state",
                  "stateText",
                  "tone",
                  "outcome",
                  "claims",
                  "verified",
                  "verdict",
                  "verification",
                  "notes",
                  "routes",
                  "columns",
                  "grants",
                  "lint",
                  "lintSummary",
                  "canRefetch"
                ],
                "properties": {
                  "host": {"type": "string"},
                  "state": {
                    "type": "string",
                    "enum": ["pending", "fetching", "done", "failed", "supplied", "edited", "not-fetched", \#
        "unreachable"]
                  },
                  "stateText": {"type": "string"},
                  "tone": {"type": "string", "enum": ["ok", "warn", "bad", "busy", "edited", "muted"]},
                  "outcome": {"type": "string"},
                  "claims": {"type": "string"},
                  "verified": {"type": "boolean"},
                  "verdict": {"type": "string"},
                  "verification": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["host", "verified", "reason"],
                      "properties": {
                        "host": {"type": "string"},
                        "verified": {"type": "boolean"},
                        "reason": {"type": "string"}
                      },
                      "additionalProperties": false
                    }
                  },
                  "notes": {"type": "array", "items": {"type": "string"}},
                  "columns": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["key", "title"],
                      "properties": {
                        "key": {"type": "string", "enum": ["status", "contentType", "bytes", "time"]},
                        "title": {"type": "string"}
                      },
                      "additionalProperties": false
                    }
                  },
                  "routes": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["route", "name", "url", "status", "bytes", "outcome", "contentType", "time", "tone"],
                      "properties": {
                        "route": {"type": "string", "enum": ["assetlinks", "local", "include", "google"]},
                        "name": {"type": "string"},
                        "url": {"type": "string"},
                        "status": {"type": "string"},
                        "bytes": {"type": "string"},
                        "outcome": {"type": "string"},
                        "contentType": {"type": "string"},
                        "time": {"type": "string"},
                        "tone": {"type": "string"},
                        "problem": {"type": "string"}
                      },
                      "additionalProperties": false
                    }
                  },
                  "grants": {"type": "array", "items": {"type": "string"}},
                  "google": {
                    "type": "object",
                    "required": ["summary", "onlyInFile", "onlyInGoogle"],
                    "properties": {
                      "summary": {"type": "string"},
                      "agrees": {"type": "boolean"},
                      "onlyInFile": {"type": "array", "items": {"type": "string"}},
                      "onlyInGoogle": {"type": "array", "items": {"type": "string"}},
                      "debug": {"type": "string"}
                    },
                    "additionalProperties": false
                  },
                  "lint": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "severity", "message", "place", "location"],
                      "properties": {
                        "id": {"type": "string"},
                        "severity": {"type": "string"},
                        "message": {"type": "string"},
                        "place": {"type": "string"},
                        "location": {"type": "string"}
                      },
                      "additionalProperties": false
                    }
                  },
                  "lintSummary": {"type": "string"},
                  "file": {"$ref": "#/components/schemas/ShownFile"},
                  "canRefetch": {"type": "boolean"}
                },
                "additionalProperties": false
              },
              "ProductHost": {
                "type": "object",
                "required": ["host", "slots", "platformNames", "platforms"],
                "properties": {
                  "host": {"type": "string"},
                  "slots": {"type": "array", "items": {"$ref": "#/components/schemas/HostSlot"}},
                  "platformNames": {"type": "array", "items": {"type": "string"}},
                  "platforms": {"type": "array", "items": {"type": "string", "enum": ["ios", "android"]}}
                },
                "additionalProperties": false
              }
            },
            "responses": {
              \#(errorComponents),
              "ProbeKitView": {"description": "The Probes view (ProbeKitPresentation).", "content": \#
        {"application/json": {"schema": {"$ref": "#/components/schemas/ProbeKitPresentation"}}}}
            }
          }
        }
        """#
}
