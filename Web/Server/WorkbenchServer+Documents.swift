import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Workbench

/// The document API of docs/commands/serve.md: thin — each route reads the request, calls one intent of the
/// workbench document on the main actor, and answers JSON.
extension WorkbenchServer {
    /// Registers every `APIRoute` (the one list of routes) with its handler.
    func registerAPIRoutes(on router: Router<BasicRequestContext>) {
        for route in APIRoute.allCases {
            router.on(RouterPath(route.routerPath), method: route.method) { request, context in
                try await self.handle(route, request, context)
            }
        }
    }

    /// One route's answer: reads the request, calls one intent of the document, answers JSON.
    private func handle(
        _ route: APIRoute, _ request: Request, _ context: BasicRequestContext
    ) async throws
        -> Response
    {
        let id = { try Self.pathParameter(context, "id") }
        let host = { try Self.pathParameter(context, "host") }
        let fingerprint = { try Self.pathParameter(context, "fingerprint") }
        switch route {
        case .listDocuments: return try await listDocuments()
        case .openDocument: return try await openDocument(request)
        case .addApp: return try await addApp(try id(), request)
        case .getDocument: return try await documentJSON(try id())
        case .closeDocument:
            guard await registry.close(try id()) else { throw WebAPIError(.notFound, "No open document has this ID.") }
            return Response(status: .noContent)
        case .documentEvents: return try await eventStream(try id())
        case .testURLs: return try await testURLs(try id(), request)
        // The page's URL list: set it and get its first slice; then the other slices.
        case .setURLList: return try await setURLList(try id(), request)
        case .urlListPage: return try await urlListPage(try id(), request)
        case .decideURL: return try await decideURL(try id(), request)
        // What the page renders: the package's presentation values, encoded as they are.
        case .documentView: return try await view(try id(), request)
        case .findingDetail: return try await findingDetail(try id(), fingerprint: try fingerprint())
        case .testURL: return try await tester(try id(), request)
        case .editHostText: return try await editText(try id(), host: try host(), request)
        case .cancelWork: return try await cancel(try id())
        case .refetchHost: return try await refetch(try id(), host: try host(), request)
        case .useFileForHost: return try await useFile(try id(), host: try host(), request)
        case .revertHost: return try await revert(try id(), host: try host(), request)
        case .setTriage: return try await setTriage(try id(), fingerprint: try fingerprint(), request)
        case .exportDocument: return try await export(try id(), format: try Self.pathParameter(context, "format"))
        // The handler probe kit and the outcomes the tester records (WorkbenchServer+Probes.swift).
        case .probeKit: return try await probeKit(try id())
        case .setProbeOutcome:
            return try await setProbeOutcome(try id(), probe: try Self.pathParameter(context, "probe"), request)
        case .importProbeResults: return try await importProbeResults(try id(), request)
        case .setAttackerHost: return try await setAttackerHost(try id(), request)
        case .exportProbes: return try await exportProbes(try id(), kind: try Self.pathParameter(context, "kind"))
        case .openAPI:
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            let body = ByteBuffer(string: OpenAPIDocument.json)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
    }

    // MARK: Documents

    /// The open documents (`DocumentListEntry`), in the order they were opened.
    private struct DocumentList: Encodable {
        let documents: [DocumentListEntry]
        let limit: Int
    }

    @MainActor
    private func listDocuments() throws -> Response {
        registry.sweepIdle()
        let open = registry.all.map { (id: $0.id, name: $0.name, kind: $0.kind, document: $0.document) }
        return try Self.encoded(DocumentList(documents: DocumentListEntry.list(open), limit: limits.maxDocuments))
    }

    private func openDocument(_ request: Request) async throws -> Response {
        try await registry.checkCapacity()
        let name = UploadName.display(request.headers[.linkLabFilename])
        if let domain = request.headers[.linkLabDomain] {
            let host = try UploadName.host(domain)
            let data = try await Self.smallBody(request, limit: limits.maxBody)
            let id = try await registry.add(name: host, kind: data.isEmpty ? "domain" : "aasa", files: []) { document in
                if data.isEmpty { document.openDomain(host) } else { document.openAssociationFile(data, host: host) }
            }
            return try Self.encoded(CreatedDocument(id: id, name: host), status: .created)
        }
        let declared = request.headers[.contentLength].flatMap { Int64($0) }
        let upload = try await spool.receive(
            request.body, declaredLength: declared, limit: limits.maxUpload,
            extension: "upload")
        let prefix = UploadName.prefix(of: upload.url)
        if upload.size == 0 {
            spool.remove(upload.url)
            throw WebAPIError(.badRequest, "The upload is empty: send the file's bytes as the request body.")
        }
        if UploadName.looksLikeJSON(prefix) || name.lowercased().hasSuffix(".linklab") {
            defer { spool.remove(upload.url) }
            guard upload.size <= Self.maxSessionBytes else {
                throw WebAPIError(.contentTooLarge, "A session file may be at most \(Self.maxSessionBytes) bytes.")
            }
            let data = try Data(contentsOf: upload.url)
            let id = try await registry.add(name: name, kind: "session", files: []) { document in
                do {
                    try document.openSession(data)
                } catch {
                    throw WebAPIError(
                        .badRequest,
                        Self.sentence(String(describing: error))
                            + " (An association file needs its host in the X-LinkLab-Domain header.)")
                }
            }
            return try Self.encoded(CreatedDocument(id: id, name: name), status: .created)
        }
        // An Android package (by its name, or a ZIP holding a manifest) opens as the product's
        // Android app; anything else is read as an iOS app.
        if WorkbenchDocument.isAndroidPackage(at: upload.url, name: name) {
            let id = try await registry.add(name: name, kind: "apk", files: [upload.url]) { document in
                document.addAndroidApp(at: upload.url, name: name)
            }
            return try Self.encoded(CreatedDocument(id: id, name: name), status: .created)
        }
        let id = try await registry.add(name: name, kind: "app", files: [upload.url]) { document in
            document.openApp(at: upload.url, name: name)
        }
        return try Self.encoded(CreatedDocument(id: id, name: name), status: .created)
    }

    /// `POST …/apps`: the product's other app added to an open document (the page's drop on an
    /// open document). An Android package joins any document as its Android app (a second one
    /// replaces the first); an iOS app joins a document that holds only the Android app. The
    /// upload is spooled like an open's and owned by the document; its path is never answered.
    private func addApp(_ id: String, _ request: Request) async throws -> Response {
        _ = try await registry.document(id)
        let name = UploadName.display(request.headers[.linkLabFilename])
        let declared = request.headers[.contentLength].flatMap { Int64($0) }
        let upload = try await spool.receive(
            request.body, declaredLength: declared, limit: limits.maxUpload,
            extension: "upload")
        guard upload.size > 0 else {
            spool.remove(upload.url)
            throw WebAPIError(.badRequest, "The upload is empty: send the app's bytes as the request body.")
        }
        if UploadName.looksLikeJSON(UploadName.prefix(of: upload.url)) || name.lowercased().hasSuffix(".linklab") {
            spool.remove(upload.url)
            throw WebAPIError(
                .badRequest,
                "A session or an association file is not an app: open a session as a "
                    + "document of its own, and use a host's card for an association file.")
        }
        let android = WorkbenchDocument.isAndroidPackage(at: upload.url, name: name)
        return try await MainActor.run {
            let document: WorkbenchDocument
            do {
                document = try registry.document(id)
                if !android, !document.canAddIOSApp {
                    throw WebAPIError(
                        .conflict,
                        document.app != nil || !document.domains.isEmpty
                            ? "This document already holds an iOS app (or its hosts): open \(name) as a document of "
                                + "its own, or add the product's Android app (.apk)."
                            : "This document holds no app to add \(name) to: open it as a document of its own.")
                }
                try registry.own(upload.url, for: id)
            } catch {
                spool.remove(upload.url)
                throw error
            }
            if android {
                document.addAndroidApp(at: upload.url, name: name)
            } else {
                document.addIOSApp(at: upload.url, name: name)
            }
            return try Self.encoded(
                AddedApp(id: id, name: name, platform: android ? "android" : "ios"),
                status: .accepted)
        }
    }

    /// `POST …/apps`' answer: the app is being read; the document's phase and view follow it.
    private struct AddedApp: Encodable {
        let id: String
        let name: String
        /// `ios` or `android`: the half of the product the file became.
        let platform: String
    }

    /// Largest `.linklab` session read into memory.
    static let maxSessionBytes: Int64 = 64 << 20

    @MainActor
    private func documentJSON(_ id: String) throws -> Response {
        let document = try registry.document(id)
        do {
            return Self.jsonResponse(try registry.json(id))
        } catch WorkbenchDocumentError.notReady {
            // Still inspecting (or failed before any fact): the page needs the phase to show progress.
            return try Self.encoded(UnreadDocument(phase: document.phase))
        } catch {
            throw Self.apiError(error)
        }
    }

    // MARK: URLs, hosts, triage

    private func testURLs(_ id: String, _ request: Request) async throws -> Response {
        let lines = try await Self.body(
            LinesBody.self, request, limit: limits.maxBody,
            hint: "Send {\"lines\": \"one URL per line\"}."
        ).lines
        return try await MainActor.run {
            let document = try registry.document(id)
            document.setURLLines(lines)
            // The list alone, in the document JSON's shape (not the whole document, parsed again).
            do { return Self.jsonResponse(try document.urlTestsDocument()) } catch { throw Self.apiError(error) }
        }
    }

    /// Most lines one slice of the URL list carries.
    static let maxURLPage = 2_000

    /// `PUT …/urls {"lines": "…"}` (the page's Decide): the list decided, answered with its first
    /// `?limit=` lines (`URLListPage`, 100 by default); the page asks for the rest with
    /// `GET …/urls?offset=&limit=` while it shows these.
    private func setURLList(_ id: String, _ request: Request) async throws -> Response {
        let lines = try await Self.body(
            LinesBody.self, request, limit: limits.maxBody,
            hint: "Send {\"lines\": \"one URL per line\"}."
        ).lines
        let limit = try Self.pageLimit(request, default: 100)
        return try await MainActor.run {
            let document = try registry.document(id)
            document.setURLLines(lines)
            let version = try registry.urlListVersion(id)
            return try Self.encoded(document.urlListPage(offset: 0, limit: limit, version: version))
        }
    }

    /// `GET …/urls?offset=&limit=`: a slice of the decided list (`URLListPage`).
    @MainActor
    private func urlListPage(_ id: String, _ request: Request) throws -> Response {
        let document = try registry.document(id)
        let offset = try Self.integerParameter(request, "offset") ?? 0
        let limit = try Self.pageLimit(request, default: 500)
        let version = try registry.urlListVersion(id)
        return try Self.encoded(document.urlListPage(offset: offset, limit: limit, version: version))
    }

    static func pageLimit(_ request: Request, default value: Int) throws -> Int {
        guard let limit = try integerParameter(request, "limit") else { return value }
        guard limit >= 1, limit <= maxURLPage else {
            throw WebAPIError(.badRequest, "The limit must be between 1 and \(maxURLPage).")
        }
        return limit
    }

    /// A non-negative integer query parameter, nil when absent (400 when it is not one).
    static func integerParameter(_ request: Request, _ name: String) throws -> Int? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw WebAPIError(.badRequest, "The \(name) must be a non-negative integer.")
        }
        return value
    }

    /// One URL decided against the document's current files (the URL tester's keystrokes): read-only,
    /// so it neither re-decides the list nor recomputes findings nor serialises the whole document.
    private func decideURL(_ id: String, _ request: Request) async throws -> Response {
        let body = try await Self.body(
            URLBody.self, request, limit: limits.maxBody,
            hint: "Send {\"url\": \"https://…\"}.")
        let url = body.url
        // Scripts get the traces unless they say otherwise; the page's keystrokes ask without them
        // and fetch one when its disclosure opens (a trace lists every rule tried).
        let traced = body.trace ?? true
        let test = try await MainActor.run { try registry.document(id).decide(url: url, traced: traced) }
        do {
            return Self.jsonResponse(try test.urlTestDocument())
        } catch {
            throw WebAPIError(.internalServerError, "The URL test could not be written.")
        }
    }

    /// The host fetched again on the platform the request names, answered (202) with its state
    /// (`?platform=android`: its Android card).
    @MainActor
    private func refetch(_ id: String, host: String, _ request: Request) throws -> Response {
        let document = try registry.document(id)
        let platform = try Self.platform(request)
        do { try document.refetch(host: host, on: platform) } catch { throw Self.apiError(error) }
        return try hostAnswer(document, host: host, on: platform, status: .accepted) {
            let status = try document.hostStatus(host)
            return HostStateAnswer(host: status.host, state: status.state)
        }
    }

    /// The body used as the host's association file on the platform the request names,
    /// answered with the host's report (`?platform=android`: its Android card).
    private func useFile(_ id: String, host: String, _ request: Request) async throws -> Response {
        let data = try await Self.smallBody(request, limit: limits.maxBody)
        let name = request.headers[.linkLabFilename].map { UploadName.display($0) } ?? "\(host).json"
        let platform = try Self.platform(request)
        return try await MainActor.run {
            let document = try registry.document(id)
            do { try document.useFile(data, name: name, forHost: host, on: platform) } catch {
                throw Self.apiError(error)
            }
            return try hostAnswer(document, host: host, on: platform) { try document.hostStatus(host) }
        }
    }

    /// The host's file back to what it served before the what-if, on the platform the request
    /// names, answered with the host's report (`?platform=android`: its Android card).
    @MainActor
    private func revert(_ id: String, host: String, _ request: Request) throws -> Response {
        let document = try registry.document(id)
        let platform = try Self.platform(request)
        do { try document.revert(host: host, on: platform) } catch { throw Self.apiError(error) }
        return try hostAnswer(document, host: host, on: platform) { try document.hostStatus(host) }
    }

    /// The platform a host route names: `?platform=android`, else iOS (`ios` or none); any
    /// other value is a 400.
    static func platform(_ request: Request) throws -> AppPlatform {
        switch request.uri.queryParameters.get("platform") {
        case nil, "ios": return .ios
        case "android": return .android
        default: throw WebAPIError(.badRequest, "platform must be ios or android.")
        }
    }

    /// What a host route answers after its operation: an Android host's card, or for an iOS
    /// host the value `ios` gives (its state, report or card, as the route documents).
    @MainActor
    private func hostAnswer<Answer: Encodable>(
        _ document: WorkbenchDocument, host: String, on platform: AppPlatform,
        status: HTTPResponse.Status = .ok, ios: () throws -> Answer
    ) throws -> Response {
        switch platform {
        case .android:
            return try androidCard(document, host: host, status: status)
        case .ios:
            let answer: Answer
            do { answer = try ios() } catch let error as WorkbenchDocumentError { throw Self.apiError(error) }
            return try Self.encoded(answer, status: status)
        }
    }

    /// The Android card of `host` (the Domains tab's `assetlinks.json` card).
    @MainActor
    private func androidCard(
        _ document: WorkbenchDocument, host: String,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let key = host.lowercased().trimmingCharacters(in: .whitespaces)
        guard let card = document.androidHostCards.first(where: { $0.host == key }) else {
            throw Self.apiError(WorkbenchDocumentError.hostNotClaimed(String(host.prefix(253))))
        }
        return try Self.encoded(card, status: status)
    }

    private func setTriage(_ id: String, fingerprint: String, _ request: Request) async throws -> Response {
        let names = TriageStatus.allCases.map(\.rawValue).joined(separator: ", ")
        let body = try await Self.body(
            TriageBody.self, request, limit: limits.maxBody,
            hint: "Send {\"status\": one of \(names), \"note\": \"…\"}.")
        let (status, note) = (body.status, body.note)
        let (query, severities) = Self.findingFilter(request)
        return try await MainActor.run {
            let document = try registry.document(id)
            do { try document.setTriage(fingerprint: fingerprint, status: status, note: note) } catch {
                throw Self.apiError(error)
            }
            // The one finding as the document JSON lists it, and what the sidebar (filtered as the
            // page's `?query=&severities=`) patches.
            let item = document.findings.first { $0.fingerprint == fingerprint }
            return try Self.encoded(
                TriageAnswer(
                    fingerprint: fingerprint, finding: item.map { FindingJSON($0.finding, triage: $0.triage) },
                    triage: item?.triage ?? Triage(status: status, note: note, setAt: Date()),
                    sidebar: document.findingListPatch(fingerprint: fingerprint, query: query, severities: severities)))
        }
    }

    /// `PUT …/findings/FP/triage`'s answer.
    private struct TriageAnswer: Encodable {
        let fingerprint: String
        /// As the document JSON lists it; null when no finding has the fingerprint (yet).
        let finding: FindingJSON?
        let triage: Triage
        let sidebar: FindingListPatch

        private enum Key: String, CodingKey { case fingerprint, finding, triage, sidebar }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(fingerprint, forKey: .fingerprint)
            try container.encode(finding, forKey: .finding)
            try container.encode(TriageJSON(triage), forKey: .triage)
            try container.encode(sidebar, forKey: .sidebar)
        }
    }

    /// The findings filter of a request's `?query=&severities=` (as the view takes it).
    static func findingFilter(_ request: Request) -> (String, Set<Severity>?) {
        let query = request.uri.queryParameters.get("query") ?? ""
        let severities = request.uri.queryParameters.get("severities").map { list in
            Set(list.split(separator: ",").compactMap { Severity(rawValue: String($0)) })
        }
        return (query, severities)
    }

    // MARK: Export

    @MainActor
    private func export(_ id: String, format name: String) throws -> Response {
        let document = try registry.document(id)
        guard let format = ExportFormat(rawValue: name) else {
            let names = ExportFormat.allCases.map(\.id)
            let list = "\(names.dropLast().joined(separator: ", ")) and \(names.last ?? "")"
            throw WebAPIError(.notFound, "Export formats are \(list).")
        }
        let data: Data
        do {
            data = try document.export(format)
        } catch {
            throw Self.apiError(error)
        }
        // The tester's name for the file (an upload's file name, never the spool's), as the page offers it.
        let fileName = document.exportNames[format.id] ?? "linklab-export.\(format.fileExtension)"
        var headers = HTTPFields()
        headers[.contentType] = format.mediaType
        headers[.contentDisposition] = UploadName.contentDisposition(fileName)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: Presentation (what the page renders)

    @MainActor
    private func view(_ id: String, _ request: Request) throws -> Response {
        let document = try registry.document(id)
        let (query, severities) = Self.findingFilter(request)
        var presentation = document.presentation(query: query, severities: severities)
        // The URL list's lines come in slices (GET …/urls), never in the view: a view is the
        // list's version, summary and size, and the typed text only while the page asks for it.
        let version = try registry.urlListVersion(id)
        let list = URLListPage(
            version: version, summary: presentation.urls.summary,
            total: document.urlListCount, offset: 0, items: [])
        presentation.urls.items = []
        presentation.urls.more = nil
        // The table's rows come with the slices too (each line's `crossPlatform`); its counts stay.
        presentation.urls.crossPlatform?.rows = []
        presentation.urls.crossPlatform?.more = nil
        if request.uri.queryParameters.get("lines") == "omit" { presentation.urls.lines = "" }
        return try Self.encoded(ViewAnswer(presentation: presentation, urlList: list))
    }

    /// The view's JSON: the document's presentation and, beside it, `urlList`.
    struct ViewAnswer: Encodable {
        var presentation: DocumentPresentation
        var urlList: URLListPage

        private enum Key: String, CodingKey { case urlList }

        func encode(to encoder: any Encoder) throws {
            try presentation.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(urlList, forKey: .urlList)
        }
    }

    @MainActor
    private func findingDetail(_ id: String, fingerprint: String) throws -> Response {
        let document = try registry.document(id)
        guard let detail = document.findingDetail(fingerprint: fingerprint) else {
            throw WebAPIError(.notFound, "The document has no finding with this fingerprint (any more).")
        }
        return try Self.encoded(detail)
    }

    /// One typed URL as the URL tester shows it (read-only; traces when asked for).
    private func tester(_ id: String, _ request: Request) async throws -> Response {
        let body = try await Self.body(
            URLBody.self, request, limit: limits.maxBody,
            hint: "Send {\"url\": \"https://…\"}.")
        let url = body.url
        let traced = body.trace ?? false
        return try await MainActor.run {
            try Self.encoded(try registry.document(id).presentation(ofTyped: url, traced: traced))
        }
    }

    /// The what-if editor's text: decided as if the copy that decides served it (the browser's
    /// LF line breaks put back to the served file's, by `editFromTextArea`) on the platform the
    /// request names, answered with the host's card (`?platform=android`: its Android card).
    private func editText(_ id: String, host: String, _ request: Request) async throws -> Response {
        let data = try await Self.smallBody(request, limit: limits.maxBody)
        guard let text = String(data: data, encoding: .utf8) else {
            throw WebAPIError(.badRequest, "The edited text must be UTF-8.")
        }
        let platform = try Self.platform(request)
        return try await MainActor.run {
            let document = try registry.document(id)
            do { try document.editFromTextArea(text, forHost: host, on: platform) } catch {
                throw Self.apiError(error)
            }
            return try hostAnswer(document, host: host, on: platform) {
                try document.domainCard(forHost: host).presentation
            }
        }
    }

    @MainActor
    private func cancel(_ id: String) throws -> Response {
        let document = try registry.document(id)
        document.cancel()
        return try Self.encoded(PhaseStatus(document.phase))
    }

    // MARK: Helpers

    /// A presentation value as JSON (sorted keys, so equal values are equal bytes).
    static func encoded(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        jsonResponse(try encodedData(value), status: status)
    }

    static func encodedData(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            throw WebAPIError(.internalServerError, "The answer could not be written.")
        }
    }

    /// A path parameter percent-decoded once (a fingerprint's `:` arrives as `%3A`); an invalid
    /// encoding (a stray `%`, bytes that are not UTF-8) is a 400 rather than a lookup of the raw text.
    static func pathParameter(_ context: BasicRequestContext, _ name: String) throws -> String {
        let raw = try context.parameters.require(name)
        guard let decoded = raw.removingPercentEncoding else {
            throw WebAPIError(.badRequest, "The \(name) in the path is not valid percent-encoding.")
        }
        return decoded
    }

    /// A request body of at most `limit` bytes (413 by `Content-Length` before reading, or while reading).
    static func smallBody(_ request: Request, limit: Int) async throws -> Data {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw WebAPIError(.contentTooLarge, "The request body is larger than \(limit) bytes.")
        }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Data(buffer: buffer)
        } catch is NIOTooManyBytesError {
            throw WebAPIError(.contentTooLarge, "The request body is larger than \(limit) bytes.")
        }
    }

    /// A JSON object body decoded as `Body` (400 with `hint` when it is not one).
    static func body<Body: Decodable>(
        _ type: Body.Type, _ request: Request, limit: Int, hint: String
    ) async throws
        -> Body
    {
        try RequestBody.decode(type, from: try await smallBody(request, limit: limit), hint: hint)
    }

    static func jsonResponse(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func apiError(_ error: any Error) -> WebAPIError {
        guard let error = error as? WorkbenchDocumentError else { return WebAPIError.from(error) }
        switch error {
        case .hostNotClaimed: return WebAPIError(.notFound, sentence(error.description))
        case .notReady: return WebAPIError(.conflict, "The document is not ready yet: nothing has been read.")
        case .unreadableSession, .unreadableInput: return WebAPIError(.badRequest, sentence(error.description))
        case .exportFailed: return WebAPIError(.internalServerError, sentence(error.description))
        }
    }

    /// "the app does not claim x" → "The app does not claim x."
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return "The request failed." }
        let body = first.uppercased() + text.dropFirst()
        return body.hasSuffix(".") ? body : body + "."
    }
}
