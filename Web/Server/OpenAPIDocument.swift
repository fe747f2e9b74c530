import Reports
import Workbench

/// `GET /api/openapi.json`: the HTTP API of docs/commands/serve.md as an OpenAPI 3.1 document.
/// Its `paths` are made from `APIRoute`, the router's own list: each route's path, method and
/// `operationId` from the route, the rest of its operation from `APIRoute.operation`
/// (OpenAPI+Paths.swift). What several operations share is written once under `components`
/// (OpenAPI+Components.swift) and named by `$ref`; the error answers are generated from
/// `ErrorAnswer`, both an operation's and those in `components`.
enum OpenAPIDocument {
    /// The export formats' names (`ExportFormat.id`).
    static let formatIDs = OpenAPIValue.array(ExportFormat.allCases.map { .string($0.id) })

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

    /// Every `ErrorAnswer` as members of `components/responses`: its description and an `Error` body.
    static let errorComponents = ErrorAnswer.allCases.map { answer in
        let body: OpenAPIValue = [
            "description": .string(answer.description),
            "content": ["application/json": ["schema": APIOperation.schema("Error")]],
        ]
        return OpenAPIValue.quoted(answer.name) + ": " + body.text(indent: "    ")
    }.joined(separator: ",\n")

    /// The document, as `GET /api/openapi.json` serves it.
    static let json =
        OpenAPIValue.object([
            .init(key: "openapi", value: "3.1.0"),
            .init(key: "info", value: info),
            .init(key: "servers", value: servers),
            .init(key: "security", value: [["bearer": []]]),
            .init(key: "paths", value: paths),
            .init(key: "components", value: .verbatim(components)),
        ]).text() + "\n"

    /// The server: the loopback address, on the port `linklab serve` printed.
    static let servers: OpenAPIValue = [
        [
            "url": "http://127.0.0.1:{port}",
            "variables": [
                "port": [
                    "default": "8080",
                    "description":
                        "The port linklab serve printed: --port, or the free one it picked (8080 is a placeholder).",
                ]
            ],
        ]
    ]

    static let info: OpenAPIValue = [
        "title": "UniversalLinkLab workbench API",
        "version": "1.0.0",
        "description": .string(
            "The API behind `linklab serve` (docs/commands/serve.md). Authenticate every request with "
                + "`Authorization: Bearer TOKEN` (the token of the address printed at start; the page sends it "
                + "too). There is no cookie and no other credential. Requests must use the loopback Host the server "
                + "printed and a path as the request target (absolute form is refused with 400)."),
    ]

    /// `paths`: `APIRoute.allCases` grouped by `path`, in their order. A path's parameters are
    /// read from the path (`pathParameter`); each route adds its operation under its method.
    static var paths: OpenAPIValue {
        var order: [String] = []
        var operations: [String: [OpenAPIValue.Member]] = [:]
        for route in APIRoute.allCases {
            if operations[route.path] == nil {
                order.append(route.path)
                let names = parameterNames(in: route.path)
                operations[route.path] =
                    names.isEmpty ? [] : [.init(key: "parameters", value: .array(names.map(pathParameter)))]
            }
            operations[route.path, default: []].append(
                .init(key: route.method.rawValue.lowercased(), value: operationObject(route)))
        }
        return .object(order.map { .init(key: $0, value: .object(operations[$0] ?? [])) })
    }

    /// The names of the parameters of `path` (`id` of `/api/documents/{id}`), in order.
    static func parameterNames(in path: String) -> [String] {
        path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }
            .map { String($0.dropFirst().dropLast()) }
    }

    /// A path parameter, described by its name wherever it appears.
    static func pathParameter(_ name: String) -> OpenAPIValue {
        let path: (OpenAPIValue, OpenAPIValue?) -> OpenAPIValue = { schema, description in
            var members: [OpenAPIValue.Member] = [
                .init(key: "name", value: .string(name)), .init(key: "in", value: "path"),
                .init(key: "required", value: true),
            ]
            if let description { members.append(.init(key: "description", value: description)) }
            return .object(members + [.init(key: "schema", value: schema)])
        }
        switch name {
        case "id": return APIOperation.parameter("DocumentID")
        case "host": return APIOperation.parameter("Host")
        case "fingerprint":
            return path(["type": "string"], "A finding's fingerprint (the rule ID, `:` and 16 hex digits).")
        case "format": return path(["type": "string", "enum": formatIDs], nil)
        case "probe": return path(["type": "string"], "A probe of the current kit (P001…).")
        case "kind":
            return path(["type": "string", "enum": .array(ProbeKit.FileKind.allCases.map { .string($0.name) })], nil)
        default: return path(["type": "string"], nil)
        }
    }

    /// The operation object of `route`: its `operationId`, summary, parameters (its own, then
    /// `?platform=` when it takes one), request body and answers by status (its own, then the
    /// shared error answers it gives and those of every route).
    static func operationObject(_ route: APIRoute) -> OpenAPIValue {
        let operation = route.operation
        var members: [OpenAPIValue.Member] = [
            .init(key: "operationId", value: .string(route.operationID)),
            .init(key: "summary", value: .string(operation.summary)),
        ]
        let parameters = operation.parameters + (route.takesPlatform ? [APIOperation.parameter("Platform")] : [])
        if !parameters.isEmpty { members.append(.init(key: "parameters", value: .array(parameters))) }
        if let body = operation.requestBody { members.append(.init(key: "requestBody", value: body)) }
        var answers = Dictionary(operation.answers.map { ($0.status, $0.answer) }) { first, _ in first }
        for error in operation.errors + ErrorAnswer.everyRoute where answers[error.rawValue] == nil {
            answers[error.rawValue] = ["$ref": "#/components/responses/\(error.name)"]
        }
        let responses = answers.sorted { $0.key < $1.key }.map {
            OpenAPIValue.Member(key: String($0.key), value: $0.value)
        }
        members.append(.init(key: "responses", value: .object(responses)))
        return .object(members)
    }
}
