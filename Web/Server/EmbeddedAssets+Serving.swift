import Foundation
import HTTPTypes
import Hummingbird

/// Serving the page's compiled-in files: a fixed route per file, so there is no file system
/// lookup and nothing to traverse (`..`, `%2e%2e`, `?raw` all simply find no route). The files
/// are the same for everyone: no data and no secret is ever put into them, so they are the only
/// thing served without the token. `HEAD` of each answers as its `GET` does, without the body.
extension EmbeddedAssets {
    /// The paths of the static files and `/` (the shell): what `GET` without a token may read.
    static let publicPaths: Set<String> = Set(files.keys).union(["/"])

    static func register<Context: RequestContext>(on router: Router<Context>) {
        for (path, asset) in files {
            let body = asset.body.withUTF8Buffer { ByteBuffer(bytes: $0) }
            let contentType = asset.contentType
            let respond: @Sendable (Request, Context) async throws -> Response = { _, _ in
                var headers = HTTPFields()
                headers[.contentType] = contentType
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
            }
            // `HEAD` answers as `GET` without the body: the same status, type and length.
            let length = String(body.readableBytes)
            let head: @Sendable (Request, Context) async throws -> Response = { _, _ in
                var headers = HTTPFields()
                headers[.contentType] = contentType
                headers[.contentLength] = length
                return Response(status: .ok, headers: headers, body: .init())
            }
            router.get(RouterPath(path), use: respond)
            router.head(RouterPath(path), use: head)
            if path == "/index.html" {
                router.get("/", use: respond)
                router.head("/", use: head)
            }
        }
    }
}
