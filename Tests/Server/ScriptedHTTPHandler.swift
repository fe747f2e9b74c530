import NIOCore
import NIOHTTP1

/// Answers one request per connection from the routes, then closes the connection.
final class ScriptedHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let routes: TestRoutes
    private let log: RequestLog
    private var head: HTTPRequestHead?
    private var answered = false

    init(routes: TestRoutes, log: RequestLog) {
        self.routes = routes
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
        case .body:
            break
        case .end:
            guard let head, !answered else { return }
            answered = true
            let host = head.headers.first(name: "host").map(Self.stripPort)
            let path = String(head.uri.prefix { $0 != "?" })
            let userAgent = head.headers.first(name: "user-agent")
            log.append(RecordedRequest(host: host, path: path, userAgent: userAgent, method: head.method.rawValue))
            let behavior =
                routes.behavior(host: host, path: path)
                ?? .respond(
                    TestResponse(
                        status: 404, headers: [TestHeader("Content-Type", "text/plain")],
                        body: Array("not found".utf8)))
            perform(behavior, userAgent: userAgent ?? "", context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private static func stripPort(_ host: String) -> String {
        if host.hasPrefix("[") { return host }
        return String(host.prefix { $0 != ":" })
    }

    private func perform(_ behavior: TestBehavior, userAgent: String, context: ChannelHandlerContext) {
        switch behavior {
        case .respond(let response):
            writeHead(
                status: response.status, headers: response.headers, contentLength: response.body.count,
                context: context)
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            finish(context: context)
        case .endless(let contentType, let limit):
            writeHead(
                status: 200, headers: [TestHeader("Content-Type", contentType)], contentLength: nil,
                context: context)
            context.flush()
            writeEndless(sent: 0, limit: limit, context: context)
        case .delayedHeaders(let delay, let then):
            let loop = context.eventLoop.assumeIsolated()
            loop.scheduleTask(in: Self.timeAmount(delay)) {
                guard context.channel.isActive else { return }
                self.perform(then, userAgent: userAgent, context: context)
            }
        case .trickle(let body, let interval):
            writeHead(
                status: 200, headers: [TestHeader("Content-Type", "application/json")], contentLength: body.count,
                context: context)
            context.flush()
            writeTrickle(body[...], interval: Self.timeAmount(interval), context: context)
        case .closeWithoutCloseNotify(let body):
            writeHead(
                status: 200, headers: [TestHeader("Content-Type", "application/json")], contentLength: nil,
                version: .http1_0, context: context)
            var buffer = context.channel.allocator.buffer(capacity: body.count)
            buffer.writeBytes(body)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer)))).assumeIsolated().whenComplete { _ in
                // Travels down through the TLS handler to `UncleanCloseHandler`, which closes the
                // socket itself, so TLS never gets to send close_notify.
                context.triggerUserOutboundEvent(UncleanCloseHandler.Close(), promise: nil)
            }
        case .byUserAgent(let needle, let matching, let otherwise):
            perform(userAgent.contains(needle) ? matching : otherwise, userAgent: userAgent, context: context)
        }
    }

    private func writeHead(
        status: Int,
        headers: [TestHeader],
        contentLength: Int?,
        version: HTTPVersion = .http1_1,
        context: ChannelHandlerContext
    ) {
        var fields = HTTPHeaders()
        for header in headers { fields.add(name: header.name, value: header.value) }
        if let contentLength { fields.replaceOrAdd(name: "Content-Length", value: String(contentLength)) }
        fields.replaceOrAdd(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status), headers: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }

    private func finish(context: ChannelHandlerContext) {
        let loop = context.eventLoop.assumeIsolated()
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            loop.execute { context.close(promise: nil) }
        }
    }

    private func writeEndless(sent: Int, limit: Int, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard sent < limit else {
            finish(context: context)
            return
        }
        let chunk = 16_384
        var buffer = context.channel.allocator.buffer(capacity: chunk)
        buffer.writeRepeatingByte(UInt8(ascii: " "), count: chunk)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer)))).assumeIsolated().whenComplete { result in
            switch result {
            case .success: self.writeEndless(sent: sent + chunk, limit: limit, context: context)
            case .failure: context.close(promise: nil)
            }
        }
    }

    private func writeTrickle(_ rest: ArraySlice<UInt8>, interval: TimeAmount, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard let byte = rest.first else {
            finish(context: context)
            return
        }
        var buffer = context.channel.allocator.buffer(capacity: 1)
        buffer.writeInteger(byte)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: interval) {
            self.writeTrickle(rest.dropFirst(), interval: interval, context: context)
        }
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// Sits between the socket and the TLS handler. On `Close` it closes the connection from
/// below TLS, as a server (or middlebox) that drops the TCP connection without TLS
/// `close_notify` does.
final class UncleanCloseHandler: ChannelOutboundHandler {
    typealias OutboundIn = Any

    /// The outbound user event that closes the connection below TLS.
    struct Close {}

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is Close else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        context.close(promise: promise)
    }
}
