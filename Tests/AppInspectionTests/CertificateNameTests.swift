import Testing

@testable import AppInspection

/// Certificate names are shown as people write them, not RFC 4514-escaped.
@Suite struct CertificateNameTests {
    @Test(arguments: [
        (#"Apple Distribution: Example Co.\, Ltd. (ABCDE12345)"#, "Apple Distribution: Example Co., Ltd. (ABCDE12345)"),
        (#"A\+B \"quoted\" \\ back\;slash\=\<\>"#, #"A+B "quoted" \ back;slash=<>"#),
        (##"\#hash and trailing\ "##, "#hash and trailing "),
        (#"caf\C3\A9"#, "café"),
        ("plain", "plain"),
        (#"dangling\"#, #"dangling\"#),
    ])
    func rfc4514EscapesAreRemoved(_ escaped: String, _ expected: String) {
        #expect(ProvisioningProfile.DeveloperCertificate.unescapedRFC4514(escaped) == expected)
    }
}
