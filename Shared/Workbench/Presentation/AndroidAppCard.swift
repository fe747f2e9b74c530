import AndroidApp
import Foundation

/// The App tab's Android section, computed once for every face: identity, signing
/// certificates with their fingerprints and rotation lineage, each link-handling activity with
/// its filters and what each filter claims once its `<data>` elements merge, and where the DEX
/// code reads links. The same facts, in the same order, as `linklab inspect app.apk`.
public struct AndroidAppCard: Sendable, Equatable, Codable {
    /// One signing certificate.
    public struct Certificate: Sendable, Equatable, Codable {
        /// SHA-256 of the certificate, colon-separated upper-case hex (what `assetlinks.json` lists).
        public var sha256: String
        public var subject: String?
    }

    /// One intent filter of a link-handling activity.
    public struct Filter: Sendable, Equatable, Codable {
        /// Manifest line.
        public var line: Int
        public var autoVerify: Bool
        /// Each `<data>` element as written (`scheme="https" host="example.com"`).
        public var data: [String]
        /// What the merged filter accepts (`https://example.com/buy/…`); empty when Android
        /// would not deliver a link to it on the modelled version.
        public var claims: [String]
    }

    /// One activity (or alias) with a filter that names `<data>`.
    public struct Activity: Sendable, Equatable, Codable, Identifiable {
        public var id: String { name }
        public var name: String
        public var line: Int
        /// Whether other apps (and links) can start it.
        public var exported: Bool
        /// "exported", "alias of …", "permission …", "disabled".
        public var flags: [String]
        public var filters: [Filter]
    }

    /// The package name.
    public var title: String
    /// Package, version, SDKs, build flags, input, the Android version modelled.
    public var identifiers: [LabeledText]
    /// "schemes v2, v3", or "unsigned".
    public var signingSchemes: String
    /// The certificates Android checks on the modelled version.
    public var certificates: [Certificate]
    /// Key rotation lineage, oldest first (`SHA-256 flags N`).
    public var lineage: [String]
    public var activities: [Activity]
    /// Link-reading APIs the DEX code calls (`Landroid/net/Uri;->getQueryParameter … (classes.dex @ 0x…)`).
    public var linkEvidence: [String]
    /// Values the reader could not resolve.
    public var notes: [String]

    /// The card of `snapshot` as Android `sdk` reads it (`name`: the tester's file name).
    public init(_ snapshot: APKSnapshot, name: String, sdk: Int) {
        let manifest = snapshot.manifest
        title = manifest.packageName
        var rows = [
            LabeledText(label: "Package", text: manifest.packageName),
            LabeledText(
                label: "Version",
                text: "\(manifest.versionName ?? "—") "
                    + "(\(manifest.versionCode.map(String.init) ?? "—"))"),
            LabeledText(
                label: "SDK",
                text: "min \(manifest.minSDK.map(String.init) ?? "—"), "
                    + "target \(manifest.targetSDK.map(String.init) ?? "—")"),
            LabeledText(label: "Modelled on", text: "API \(sdk)"),
            LabeledText(label: "Input", text: name + (snapshot.baseEntry.map { " (base APK: \($0))" } ?? "")),
        ]
        let build = [manifest.debuggable ? "debuggable" : nil, manifest.testOnly ? "testOnly" : nil].compactMap { $0 }
        if !build.isEmpty { rows.insert(LabeledText(label: "Build", text: build.joined(separator: ", ")), at: 3) }
        identifiers = rows
        signingSchemes =
            snapshot.signing.schemes.isEmpty
            ? "unsigned"
            : "schemes " + snapshot.signing.schemes.map(\.rawValue).joined(separator: ", ")
        certificates = snapshot.signing.effectiveCertificates(sdk: sdk).map {
            Certificate(sha256: $0.sha256, subject: $0.subject)
        }
        lineage = snapshot.signing.lineage.map { "\($0.certificate.sha256) flags \($0.flags)" }
        let matcher = AndroidLinkMatcher(manifest: manifest, sdk: sdk)
        activities = manifest.activities.enumerated().compactMap { index, activity in
            let filters = activity.intentFilters.enumerated().filter { !$0.element.data.isEmpty }
            guard !filters.isEmpty else { return nil }
            var flags = [
                activity.isAlias ? "alias of \(activity.targetActivity ?? "?")" : nil,
                activity.isEffectivelyExported ? "exported" : "not exported",
                activity.permission.map { "permission \($0)" },
            ].compactMap { $0 }
            if !activity.enabled { flags.append("disabled") }
            return Activity(
                name: activity.name, line: activity.line, exported: activity.isEffectivelyExported,
                flags: flags,
                filters: filters.map { filterIndex, filter in
                    let compiled = matcher.filters.first { $0.activityIndex == index && $0.filterIndex == filterIndex }
                    return Filter(
                        line: filter.line, autoVerify: filter.autoVerify,
                        data: filter.data.map(AndroidReport.describe), claims: compiled?.claims() ?? [])
                })
        }
        linkEvidence = snapshot.linkEvidence.map { "\($0.symbol) (\($0.file) @ \($0.offset))" }
        notes = manifest.notes
    }
}

extension WorkbenchDocument {
    /// The Android section of the App tab (nil without an Android app).
    public var androidAppCard: AndroidAppCard? {
        android.map { AndroidAppCard($0.snapshot, name: $0.name, sdk: $0.sdk) }
    }
}
