import AndroidApp
import Foundation

/// AND-011: a debuggable or test-only build.
public struct AND011DebuggableOrTestOnly: FindingRule {
    public let id = "AND-011"
    public let category = FindingCategory.security
    public let severity = Severity.info
    public let title = "Debuggable or test-only build"
    public let explanation = """
        android:debuggable lets a debugger attach and `adb shell run-as` read the app's private files; \
        android:testOnly builds install only through adb. Google Play refuses both, so this is a development build: \
        findings describe it, and the release may differ (signing key, filters). It also makes dynamic testing easier \
        (attach, hook the link handlers). If users really get this build, it is a serious exposure: raise the severity.
        """
    public let remediation = """
        Nothing to fix in a test build. Make sure release builds are not debuggable or testOnly (the release build \
        type sets neither), and re-run the analysis on the release APK.
        """
    public let references: [Reference] = Reference.androidLinksBaseline

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        let manifest = facts.snapshot.manifest
        let flags = [
            manifest.debuggable ? "android:debuggable=\"true\"" : nil,
            manifest.testOnly ? "android:testOnly=\"true\"" : nil,
        ].compactMap { $0 }
        guard !flags.isEmpty else { return [] }
        return [
            finding(
                subject: facts.packageName,
                detail: "<application> sets " + AndroidEvidence.list(flags) + ".",
                evidence: flags.map { .text("AndroidManifest.xml: <application \($0)>") })
        ]
    }
}
