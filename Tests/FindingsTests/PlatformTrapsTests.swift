import AssociationFetch
import Foundation
import Testing

@testable import Findings

/// The shared facts of the platform-trap rules: suffixes, registrable domains, DNS words,
/// and the OWASP mapping every rule of the catalogue has.
@Suite struct PlatformTrapsTests {
    @Test(arguments: [
        ("www.example.com", "example.com"), ("a.b.shop.co.uk", "shop.co.uk"),
        ("acme.github.io", "acme.github.io"), ("x.acme.herokuapp.com", "acme.herokuapp.com"),
        ("github.io", "github.io"), ("localhost", "localhost"),
        ("Example.COM.", "example.com"),
    ])
    func registrableDomains(host: String, expected: String) {
        #expect(PlatformTraps.registrableDomain(host) == expected)
    }

    @Test func theSuffixListIsTheDocumentedSubsetAndDisjointFromICANNSuffixes() {
        #expect(PlatformTraps.privateSuffixes.count == 27)
        #expect(PlatformTraps.privateSuffixes.isDisjoint(with: PlatformTraps.icannTwoLabelSuffixes))
        #expect(!PlatformTraps.privateSuffixes.contains("page.link"), "page.link is not in the Public Suffix List")
        #expect(PlatformTraps.privateSuffix(of: "a.b.github.io") == "github.io")
        #expect(PlatformTraps.privateSuffix(of: "github.io.example.com") == nil)
    }

    /// Sign-in words are whole words of a path (or scheme), not any substring.
    @Test func signInWordsAreWholeWords() {
        for path in [
            "/oauth/callback", "/auth/cb", "/login", "/account/reset-password", "/oauth2/*", "/callbacks/x",
            "/verify-email/*", "/SSO/start",
        ] {
            #expect(PlatformTraps.signInWord(in: path) != nil, "\(path)")
        }
        for path in ["/author/*", "/lessons/*", "/professors", "/presets", "/authentic-recipes", "/shop/*"] {
            #expect(PlatformTraps.signInWord(in: path) == nil, "\(path)")
        }
        for scheme in ["myapp-oauth", "oauthcallback", "myappauth", "sso", "com.example.login"] {
            #expect(SCH001CustomURLSchemes.authenticationWord(in: scheme) != nil, "\(scheme)")
        }
        for scheme in ["nespresso", "authorapp", "myapp", "espresso-app"] {
            #expect(SCH001CustomURLSchemes.authenticationWord(in: scheme) == nil, "\(scheme)")
        }
    }

    @Test func aTrailingDotNamesTheSameHost() {
        #expect(PlatformTraps.isFirebaseDynamicLinksHost("shop.page.link."))
        #expect(PlatformTraps.privateSuffix(of: "acme.github.io.") == "github.io")
    }

    @Test func onlyANameThatDoesNotExistCounts() {
        #expect(PlatformTraps.nameDoesNotResolve(.dnsFailure(host: "h", detail: "Name or service not known")) != nil)
        #expect(PlatformTraps.nameDoesNotResolve(.dnsFailure(host: "h", detail: "no addresses found")) != nil)
        let temporary = FetchError.dnsFailure(host: "h", detail: "Temporary failure in name resolution")
        #expect(PlatformTraps.nameDoesNotResolve(temporary) == nil)
        #expect(PlatformTraps.nameDoesNotResolve(.dnsFailure(host: "h", detail: "no network")) == nil)
        #expect(PlatformTraps.nameDoesNotResolve(.connectionRefused(host: "h", port: 443)) == nil)
        #expect(PlatformTraps.nameDoesNotResolve(nil) == nil)
    }

    @Test func everyRuleOfTheCatalogueMapsToV1AndV2TestsAndTheWeakness() {
        for rule in FindingRules.all {
            let mapping = OWASPMapping.forRule(rule.id)
            #expect(mapping != nil, "\(rule.id) has no OWASP mapping")
            guard let mapping else { continue }
            #expect(!mapping.v1.isEmpty && !mapping.v2.isEmpty, "\(rule.id)")
            #expect(mapping.weakness == .masweInsecureDeepLinks)
            for reference in mapping.all {
                #expect(reference.url.hasPrefix("https://mas.owasp.org/"), "\(rule.id): \(reference.url)")
                let name = reference.title.split(separator: ":")[0].split(separator: " ").last ?? ""
                #expect(
                    reference.url.contains(name)
                        || reference.title.contains("insecure-deep-links"), "\(reference.title) names its page")
            }
        }
        #expect(OWASPMapping.forRule("AND-004")?.v2 == [.mastgTest0394])
        #expect(OWASPMapping.forRule("AND-001")?.v2 == [.mastgTest0393])
        #expect(OWASPMapping.forRule("SCH-001")?.v2 == [.mastgTest0370, .mastgTest0371])
        #expect(OWASPMapping.forRule("AASA-007")?.v1 == [.mastgTest0070])
        #expect(OWASPMapping.forRule("XYZ-001") == nil)
    }

    @Test func theNewRulesCarryTheCurrentIdentifiers() {
        let ids = [
            "ENT-014", "ENT-015", "ENT-016", "SCH-003", "SCH-004", "BIN-007", "AASA-028",
            "AND-018", "AND-019", "AND-020",
        ]
        for id in ids {
            let rule = FindingRules.rule(id: id)
            #expect(rule != nil, "\(id) is registered")
            #expect(rule?.citedReferences.contains(.masweInsecureDeepLinks) == true, "\(id)")
        }
    }
}
