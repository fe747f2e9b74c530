import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND012Tests {
    let rule = AND012UnreachableDynamicRules()

    func file(_ rules: String) -> AssetLinksReport {
        F.supplied(
            "shop.example",
            F.statements(
                [("com.linklab.shop", F.release)],
                extra: """
                    , "relation_extensions": {"delegate_permission/common.handle_all_urls": \
                    {"dynamic_app_link_components": \(rules)}}
                    """))
    }

    @Test func ruleForPathsNoFilterClaimsIsReported() throws {
        let facts = AndroidFacts(snapshot: try F.apk(), assetLinks: [file(#"[{"/": "/promo/*"}]"#)])
        let found = rule.evaluate(facts)
        #expect(found.map(\.subject) == ["shop.example /promo/*"])
    }

    @Test func rulesOverTheFiltersPathsAndExcludesAreSilent() throws {
        let facts = AndroidFacts(
            snapshot: try F.apk(),
            assetLinks: [
                file(#"[{"/": "/orders/internal/*", "exclude": true}, {"/": "/orders/*"}, {"/": "*"}]"#)
            ])
        #expect(rule.evaluate(facts).isEmpty)
    }
}
