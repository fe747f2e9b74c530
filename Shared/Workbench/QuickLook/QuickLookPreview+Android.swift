import AndroidApp
import Foundation

extension QuickLookPreview {
    /// The Android version an `.apk` preview models (the workbench's default).
    public static let androidSDK = 35

    /// An Android app's preview (`.apk`, `.xapk`, `.apks`): the package and its versions, the
    /// signing certificates (SHA-256, what `assetlinks.json` must list), the hosts Android
    /// verifies for it (`autoVerify` filters), and what each link-handling activity claims — the
    /// same values as the App tab's Android card (`AndroidAppCard`), modelled on API 35.
    public static func android(_ snapshot: APKSnapshot, name: String) -> QuickLookPreview {
        let card = AndroidAppCard(snapshot, name: name, sdk: androidSDK)
        var preview = QuickLookPreview(
            kind: .android, title: clean(card.title),
            subtitle: clean("Android app · \(card.signingSchemes)"))
        preview.sections.append(
            Section(
                "App",
                card.identifiers.map { Row(clean($0.label), clean($0.text)) }
                    + [Row("Signing", clean(card.signingSchemes), tone: card.certificates.isEmpty ? .error : .plain)]))
        let certificates = card.certificates.map {
            Row("SHA-256", clean($0.sha256), details: $0.subject.map { [clean($0)] } ?? [])
        }
        preview.sections.append(
            Section(
                "Signing certificates",
                certificates.isEmpty
                    ? [Row("None", "the APK is not signed: Android installs no unsigned app", tone: .error)]
                    : capped(certificates)))
        let hosts = AndroidAnalysis.fileHosts(of: snapshot, sdk: androidSDK)
        preview.sections.append(
            Section(
                "Hosts claimed",
                hosts.isEmpty
                    ? [Row("None", "no autoVerify filter: Android verifies no host for this app", tone: .warning)]
                    : capped(hosts.map { Row("assetlinks.json", clean("https://\($0)/.well-known/assetlinks.json")) })))
        var links: [Row] = []
        for activity in card.activities {
            for filter in activity.filters {
                let claims =
                    filter.claims.isEmpty
                    ? "nothing on API \(androidSDK)"
                    : filter.claims.joined(separator: ", ")
                links.append(
                    Row(
                        clean(activity.name), clean(claims), tone: filter.autoVerify ? .good : .plain,
                        details: [
                            clean(
                                "line \(filter.line)" + (filter.autoVerify ? ", autoVerify" : "")
                                    + ", " + activity.flags.joined(separator: ", "))
                        ]))
            }
        }
        preview.sections.append(
            Section(
                "Links handled",
                links.isEmpty
                    ? [Row("None", "no activity filters links", tone: .warning)] : capped(links)))
        if snapshot.manifest.debuggable {
            preview.notices.append(Notice(.warning, "Built debuggable: not a release build."))
        }
        for note in card.notes.prefix(5) { preview.notices.append(Notice(.warning, clean(note))) }
        return preview
    }
}
