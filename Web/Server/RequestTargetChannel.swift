import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with one handler more: it records each request's target exactly
/// as sent, in `X-LinkLab-Request-Target`, for the access policy. The conversion to HTTP types
/// turns an absolute-form target (`GET http://evil.example/api/documents`) into a plain path,
/// so without this the server would answer a request addressed to another host.
struct RequestTargetChannel: ServerChildChannel {
    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(RequestTargetRecorder(), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }

    /// The server builder for `Application(server:)`.
    static var builder: HTTPServerBuilder {
        HTTPServerBuilder { responder in RequestTargetChannel(base: HTTP1Channel(responder: responder)) }
    }
}

/// Puts the raw request target into `X-LinkLab-Request-Target`, replacing any such header the
/// client sent (so a client cannot claim a target it did not use).
final class RequestTargetRecorder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    static let header = "X-LinkLab-Request-Target"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: Self.header, value: head.uri)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
