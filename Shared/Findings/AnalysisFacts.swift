import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// Everything the findings rules look at: what the app declares, what each domain served,
/// what the tester asked about URLs, and how to judge. Rules are pure functions of this value.
public struct AnalysisFacts: Sendable {
    /// The inspected app; nil for a domain-only analysis (`aasa fetch`, `match`).
    public var app: AppSnapshot?
    /// One report per associated domain (applinks, webcredentials, appclips), fetched or supplied.
    public var domains: [DomainReport]
    /// The URLs the tester tried, with expectation and per-app verdicts.
    public var urlTests: [URLTest]
    /// Thresholds and context.
    public var options: AnalysisOptions

    /// Facts for one analysis; every part may be empty.
    public init(
        app: AppSnapshot? = nil, domains: [DomainReport] = [], urlTests: [URLTest] = [],
        options: AnalysisOptions = AnalysisOptions()
    ) {
        self.app = app
        self.domains = domains
        self.urlTests = urlTests
        self.options = options
    }
}

/// How the rules judge: the clock, thresholds, and the app IDs that stand for "the app".
public struct AnalysisOptions: Sendable, Equatable {
    /// "Now" for date checks (profile expiry); fixed by the caller so findings are reproducible.
    public var now: Date
    /// A provisioning profile that expires within this many days is reported (ENT-010).
    public var profileExpiryWarningDays: Int
    /// An origin slower than this to send headers is reported (AASA-009), in milliseconds.
    public var slowOriginMs: Int
    /// The run did not use the network (`--offline`): only supplied files were read.
    public var offline: Bool
    /// App IDs to judge as "the app" besides those of the snapshot (`match --app-id`, or a
    /// domain-only analysis).
    public var extraAppIDs: [String]

    /// Options with the defaults of `linklab scan` (30 days, 2 s).
    public init(
        now: Date = Date(), profileExpiryWarningDays: Int = 30, slowOriginMs: Int = 2_000,
        offline: Bool = false, extraAppIDs: [String] = []
    ) {
        self.now = now
        self.profileExpiryWarningDays = profileExpiryWarningDays
        self.slowOriginMs = slowOriginMs
        self.offline = offline
        self.extraAppIDs = extraAppIDs
    }
}
