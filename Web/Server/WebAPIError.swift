import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An error the API answers with: a 4xx status and `{"error": "one sentence"}`, never a stack
/// trace. Every message goes through a JSON encoder, so an attacker's string in it stays text.
public struct WebAPIError: Error, Sendable, Equatable, HTTPResponseError {
    public var status: HTTPResponse.Status
    public var message: String

    public init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Self.response(status: status, message: message)
    }

    /// The JSON error response.
    static func response(status: HTTPResponse.Status, message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: json(message))))
    }

    static func json(_ message: String) -> Data {
        guard let data = try? JSONEncoder().encode(["error": message]) else {
            return Data(#"{"error":"The request failed."}"#.utf8)
        }
        return htmlSafe(data)
    }

    /// `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`: the same JSON, but a decoded path parameter
    /// quoted in an error (`"><script>`) never appears as markup, even to a client that sniffs.
    /// Valid because in encoded JSON these bytes only occur inside strings.
    static func htmlSafe(_ data: Data) -> Data {
        var out = Data()
        out.reserveCapacity(data.count)
        for byte in data {
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: Array(#"\u003c"#.utf8))
            case UInt8(ascii: ">"): out.append(contentsOf: Array(#"\u003e"#.utf8))
            case UInt8(ascii: "&"): out.append(contentsOf: Array(#"\u0026"#.utf8))
            default: out.append(byte)
            }
        }
        return out
    }

    /// What any error thrown while answering becomes: ours as they are, the framework's by
    /// status with a fixed sentence, anything else as 500 without detail.
    static func from(_ error: any Error) -> WebAPIError {
        switch error {
        case let error as WebAPIError:
            return error
        case is NIOTooManyBytesError:
            return WebAPIError(.contentTooLarge, "The request body is too large.")
        case let error as any HTTPResponseError:
            switch error.status.code {
            case 404: return WebAPIError(.notFound, "No such page or API route.")
            case 405: return WebAPIError(.methodNotAllowed, "That method is not allowed here.")
            case 413: return WebAPIError(.contentTooLarge, "The request body is too large.")
            case 400..<500: return WebAPIError(error.status, "The request was not understood.")
            default: return WebAPIError(.internalServerError, "The server could not complete the request.")
            }
        default:
            return WebAPIError(.internalServerError, "The server could not complete the request.")
        }
    }
}
