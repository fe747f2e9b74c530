import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

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
            var cap = BodyCap(limit: bodyLimit)
            var body = Data()
            for try await chunk in response.body {
                let keep = cap.accept(chunk.readableBytes)
                body.append(contentsOf: chunk.readableBytesView.prefix(keep))
                if cap.truncated { break }
            }
            result.body = body
            result.bytes = cap.bytes
            result.truncated = cap.truncated
            if Task.isCancelled, !cap.truncated { result.error = timeoutError }
        } catch {
            result.error = Task.isCancelled ? timeoutError : FetchError.classify(error, url: url, host: target.host, port: target.port, timeout: timeoutError)
        }
        result.totalMs = milliseconds(since: start)
        return result
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
