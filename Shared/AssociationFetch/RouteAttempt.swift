import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// One HTTP request of one route, read within the cap. Cancellation (the route's timer)
/// ends it with what it had so far, marked with `timeoutError`.
struct RouteAttempt: Sendable {
    let client: HTTPClient
    let url: String
    let route: FetchRoute
    let userAgent: String
    let bodyLimit: Int
    let target: (host: String, port: Int)
    let start: ContinuousClock.Instant
    let timeoutError: FetchError

    func run(until end: ContinuousClock.Instant) async -> RouteResult {
        var result = RouteResult(route: route, url: url, userAgent: userAgent)
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "*/*")
        let deadline = NIODeadline.now() + AssociationFetcher.timeAmount(end - ContinuousClock.now)
        var cap = BodyCap(limit: bodyLimit)
        var body = Data()
        do {
            let response = try await client.execute(request, deadline: deadline)
            result.timeToHeadersMs = milliseconds(since: start)
            result.status = Int(response.status.code)
            result.headers = response.headers.map { HeaderField(name: $0.name, value: $0.value) }
            result.redirect = RedirectRecord.make(
                status: Int(response.status.code),
                location: response.headers.first(name: "Location"),
                requestURL: url
            )
            for try await chunk in response.body {
                let keep = cap.accept(chunk.readableBytes)
                body.append(contentsOf: chunk.readableBytesView.prefix(keep))
                if cap.truncated { break }
            }
            if Task.isCancelled, !cap.truncated { result.error = timeoutError }
        } catch {
            result.error =
                Task.isCancelled ? timeoutError : classify(error, answered: result.status != nil, bytes: cap.bytes)
        }
        // Bytes that arrived before a failure are evidence (a preview), never parsed: the
        // route has an error, so `parseBody` leaves them alone.
        result.body = body
        result.bytes = cap.bytes
        result.truncated = cap.truncated
        result.totalMs = milliseconds(since: start)
        return result
    }

    /// A TCP close without `close_notify` once the response has begun is not a handshake
    /// failure: the server answered, and the body read so far is kept and counted.
    private func classify(_ error: any Error, answered: Bool, bytes: Int) -> FetchError {
        if answered, let tls = error as? NIOSSLError, case .uncleanShutdown = tls {
            return .uncleanClose(url: url, bytes: bytes)
        }
        return FetchError.classify(error, url: url, host: target.host, port: target.port, timeout: timeoutError)
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
