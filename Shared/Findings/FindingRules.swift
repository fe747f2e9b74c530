import Foundation

/// The one registry: every platform's catalogue, and the entry points that turn a platform's
/// facts into sorted findings.
///
/// The catalogue is `docs/findings.md`; these IDs were added beyond its first floor (stable once published):
///
/// - ENT-010, severity low (medium once expired). When: embedded profile expired or expiring within 30 days. Why it
///   matters: an expired build no longer launches: its links cannot be tested or reproduced.
/// - ENT-011, severity info. When: application-identifier prefix ≠ team ID. Why it matters: files written as
///   TEAMID.bundle never match such apps (classic AASA-007 cause).
/// - ENT-012, severity low. When: `?mode=developer` on a production host (same host also plain, or no staging label).
///   Why it matters: developer devices fetch production directly, trusting user-installed roots.
/// - ENT-013, severity low. When: CFBundleIdentifier ≠ the code signature's identifier. Why it matters: Info.plist
///   edited after signing or the app re-signed: not the shipped build.
/// - AASA-022, severity medium. When: applinks host whose file lists the app only under
///   webcredentials/appclips/activitycontinuation. Why it matters: the mix-up behind an AASA-007, with the entry to
///   move.
/// - AASA-023, severity medium. When: applinks names the app's bundle ID under another prefix, or its app ID in other
///   case. Why it matters: near miss that explains an AASA-007.
/// - AASA-024, severity medium. When: App Clip's `appclips:` host file does not list the clip under `appclips`. Why it
///   matters: web invocations of the clip fail.
/// - AASA-025, severity low. When: `webcredentials:` host file does not list the app. Why it matters: AutoFill/passkeys
///   for the domain silently fail.
/// - AASA-026, severity info. When: CMS-signed (iOS 8) association file. Why it matters: reported as a legacy format;
///   signature not verified.
///
/// Choices pinned by tests: BIN-001 also fires when only legacy scheme receivers exist (they
/// never receive universal links) and applies to apps and App Clips only; SCH-001 is one
/// finding per scheme, high for generic or OAuth-callback schemes; lint-derived AASA rules
/// read the effective file (supplied, else CDN, else origin) and skip informational lint.
public enum FindingRules {
    /// The iOS catalogue, in order (ENT, SCH, BIN, AASA, URL; numeric within each).
    public static let iOS = RuleCatalogue<AnalysisFacts>(
        platform: "iOS",
        rules: [
            ENT001NoAssociatedDomains(), ENT002MalformedDomainEntry(), ENT003WildcardDomain(),
            ENT004DeveloperModeInRelease(), ENT005DomainNotInProfile(), ENT006EntitlementsDisagree(),
            ENT007DebuggableBuild(), ENT008PunycodeHost(), ENT009NestedBundleDomains(),
            ENT010ProfileExpiry(), ENT011AppIDPrefixNotTeam(), ENT012DeveloperModeProductionHost(),
            ENT013BundleIDNotSigningIdentifier(), ENT014FirebaseDynamicLinksHost(), ENT015BrowserClaimsApplinks(),
            ENT016SharedHostingDomain(),
            SCH001CustomURLSchemes(), SCH002QueriedSchemes(), SCH003SignInPathOnSchemeAndLink(),
            SCH004OAuthSchemeWithoutPKCE(),
            BIN001NoUniversalLinkReceiver(), BIN002ReceiversFound(), BIN003OutgoingLinks(),
            BIN004ReceiversWithWebView(), BIN005EncryptedBinary(), BIN006LegacyReceiversOnly(),
            BIN007HTTPSCallbackWithoutWebCredentials(),
            AASA001Unreachable(), AASA002NotHTTPS(), AASA003Redirect(), AASA004HTTPStatus(),
            AASA005NotJSONOrNoAppLinks(), AASA006TooLarge(), AASA007AppNotInAppLinks(),
            AASA008ContentType(), AASA009SlowOrigin(), AASA010CDNOriginDiffer(), AASA011LegacyPathOnly(),
            AASA012BotProtection(), AASA013ComponentsPathsDisagree(), AASA014DeadRules(),
            AASA015DefaultsCarryRuleKeys(), AASA016LenientParseTraps(), AASA017PercentDecodingWidens(),
            AASA018SensitivePaths(), AASA019OtherAppsClaimDomain(), AASA020OtherServices(),
            AASA021SchemaProblems(), AASA022AppUnderOtherServiceOnly(), AASA023NearMissAppID(),
            AASA024AppClipNotListed(), AASA025WebCredentialsNotListed(), AASA026CMSSignedFile(),
            AASA027HiddenCharacters(), AASA028AbandonedDomain(),
            URL001URLVerdicts(), URL002ExpectationMismatch(), URL003LinkConfusion(),
        ])

    /// The Android catalogue, in order (AND, numeric).
    public static let android = RuleCatalogue<AndroidFacts>(
        platform: "Android",
        rules: [
            AND001HostWouldNotVerify(), AND002HostNotChecked(), AND003WebLinksWithoutAutoVerify(),
            AND004CustomScheme(), AND005DataMergeWidens(), AND006FilterNotVerifiable(),
            AND007HTTPInVerifiedFilter(), AND008WildcardHost(), AND009OtherPackageListed(),
            AND010ExportedLinkHandler(), AND011DebuggableOrTestOnly(), AND012UnreachableDynamicRules(),
            AND013AllOrNothingFailure(), AND014AssetLinksContentType(), AND015GoogleDisagrees(),
            AND016AssetLinksLint(), AND017URLExpectationMismatch(), AND018FirebaseDynamicLinksHost(),
            AND019IncludeOnOtherSite(), AND020AbandonedHost(), AND021LinkConfusion(),
        ])

    /// What the tester saw running the probe kit on a device (`scan --probe-results`).
    public static let probes = RuleCatalogue<ProbeFacts>(
        platform: "Device probes",
        rules: [
            PRB001ProbeShowedFlaw()
        ])

    /// Both platforms compared: the verdict table of an iOS app and an Android app of the same
    /// product (`CrossPlatformTable`), in order (XPL, numeric).
    public static let crossPlatform = RuleCatalogue<CrossPlatformFacts>(
        platform: "Both platforms",
        rules: [
            XPL001OnePlatformOnly(), XPL002BothPlatformsCompared(),
        ])

    /// Every rule of every catalogue (iOS, Android, device probes, both platforms): what reports,
    /// SARIF and the docs list.
    public static var all: [any FindingRuleMetadata] {
        iOS.metadata + android.metadata + probes.metadata + crossPlatform.metadata
    }

    /// The rule with `id`, whichever platform's catalogue has it.
    public static func rule(id: String) -> (any FindingRuleMetadata)? {
        all.first { $0.id == id }
    }

    /// An iOS app's findings, in report order (severity, then ID, then subject).
    public static func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        iOS.evaluate(facts)
    }

    /// An Android app's findings, in report order.
    public static func evaluate(_ facts: AndroidFacts) -> [Finding] {
        android.evaluate(facts)
    }

    /// The findings of the probes the tester ran on a device, in report order.
    public static func evaluate(_ facts: ProbeFacts) -> [Finding] {
        probes.evaluate(facts)
    }

    /// The findings of both platforms' verdict table, in report order (`CrossPlatformTable.findings`
    /// keeps catalogue order instead).
    public static func evaluate(_ facts: CrossPlatformFacts) -> [Finding] {
        crossPlatform.evaluate(facts)
    }
}

/// One platform's rules, in catalogue order, and the pure function from that platform's facts
/// to sorted findings. Adding a platform adds a facts type and one of these to `FindingRules`.
public struct RuleCatalogue<Facts>: Sendable {
    /// The platform's name as reports show it ("iOS", "Android").
    public let platform: String
    /// The rules, in catalogue order.
    public let rules: [any FindingRule<Facts>]

    public init(platform: String, rules: [any FindingRule<Facts>]) {
        self.platform = platform
        self.rules = rules
    }

    /// The rules' IDs, texts and severities, without their logic.
    public var metadata: [any FindingRuleMetadata] {
        rules.map { $0 as any FindingRuleMetadata }
    }

    /// The rule with `id`, if this catalogue has it.
    public func rule(id: String) -> (any FindingRule<Facts>)? {
        rules.first { $0.id == id }
    }

    /// Every rule's findings, in report order (severity, then ID, then subject).
    public func evaluate(_ facts: Facts) -> [Finding] {
        findingsInCatalogueOrder(facts).sortedForReport()
    }

    /// Every rule's findings, unsorted: rule after rule in catalogue order, each rule's findings in
    /// the order it made them.
    public func findingsInCatalogueOrder(_ facts: Facts) -> [Finding] {
        rules.flatMap { $0.evaluate(facts) }
    }
}
