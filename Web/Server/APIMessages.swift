import Foundation
import Workbench

// The web API's own request and answer shapes (the rest are the package's presentation types):
// every body is decoded into a type and every answer encoded from one, never a dictionary.

/// A body the API reads: a JSON object, decoded as `Body`; a body that is not an object, or
/// lacks what `Body` needs, is a 400 with the route's `hint`.
enum RequestBody {
    static func decode<Body: Decodable>(_ type: Body.Type, from data: Data, hint: String) throws -> Body {
        let decoder = JSONDecoder()
        guard (try? decoder.decode(AnyObjectShape.self, from: data)) != nil else {
            throw WebAPIError(.badRequest, "The body must be a JSON object.")
        }
        do {
            return try decoder.decode(Body.self, from: data)
        } catch let error as WebAPIError {
            throw error
        } catch {
            throw WebAPIError(.badRequest, hint)
        }
    }

    /// Any JSON object (its members are not read).
    private struct AnyObjectShape: Decodable {
        init(from decoder: any Decoder) throws {
            _ = try decoder.container(keyedBy: AnyKey.self)
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// `{"lines": "…"}`: a URL list.
struct LinesBody: Decodable {
    let lines: String
}

/// `{"url": "…", "trace": true}`: one URL; `trace` is read when it is a boolean.
struct URLBody: Decodable {
    let url: String
    let trace: Bool?

    private enum Key: String, CodingKey { case url, trace }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        url = try container.decode(String.self, forKey: .url)
        trace = try? container.decodeIfPresent(Bool.self, forKey: .trace)
    }
}

/// `{"status": "confirmed", "note": "…"}`: a finding's triage.
struct TriageBody: Decodable {
    let status: TriageStatus
    let note: String

    private enum Key: String, CodingKey { case status, note }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        status = try container.decode(TriageStatus.self, forKey: .status)
        do {
            note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
        } catch {
            throw WebAPIError(.badRequest, "The note must be a string.")
        }
    }
}

/// `201 Created`: the new document's ID and name.
struct CreatedDocument: Encodable {
    let id: String
    let name: String
}

/// A host and its state (`202` after a refetch starts).
struct HostStateAnswer: Encodable {
    let host: String
    let state: HostState
}

/// The document JSON while nothing has been read yet: its phase, and no hosts or findings.
struct UnreadDocument: Encodable {
    let phase: DocumentPhase

    private enum Key: String, CodingKey { case hosts, findings }

    func encode(to encoder: any Encoder) throws {
        try phase.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode([String](), forKey: .hosts)
        try container.encode([String](), forKey: .findings)
    }
}

/// One server-sent event's data: the phase, the host that changed, or nothing.
enum EventData: Encodable {
    case phase(DocumentPhase)
    case host(String)
    case none

    private enum Key: String, CodingKey { case host }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .phase(let phase): try phase.encode(to: encoder)
        case .host(let host):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(host, forKey: .host)
        case .none:
            _ = encoder.container(keyedBy: Key.self)
        }
    }
}
