import Findings
import Foundation
import Reports

/// The scan of one product: its iOS app, its Android app, or both (then with the verdict table
/// of `CrossPlatformAnalysis`). `linklab scan` runs one path for all three and asks this type
/// for the findings, the report files and the JSON document, so no face chooses per platform.
public enum ProductAnalysis: Sendable {
    case ios(Analysis)
    case android(AndroidAnalysis)
    case both(CrossPlatformAnalysis)

    /// The product of whichever apps were scanned (nil when neither was); `entries` are the
    /// URL list both apps were decided for (the verdict table's rows).
    public init?(ios: Analysis?, android: AndroidAnalysis?, entries: [URLListEntry]) {
        switch (ios, android) {
        case (let ios?, let android?): self = .both(CrossPlatformAnalysis(ios: ios, android: android, entries: entries))
        case (let ios?, nil): self = .ios(ios)
        case (nil, let android?): self = .android(android)
        case (nil, nil): return nil
        }
    }

    /// The iOS analysis, when an iOS app was scanned.
    public var ios: Analysis? {
        switch self {
        case .ios(let analysis): analysis
        case .both(let both): both.ios
        case .android: nil
        }
    }

    /// The Android analysis, when an Android app was scanned.
    public var android: AndroidAnalysis? {
        switch self {
        case .android(let analysis): analysis
        case .both(let both): both.android
        case .ios: nil
        }
    }

    /// Every finding in report order (with both apps: iOS, Android and cross-platform).
    public var findings: [Finding] {
        switch self {
        case .ios(let analysis): analysis.findings
        case .android(let analysis): analysis.findings
        case .both(let both): both.findings
        }
    }

    /// What the product is called in a probe kit's title and the like: the iOS app's name, the
    /// Android package, or both joined by " / ".
    public var title: String {
        [ios?.appName, android?.snapshot.manifest.packageName].compactMap { $0 }.joined(separator: " / ")
    }

    /// Whether `kind` can be written for this product: `renders(_:withIOSApp:)` with whether
    /// it holds its iOS app.
    public func canRender(_ kind: ExportFormat) -> Bool {
        Self.renders(kind, withIOSApp: ios != nil)
    }

    /// Whether `kind` can be written for a product with or without its iOS app: the test-link
    /// page needs the iOS app's claimed paths (a product without its iOS app has none); a session
    /// is saved, not rendered; every other kind can. The one rule: `linklab scan` asks it before
    /// scanning (it knows only which apps it was given), `canRender` after.
    public static func renders(_ kind: ExportFormat, withIOSApp: Bool) -> Bool {
        switch kind {
        case .testLinks: withIOSApp
        case .session: false
        case .markdown, .html, .pdf, .json, .sarif: true
        }
    }

    /// The bytes of one report file (`.json` is `scanDocument`). `timings` prints the iOS
    /// pipeline's stage timings (iOS alone; the two-platform report has none).
    public func report(
        _ kind: ExportFormat, toolVersion: String = Workbench.version, generatedAt: Date? = nil,
        timings: Bool = false, engagement: Engagement = Engagement(),
        invocation: ReportInvocation? = nil
    ) throws(WorkbenchError) -> Data {
        switch self {
        case .ios(let analysis):
            try analysis.report(
                kind, toolVersion: toolVersion, generatedAt: generatedAt, timings: timings,
                engagement: engagement, invocation: invocation)
        case .android(let analysis):
            try analysis.report(
                kind, toolVersion: toolVersion, generatedAt: generatedAt, engagement: engagement,
                invocation: invocation)
        case .both(let both):
            try both.report(
                kind, toolVersion: toolVersion, generatedAt: generatedAt, engagement: engagement,
                invocation: invocation)
        }
    }

    /// The scan's JSON document (`docs/cli.md`): one platform's, or the two-platform one; each
    /// finding with its `fingerprint` and its `triage` when `triage` holds one for it.
    public func scanDocument(triage: [String: Triage] = [:], timings: Bool = false) throws -> Data {
        switch self {
        case .ios(let analysis): try analysis.scanDocument(triage: triage, timings: timings)
        case .android(let analysis): try analysis.scanDocument(triage: triage)
        case .both(let both): try both.scanDocument(triage: triage)
        }
    }

    /// This product with the PRB findings of `facts` added to each platform's findings and the
    /// observations kept for the reports (`ProbeFacts.adding(to:android:)`); the two-platform
    /// verdict table is unchanged (probes decide no URL).
    public func adding(_ facts: ProbeFacts) -> ProductAnalysis {
        let (ios, android) = facts.adding(to: ios, android: android)
        switch self {
        case .ios: return ios.map(ProductAnalysis.ios) ?? self
        case .android: return android.map(ProductAnalysis.android) ?? self
        case .both(var both):
            if let ios { both.ios = ios }
            if let android { both.android = android }
            return .both(both)
        }
    }
}

extension ProbeKit {
    /// The kit for every app of `product`.
    public init(product: ProductAnalysis, attackerHost: String = ProbeKit.defaultAttackerHost) {
        self.init(ios: product.ios, android: product.android, attackerHost: attackerHost)
    }
}
