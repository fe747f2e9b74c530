import AppInspection
import Foundation

/// ENT-013 (added): the bundle ID differs from the code signature's identifier.
///
/// Why: Xcode and the App Store sign an app's executable with its bundle ID as the signing
/// identifier. A different identifier means the Info.plist was edited after signing or the app
/// was re-signed by another tool: the build under test is not what was shipped, and whatever
/// the tester concludes about its links may not hold for the real app.
public struct ENT013BundleIDNotSigningIdentifier: FindingRule {
    public let id = "ENT-013"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Bundle ID differs from the signing identifier"
    public let explanation = """
        The executable's code signature names a different identifier than the bundle's CFBundleIdentifier. Xcode and \
        the App Store sign with the bundle ID, so the Info.plist was changed after signing or the app was re-signed: \
        this build may not be the one users have, and conclusions about its links may not carry over.
        """
    public let remediation = """
        Test the build as exported by Xcode or downloaded from the store; when re-signing for testing, keep the \
        signing identifier equal to the bundle ID.
        """
    public let references: [Reference] = Reference.universalLinksBaseline

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.compactMap { bundle in
            guard let bundleID = bundle.bundleIdentifier else { return nil }
            let others = Set(bundle.slices.compactMap(\.signingIdentifier)).subtracting([bundleID]).sorted()
            guard !others.isEmpty else { return nil }
            return finding(
                subject: bundle.path,
                detail: """
                    \(bundle.label): CFBundleIdentifier is \(bundleID) but the code signature's identifier \
                    is \(others.joined(separator: ", ")).
                    """,
                evidence: [.text("Info.plist CFBundleIdentifier \(bundleID)")]
                    + others.map { .text("CodeDirectory identifier \($0)") })
        }
    }
}
