import Findings
import Foundation
import Testing

@Suite struct EvidenceTests {
    static let all: [Evidence] = [
        .binary(
            BinaryLocation(
                file: "Payload/A.app/A", slice: "arm64", section: "__TEXT,__objc_methname",
                symbol: "application:continueUserActivity:restorationHandler:", offset: 0x4000,
                length: 52)),
        .binary(BinaryLocation(file: "A")),
        .network(
            NetworkObservation(
                host: "example.com:8443", route: "origin",
                url: "https://example.com:8443/.well-known/apple-app-site-association",
                status: 301, headerName: "Location", headerValue: "https://www.example.com/")),
        .associationFile(
            AssociationFileLocation(
                host: "example.com", pointer: "/applinks/details/0", line: 4,
                column: 7)),
        .entitlement(key: "get-task-allow", value: "true"),
        .text("Zürich ✓"),
    ]

    @Test(arguments: all)
    func roundTripsThroughJSON(evidence: Evidence) throws {
        let data = try JSONEncoder().encode(evidence)
        #expect(try JSONDecoder().decode(Evidence.self, from: data) == evidence)
    }

    @Test func absentFieldsAreExplicitNulls() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(Evidence.binary(BinaryLocation(file: "A"))), as: UTF8.self)
        #expect(
            json == #"""
                {"file":"A","kind":"binary","length":null,"offset":null,"section":null,"slice":null,"symbol":null}
                """#)
    }

    @Test func summaryNamesWhereToLook() {
        #expect(
            Self.all[0].summary == """
                Payload/A.app/A [arm64] __TEXT,__objc_methname application:continueUserActivity:restorationHandler: @ \
                0x4000
                """)
        #expect(
            Self.all[2].summary == """
                example.com:8443 (origin) https://example.com:8443/.well-known/apple-app-site-association → HTTP 301; \
                Location: https://www.example.com/
                """)
        #expect(Self.all[3].summary == "example.com /applinks/details/0 (line 4, column 7)")
        #expect(Self.all[4].summary == "get-task-allow = true")
    }

    @Test func fieldsListOnlyWhatIsKnown() {
        #expect(Self.all[1].fields.map(\.label) == ["File"])
        #expect(Self.all[0].fields.map(\.label) == ["File", "Slice", "Section", "Symbol", "Offset", "Length"])
    }

    @Test func unknownKindDoesNotDecode() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Evidence.self, from: Data(#"{"kind":"smell"}"#.utf8))
        }
    }
}

@Suite struct ReferenceTests {
    @Test(arguments: [
        Reference.masvsPlatform1, .mastgTest0070, .mastgTest0075, .appleSupportingAssociatedDomains,
        .appleAssociatedDomainsEntitlement, .appleApplinks, .appleTN3155,
    ])
    func referencesAreHTTPSLinksToTheAuthorities(reference: Reference) throws {
        let url = try #require(URL(string: reference.url))
        #expect(url.scheme == "https")
        #expect(["mas.owasp.org", "developer.apple.com"].contains(url.host ?? ""))
        #expect(!reference.title.isEmpty)
    }

    @Test func baselineNamesMASVSAndMASTG() {
        #expect(Reference.universalLinksBaseline.map(\.title).joined().contains("MASVS-PLATFORM-1"))
        #expect(Reference.universalLinksBaseline.map(\.title).joined().contains("MASTG-TEST-0070"))
    }
}
