import HTTPTypes

/// Every route of the web API, once: the router registers each (`WorkbenchServer.handle`), the
/// OpenAPI document's `paths` are made from them (`OpenAPIDocument.paths`: method, path and
/// `operationId` from here, the rest from `operation`, in OpenAPI+Paths.swift), and the API tests
/// walk the same list.
enum APIRoute: String, CaseIterable, Sendable {
    case listDocuments, openDocument, getDocument, closeDocument, documentEvents
    case testURLs, setURLList, urlListPage, decideURL
    case documentView, findingDetail, testURL, editHostText, cancelWork
    case refetchHost, useFileForHost, revertHost, setTriage, exportDocument, openAPI
    case addApp
    case probeKit, setProbeOutcome, importProbeResults, setAttackerHost, exportProbes

    var method: HTTPRequest.Method {
        switch self {
        case .listDocuments, .getDocument, .documentEvents, .urlListPage, .documentView, .findingDetail,
            .exportDocument, .openAPI, .probeKit, .exportProbes:
            .get
        case .openDocument, .testURLs, .decideURL, .testURL, .cancelWork, .refetchHost, .addApp,
            .importProbeResults:
            .post
        case .setURLList, .editHostText, .useFileForHost, .setTriage, .setProbeOutcome, .setAttackerHost: .put
        case .closeDocument, .revertHost: .delete
        }
    }

    /// The path as the OpenAPI document writes it (`{id}` for a parameter).
    var path: String {
        switch self {
        case .listDocuments, .openDocument: "/api/documents"
        case .getDocument, .closeDocument: "/api/documents/{id}"
        case .addApp: "/api/documents/{id}/apps"
        case .documentEvents: "/api/documents/{id}/events"
        case .testURLs, .setURLList, .urlListPage: "/api/documents/{id}/urls"
        case .decideURL: "/api/documents/{id}/decide"
        case .documentView: "/api/documents/{id}/view"
        case .findingDetail: "/api/documents/{id}/findings/{fingerprint}"
        case .testURL: "/api/documents/{id}/tester"
        case .editHostText: "/api/documents/{id}/hosts/{host}/text"
        case .cancelWork: "/api/documents/{id}/cancel"
        case .refetchHost: "/api/documents/{id}/hosts/{host}/refetch"
        case .useFileForHost, .revertHost: "/api/documents/{id}/hosts/{host}/file"
        case .setTriage: "/api/documents/{id}/triage/{fingerprint}"
        case .exportDocument: "/api/documents/{id}/export/{format}"
        case .openAPI: "/api/openapi.json"
        case .probeKit: "/api/documents/{id}/probes"
        case .setProbeOutcome: "/api/documents/{id}/probes/outcomes/{probe}"
        case .importProbeResults: "/api/documents/{id}/probes/results"
        case .setAttackerHost: "/api/documents/{id}/probes/attacker-host"
        case .exportProbes: "/api/documents/{id}/probes/export/{kind}"
        }
    }

    /// The path as the router matches it (`:id` for a parameter).
    var routerPath: String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : segment
        }.joined(separator: "/")
    }

    /// The name the OpenAPI document gives the operation.
    var operationID: String { rawValue }

    /// Whether the route reads `?platform=ios|android` (the host routes: `ios`, the default, acts
    /// on the host's apple-app-site-association; `android` on its assetlinks.json).
    var takesPlatform: Bool {
        switch self {
        case .editHostText, .refetchHost, .useFileForHost, .revertHost: true
        default: false
        }
    }
}
