import Foundation

/// What the tester saw when they ran the probe kit's links on a device (`scan --probe-results`):
/// the facts of the device-probe catalogue (`FindingRules.probes`, PRB-…). Each observation is
/// one probe as the kit built it and the outcome the tester recorded.
public struct ProbeFacts: Sendable, Equatable {
    /// One probe run on a device.
    public struct Observation: Sendable, Equatable {
        /// What the tester recorded.
        public enum Outcome: String, Sendable, Codable, CaseIterable {
            /// The handler behaved safely.
            case expected
            /// The handler did what the probe was built to show (loaded the attacker's page, ran
            /// the script, changed state without asking…).
            case vulnerable
            /// The link never reached the app.
            case notReached = "not-reached"
        }

        /// `P001`…
        public var id: String
        /// `ios` or `android`.
        public var platform: String
        /// The probe's kind (`redirect`, `javascript`, `data`, `traversal`, `overlong`,
        /// `state-changing`, `baseline`).
        public var kind: String
        public var url: String
        /// The claim the probe targets (a rule of the association file, a scheme, an activity).
        public var claim: String
        /// What the tester watched for.
        public var watch: String
        public var outcome: Outcome
        /// The tester's note (what the app did).
        public var note: String

        public init(
            id: String, platform: String, kind: String, url: String, claim: String, watch: String,
            outcome: Outcome, note: String
        ) {
            self.id = id
            self.platform = platform
            self.kind = kind
            self.url = url
            self.claim = claim
            self.watch = watch
            self.outcome = outcome
            self.note = note
        }
    }

    public var observations: [Observation]

    public init(observations: [Observation]) {
        self.observations = observations
    }
}
