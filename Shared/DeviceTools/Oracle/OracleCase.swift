import Foundation
import SiteAssociation

/// One question for Apple's matcher and ours: an association file served on `host`, a URL, and
/// the app ID whose answer counts. A disagreement is written out as this value with both
/// answers filled in: a ready-made regression case (`Tests/Fixtures/oracle/regressions/`).
public struct OracleCase: Sendable, Equatable, Codable {
    /// A short file-name-safe name (`f00042`, `r00042`, or the regression's own name).
    public var id: String
    /// The `-d` domain: the host the file is served on.
    public var host: String
    /// The app ID whose answer is compared (other app IDs in the file are ignored).
    public var appID: String
    /// The URL asked about.
    public var url: String
    /// The association file, byte for byte as given to both matchers.
    public var association: String
    /// Apple's answer, when recorded (a regression case's expectation).
    public var apple: AppleMatcherOutcome?
    /// Our answer when the case was written out (for the reader; the tests recompute it).
    public var ours: Decision?
    /// What Apple's matcher printed, cut to a few lines (for the reader).
    public var appleOutput: String?

    public init(
        id: String, host: String, appID: String, url: String, association: String,
        apple: AppleMatcherOutcome? = nil, ours: Decision? = nil, appleOutput: String? = nil
    ) {
        self.id = id
        self.host = host
        self.appID = appID
        self.url = url
        self.association = association
        self.apple = apple
        self.ours = ours
        self.appleOutput = appleOutput
    }

    /// Our matcher's decision: the file parsed as the device does, then matched for ``appID``.
    public func ourDecision() -> Decision {
        let document = AssociationDocument.parse(Data(association.utf8))
        return AssociationMatcher(document: document, domain: host).decision(url: url, appID: appID)
    }

    /// The case as pretty JSON with sorted keys (stable, diff-friendly).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// A case read back from ``encoded()``.
    public static func decode(_ data: Data) throws -> OracleCase {
        try JSONDecoder().decode(OracleCase.self, from: data)
    }
}
