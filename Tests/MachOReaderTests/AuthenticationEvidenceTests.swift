import Foundation
import MachOReader
import Testing

/// Sign-in evidence of the link scan: ASWebAuthenticationSession's https callback and the PKCE
/// words, found whole and only where the catalogue says (BIN-007, SCH-004).
@Suite struct AuthenticationEvidenceTests {
    @Test func theHTTPSCallbackAndPKCEWordsAreFoundWhole() throws {
        var image = SyntheticImage()
        image.methodNames = ["callbackWithHTTPSHost:path:"]
        image.cStrings = [
            "code_challenge", "S256", "code_verifier", "code_challenge_method",
            "xcode_challenge", "S2561", "see code_challenge here",
        ]
        image.symbols = [
            "_objc_msgSend$callbackWithHTTPSHost:path:", "_OBJC_CLASS_$_ASWebAuthenticationSession",
            "_objc_msgSend$code_challenge", "_main",
        ]
        let slice = try #require(try MachOFile(data: image.build()).slices.first)
        let hits = slice.linkEvidence.filter { $0.kind == .authentication }.map { "\($0.name) \($0.section)" }
        #expect(
            hits.sorted() == [
                "ASWebAuthenticationSession LC_SYMTAB",
                "S256 __TEXT,__cstring",
                "callbackWithHTTPSHost:path: LC_SYMTAB",
                "callbackWithHTTPSHost:path: __TEXT,__objc_methname",
                "code_challenge __TEXT,__cstring",
                "code_challenge_method __TEXT,__cstring",
                "code_verifier __TEXT,__cstring",
            ])
        #expect(slice.linkScan.names(.authentication).count == 6)
    }

    @Test func pkceWordsInSelectorSectionsStillCountButNotAsSymbols() throws {
        var image = SyntheticImage()
        image.methodNames = ["S256"]
        image.cStrings = []
        image.symbols = ["_S256", "_code_verifier"]
        let slice = try #require(try MachOFile(data: image.build()).slices.first)
        #expect(slice.linkEvidence.filter { $0.kind == .authentication }.map(\.section) == ["__TEXT,__objc_methname"])
    }
}
