import AppInspection
import Testing

/// Entitlement entries parsed as iOS reads them (`docs/glossary.md`, associated domains).
@Suite struct AssociatedDomainTests {
    @Test func plainEntry() {
        let domain = AssociatedDomain.parse("applinks:Example.COM")
        #expect(domain.service == "applinks" && domain.host == "example.com")
        #expect(!domain.wildcard && domain.port == nil && domain.modes.isEmpty && domain.problems.isEmpty)
        #expect(domain.raw == "applinks:Example.COM")
    }

    @Test func wildcardPortAndModes() {
        let domain = AssociatedDomain.parse("applinks:*.example.com:8443?mode=developer+managed")
        #expect(domain.wildcard && domain.host == "example.com" && domain.port == 8443)
        #expect(domain.modes == ["developer", "managed"])
        #expect(domain.problems.map(\.kind) == [.portPresent])
        #expect(domain.isAccepted)
    }

    @Test(arguments: [
        ("example.com", DomainProblem.Kind.missingService),
        ("weblinks:example.com", .unknownService),
        ("applinks:https://example.com/path", .schemeOrPath),
        ("applinks:", .emptyHost),
        ("applinks:exa_mple.com", .invalidCharacters),
        ("applinks:.example.com", .leadingDot),
        ("applinks:example..com", .emptyLabel),
        ("applinks:com", .bareName),
        ("applinks:*.com", .bareName),
        ("applinks:example.com:0", .invalidPort),
        ("applinks:example.com:70000", .invalidPort),
        ("applinks:example.com:http", .invalidPort),
        ("applinks:192.168.1.10", .ipLiteral),
        ("applinks:[::1]:8080", .ipLiteral),
        ("applinks:localhost", .localhost),
        ("appclips:*.example.com", .appClipWildcard),
    ])
    func rejectedEntries(_ entry: String, _ kind: DomainProblem.Kind) {
        let domain = AssociatedDomain.parse(entry)
        #expect(domain.problems.contains { $0.kind == kind && $0.severity == .error }, "\(entry): \(domain.problems)")
        #expect(!domain.isAccepted)
    }

    @Test(arguments: [
        "applinks:192.168.1.10?mode=developer",
        "applinks:localhost?mode=developer",
        "applinks:[::1]:8080?mode=developer",
    ])
    func developerModeAllowsLocalHosts(_ entry: String) {
        let domain = AssociatedDomain.parse(entry)
        #expect(domain.isAccepted, "\(domain.problems)")
    }

    @Test func unknownModeIsIgnoredWithAWarning() {
        let domain = AssociatedDomain.parse("applinks:example.com?mode=debug")
        #expect(domain.modes.isEmpty)
        #expect(domain.problems.map(\.kind) == [.unknownMode])
        #expect(domain.isAccepted)
    }

    @Test func punycodeHostIsAWarning() {
        let domain = AssociatedDomain.parse("applinks:xn--bcher-kva.example")
        #expect(domain.problems.map(\.kind) == [.punycode])
        #expect(domain.problems.first?.severity == .warning)
    }

    @Test func garbageNeverThrowsOrCrashes() {
        for entry in [
            "", ":", "::::", "applinks:[", "applinks:]", "applinks:*.", "applinks:?", "applinks:a.b?mode=",
            "\u{0}:\u{0}",
            "applinks:[::1", "applinks:ex ample.com", "applinks:ñ.example",
            "applinks:" + String(repeating: "a.", count: 5000),
        ] {
            let domain = AssociatedDomain.parse(entry)
            #expect(domain.raw == entry)
        }
    }
}
