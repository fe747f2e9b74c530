import Foundation
import Hummingbird
import Workbench

/// `GET /api/documents/ID/events`: the document's changes as server-sent events (`phase`,
/// `host`, `findings`, `urls`, `app`), a `: ping` comment every heartbeat so a vanished client
/// is noticed, and the end of the stream when the document closes.
extension WorkbenchServer {
    func eventStream(_ id: String) async throws -> Response {
        let (changes, phase) = try await MainActor.run {
            let changes = try registry.listen(id)
            return (changes, try registry.document(id).phase)
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        let heartbeat = limits.heartbeat
        let body = ResponseBody { writer in
            try await writer.write(Self.frame(.phase(phase)))
            let (frames, sink) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(1024))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await change in changes { sink.yield(Self.frame(change)) }
                    sink.finish()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: heartbeat)
                        sink.yield(ByteBuffer(string: ": ping\n\n"))
                    }
                }
                defer { group.cancelAll() }
                for await frame in frames { try await writer.write(frame) }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// One event: `event: NAME` and one line of JSON data.
    static func frame(_ change: DocumentChange) -> ByteBuffer {
        let name: String
        let data: EventData
        switch change {
        case .phase(let phase): (name, data) = ("phase", .phase(phase))
        case .host(let host): (name, data) = ("host", .host(host))
        case .findings: (name, data) = ("findings", .none)
        case .urlTests: (name, data) = ("urls", .none)
        case .app: (name, data) = ("app", .none)
        case .probes: (name, data) = ("probes", .none)
        }
        let json = (try? encodedData(data)) ?? Data("{}".utf8)
        // JSONEncoder without pretty-printing never writes a raw newline: the data stays one SSE line.
        return ByteBuffer(string: "event: \(name)\ndata: \(String(decoding: json, as: UTF8.self))\n\n")
    }
}
