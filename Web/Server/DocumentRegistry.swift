import Foundation
import Workbench

/// The documents open in this run, by ID, with the temporary files each one owns.
///
/// Lives on the main actor with the documents. Enforces the limits of docs/web-security.md: at most
/// `maxDocuments` open, and a document nobody asked about for `idleLimit` is closed (its files
/// deleted) the next time the registry is used or swept.
@MainActor
final class DocumentRegistry {
    struct Entry {
        let id: String
        let document: WorkbenchDocument
        /// The client's file name, sanitised (shown, never used as a path).
        let name: String
        let kind: String
        /// Temporary files this document owns (deleted when it closes).
        var files: [URL]
        var lastUsed: Date
        /// Event streams open on this document (finished when it closes).
        var listeners: [Int: AsyncStream<DocumentChange>.Continuation] = [:]
        /// The last document JSON and the revision it was rendered at (pages poll it).
        var rendered: (revision: Int, json: Data)?
        /// The decided URL list the last version was given to (`urlListVersion`).
        var urlList: URLListState?
    }

    /// A decided URL list as its version names it: the same arrays (compared by identity first,
    /// so an unchanged list costs nothing) and the same app.
    struct URLListState {
        var tests: [URLTest]
        var issues: [URLLineIssue]
        var app: String?
        var version: String
    }

    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    private var nextListener = 0
    private var nextURLListVersion = 0
    let settings: WorkbenchSettings
    let limits: WorkbenchServerLimits
    let spool: UploadSpool
    let now: @Sendable () -> Date

    nonisolated init(
        settings: WorkbenchSettings, limits: WorkbenchServerLimits, spool: UploadSpool,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.settings = settings
        self.limits = limits
        self.spool = spool
        self.now = now
    }

    /// Throws 429 when no other document may be opened now.
    func checkCapacity() throws(WebAPIError) {
        sweepIdle()
        guard entries.count < limits.maxDocuments else {
            throw WebAPIError(
                .tooManyRequests,
                "At most \(limits.maxDocuments) documents can be open at once; close one first.")
        }
    }

    /// Registers a new document (files: the temporary files it owns) and returns its ID.
    func add(
        name: String, kind: String, files: [URL],
        open: @MainActor @Sendable (WorkbenchDocument) throws -> Void
    ) throws -> String {
        do {
            try checkCapacity()
        } catch {
            files.forEach(spool.remove)
            throw error
        }
        let document = WorkbenchDocument(settings: settings)
        do {
            try open(document)
        } catch {
            document.close()
            files.forEach(spool.remove)
            throw error
        }
        let id = AccessToken.random().value
        entries[id] = Entry(id: id, document: document, name: name, kind: kind, files: files, lastUsed: now())
        order.append(id)
        return id
    }

    /// The document `id` (marks it used), or 404.
    func document(_ id: String) throws(WebAPIError) -> WorkbenchDocument {
        sweepIdle()
        guard var entry = entries[id] else { throw WebAPIError(.notFound, "No open document has this ID.") }
        entry.lastUsed = now()
        entries[id] = entry
        return entry.document
    }

    /// The document JSON of `id` (`GET /api/documents/ID`), rendered again only when the
    /// document's revision moved since the last request.
    func json(_ id: String) throws -> Data {
        let document = try self.document(id)
        if let rendered = entries[id]?.rendered, rendered.revision == document.revision { return rendered.json }
        let json = try document.jsonDocument()
        entries[id]?.rendered = (document.revision, json)
        return json
    }

    /// The version of `id`'s decided URL list (`URLListPage.version`): it changes whenever a line
    /// or a verdict of the list does (or the app whose IDs label them), and only then, so a page
    /// that holds this version's rows holds the current list.
    func urlListVersion(_ id: String) throws(WebAPIError) -> String {
        let document = try self.document(id)
        let app = document.app.map { "\($0.source.sha256) \($0.bundles.count)" }
        if let state = entries[id]?.urlList, state.tests == document.urlTests, state.issues == document.urlLineIssues,
            state.app == app
        {
            return state.version
        }
        nextURLListVersion += 1
        let version = "\(nextURLListVersion)"
        entries[id]?.urlList = URLListState(
            tests: document.urlTests, issues: document.urlLineIssues, app: app,
            version: version)
        return version
    }

    /// Gives `url` (a spooled upload) to the open document `id`: deleted when it closes.
    func own(_ url: URL, for id: String) throws(WebAPIError) {
        guard entries[id] != nil else { throw WebAPIError(.notFound, "No open document has this ID.") }
        entries[id]?.files.append(url)
    }

    /// The open documents, oldest first.
    var all: [Entry] { order.compactMap { entries[$0] } }

    /// A stream of `id`'s changes that also ends when the registry closes the document.
    func listen(_ id: String) throws(WebAPIError) -> AsyncStream<DocumentChange> {
        let document = try self.document(id)
        let (stream, continuation) = AsyncStream.makeStream(
            of: DocumentChange.self,
            bufferingPolicy: .bufferingNewest(1024))
        let listener = nextListener
        nextListener += 1
        entries[id]?.listeners[listener] = continuation
        let changes = document.changes()
        let forward = Task {
            for await change in changes { continuation.yield(change) }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            forward.cancel()
            Task { @MainActor [weak self] in self?.entries[id]?.listeners[listener] = nil }
        }
        return stream
    }

    /// Closes `id`: work cancelled, event streams ended, temporary files deleted.
    @discardableResult
    func close(_ id: String) -> Bool {
        guard let entry = entries.removeValue(forKey: id) else { return false }
        order.removeAll { $0 == id }
        entry.document.close()
        for listener in entry.listeners.values { listener.finish() }
        entry.files.forEach(spool.remove)
        return true
    }

    /// Closes every document (shutdown).
    func closeAll() {
        for id in order { close(id) }
    }

    /// Closes documents idle for longer than the limit.
    func sweepIdle() {
        let cutoff = now().addingTimeInterval(-limits.idleLimit)
        for id in order where (entries[id]?.lastUsed ?? .distantFuture) < cutoff { close(id) }
    }
}
