import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// A server as the tests use it: HummingbirdTesting's client sends `Host: localhost`, so that
/// is the allow-list; the token is fixed so requests can carry it.
/// A file of the repository's `Samples/` folder (the bundled sample app and its association files).
func sample(_ relativePath: String) -> URL {
    Fixtures.repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(relativePath)
}

struct WebFixture {
    static let token = AccessToken(value: "0123456789abcdef0123456789abcdef")
    let server: WorkbenchServer
    /// Deletes the server's upload folder once the test is done with the fixture: a server run
    /// through the router alone never shuts down, which is where `linklab serve` deletes it.
    private let spoolCleanup: SpoolCleanup

    init(
        settings: WorkbenchSettings = .init(offline: true), limits: WorkbenchServerLimits = .init(),
        hosts: [String] = ["localhost"], now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        server =
            try WorkbenchServer(
                settings: settings, identity: ServerIdentity(token: Self.token, allowedHosts: hosts),
                limits: limits, now: now)
        spoolCleanup = SpoolCleanup(server.spool)
    }

    /// Removes an upload folder when the last copy of the fixture that owns it goes.
    private final class SpoolCleanup: Sendable {
        let spool: UploadSpool
        init(_ spool: UploadSpool) { self.spool = spool }
        deinit { spool.removeAll() }
    }

    var application: some ApplicationProtocol { Application(router: server.router()) }

    /// Headers of an authenticated request (bearer: the page and scripts alike).
    static var bearer: HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = "Bearer \(token.value)"
        return fields
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
        return try #require(object as? [String: Any])
    }

    /// The security headers docs/web-security.md requires on every response.
    static func expectSecurityHeaders(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        let headers = response.headers
        #expect(
            headers[.contentSecurityPolicy] == """
                default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; \
                object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; \
                require-trusted-types-for 'script'
                """, sourceLocation: sourceLocation)
        #expect(headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", sourceLocation: sourceLocation)
        #expect(headers[.cacheControl] == "no-store", sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("X-Frame-Options")!] == "DENY", sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] == "same-origin", sourceLocation: sourceLocation)
        #expect(headers[.crossOriginResourcePolicy] == "same-origin", sourceLocation: sourceLocation)
    }

    /// `{"error": "…"}` and nothing else.
    static func expectErrorBody(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try json(response)
        #expect(object.count == 1, sourceLocation: sourceLocation)
        let message = try #require(object["error"] as? String, sourceLocation: sourceLocation)
        #expect(!message.isEmpty, sourceLocation: sourceLocation)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    }
}

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
#endif

/// A TCP connection to 127.0.0.1 that sends exactly the bytes a test gives: request targets,
/// headers and partial bodies no HTTP client library would send.
final class RawConnection {
    private let descriptor: Int32

    init(port: Int, timeout seconds: Int = 10) throws {
        descriptor = socket(AF_INET, streamSocket, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard descriptor >= 0, connected == 0 else {
            close(descriptor)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot connect to port \(port)"])
        }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) { send(Data(text.utf8)) }

    func send(_ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let sent = write(descriptor, base + offset, bytes.count - offset)
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Everything the server sends until it closes the connection (or the receive timeout).
    func receiveAll() -> String {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    deinit { close(descriptor) }
}
