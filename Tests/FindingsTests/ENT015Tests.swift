import AppInspection
import MachOReader
import Testing

@testable import Findings

@Suite struct ENT015Tests {
    let rule = ENT015BrowserClaimsApplinks()
    let browser: [String: PlistValue] = ["com.apple.developer.web-browser": .bool(true)]

    @Test func firesForABrowserThatClaimsApplinks() {
        let bundle = FactsFactory.bundle(
            domains: ["applinks:example.com", "webcredentials:example.com"],
            entitlements: browser)
        let findings = rule.evaluate(AnalysisFacts(app: FactsFactory.app([bundle])))
        #expect(findings.count == 1)
        #expect(
            findings.first?.evidence == [
                .entitlement(key: "com.apple.developer.web-browser", value: "true"),
                .entitlement(key: "com.apple.developer.associated-domains", value: "applinks:example.com"),
            ])
    }

    @Test func silentWithoutTheEntitlementOrWithoutApplinks() {
        let plain = FactsFactory.bundle(domains: ["applinks:example.com"])
        let off = FactsFactory.bundle(
            domains: ["applinks:example.com"],
            entitlements: ["com.apple.developer.web-browser": .bool(false)])
        let credentialsOnly = FactsFactory.bundle(domains: ["webcredentials:example.com"], entitlements: browser)
        for bundle in [plain, off, credentialsOnly] {
            #expect(rule.evaluate(AnalysisFacts(app: FactsFactory.app([bundle]))).isEmpty)
        }
    }
}
