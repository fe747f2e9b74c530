import Foundation

/// The requests a server saw, shared between its connections.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [RecordedRequest] = []

    func append(_ request: RecordedRequest) {
        lock.lock()
        defer { lock.unlock() }
        entries.append(request)
    }

    var all: [RecordedRequest] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}
