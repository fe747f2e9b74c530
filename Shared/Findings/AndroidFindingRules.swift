import Foundation

/// One Android rule (`AND-…`, `docs/findings.md`): its metadata beside its logic, and a pure
/// function from `AndroidFacts` to findings.
public protocol AndroidFindingRule: FindingRuleMetadata {
    /// The findings these facts produce (none when the rule does not apply). Never throws.
    func evaluate(_ facts: AndroidFacts) -> [Finding]
}

/// The Android catalogue and its entry point: `AndroidFindingRules.evaluate(facts)` gives the
/// findings of `linklab scan app.apk`, sorted for reports, ready for `Reports`.
public enum AndroidFindingRules {
    /// Every Android rule, in catalogue order.
    public static let all: [any AndroidFindingRule] = [
        AND001HostWouldNotVerify(), AND002HostNotChecked(), AND003WebLinksWithoutAutoVerify(),
        AND004CustomScheme(), AND005DataMergeWidens(), AND006FilterNotVerifiable(),
        AND007HTTPInVerifiedFilter(), AND008WildcardHost(), AND009OtherPackageListed(),
        AND010ExportedLinkHandler(), AND011DebuggableOrTestOnly(), AND012UnreachableDynamicRules(),
        AND013AllOrNothingFailure(), AND014AssetLinksContentType(), AND015GoogleDisagrees(),
        AND016AssetLinksLint(), AND017URLExpectationMismatch(),
    ]

    /// The rule with `id`, if the Android catalogue has it.
    public static func rule(id: String) -> (any AndroidFindingRule)? {
        all.first { $0.id == id }
    }

    /// Every rule's findings, in report order.
    public static func evaluate(_ facts: AndroidFacts) -> [Finding] {
        all.flatMap { $0.evaluate(facts) }.sortedForReport()
    }
}
