import Foundation
import TestSupport
import Testing

/// `linklab inspect` shows the sign-in evidence BIN-007 and SCH-004 read (the https callback of
/// ASWebAuthenticationSession, PKCE words) under its own heading, and only when there is some.
@Suite(.enabled(if: LinkLabProcess.executableURL != nil, "linklab is not built: run swift build first"))
struct InspectSignInEvidenceTests {
    static func inspect(_ fixture: String) throws -> LinkLabProcess.Output {
        try LinkLabProcess.run(["inspect", Fixtures.url(fixture).path], environment: ["NO_COLOR": "1"])
    }

    @Test func signInEvidenceIsListedWithItsSection() throws {
        let output = try Self.inspect("traps/https-callback-pkce.bin")
        #expect(output.exitCode == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let heading = try #require(
            lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "Sign-in" },
            "\(output.stdout)")
        let listed = lines[(heading + 1)...].prefix { $0.hasPrefix("    ") }.joined(separator: "\n")
        #expect(listed.contains("callbackWithHTTPSHost:path:"))
        #expect(listed.contains("code_challenge") && listed.contains("S256"))
        #expect(listed.contains("__TEXT,__cstring"))
    }

    @Test func noHeadingWithoutSignInEvidence() throws {
        let output = try Self.inspect("traps/scheme-callback-no-pkce.bin")
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(!output.stdout.contains("Sign-in"))
        #expect(output.stdout.contains("application:openURL:options:"))
    }
}
