import Foundation
import TestServer
import TestSupport
import Testing

/// `linklab aasa fetch` of an origin that ends an HTTP/1.0 body by closing TCP without TLS
/// close_notify: the tester reads what happened and sees the bytes, not a handshake failure.
@Suite(.serialized) struct UncleanCloseCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func textSaysTheConnectionClosedWithoutCloseNotifyAndShowsTheBody() async throws {
        try await withLoopbackSite { site, common in
            let output = try LinkLabProcess.run(
                ["aasa", "fetch", site.hostArgument("noclosenotify"), "--route", "origin", "--no-browser-probe"]
                    + common)
            #expect(output.exitCode == 0, "\(output.stderr)")
            let bytes = TestAssociationBodies.good.count
            #expect(
                output.stdout.contains(
                    """
                    error: the server closed the connection without TLS close_notify after \(bytes) bytes; the body \
                    may be truncated
                    """),
                "\(output.stdout)")
            #expect(output.stdout.contains("body starts: {\"applinks\""), "\(output.stdout)")
            #expect(!output.stdout.contains("handshake"), "\(output.stdout)")
        }
    }
}
