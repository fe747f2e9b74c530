import Foundation
import HTTPTypes
import Hummingbird

/// Serving the page's compiled-in files: a fixed route per file, so there is no file system
/// lookup and nothing to traverse (`..`, `%2e%2e`, `?raw` all simply find no route).
extension EmbeddedAssets {
    /// The literal in index.html that the server replaces with this run's token.
    static let csrfPlaceholder = "{{CSRF_TOKEN}}"

    static func register<Context: RequestContext>(on router: Router<Context>, token: AccessToken) {
        for (path, asset) in files {
            let body: ByteBuffer
            if path == "/index.html" {
                let page = asset.body.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
                body = ByteBuffer(string: page.replacingOccurrences(of: csrfPlaceholder, with: token.value))
            } else {
                body = asset.body.withUTF8Buffer { ByteBuffer(bytes: $0) }
            }
            let contentType = asset.contentType
            let respond: @Sendable (Request, Context) async throws -> Response = { _, _ in
                var headers = HTTPFields()
                headers[.contentType] = contentType
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
            }
            router.get(RouterPath(path), use: respond)
            if path == "/index.html" { router.get("/", use: respond) }
        }
    }
}
