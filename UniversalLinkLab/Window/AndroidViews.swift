import SwiftUI
import Workbench

/// The App tab's Android section (`AndroidAppCard`, the same values as the web App tab and
/// `linklab inspect app.apk`): identity, signing certificates with their fingerprints and
/// lineage, each link-handling activity with its filters and what each claims, link evidence.
struct AndroidAppCardView: View {
    let model: WindowModel
    let card: AndroidAppCard

    var body: some View {
        GroupBox {
            VStack(alignment: .leading, spacing: 10) {
                IdentifierGrid(lines: card.identifiers + [LabeledText(label: "Signing", text: card.signingSchemes)])
                CardSection(title: "Signing certificates") {
                    if card.certificates.isEmpty {
                        Label("Not signed", systemImage: "xmark.octagon").foregroundStyle(.red)
                    }
                    ForEach(card.certificates, id: \.sha256) { certificate in
                        VStack(alignment: .leading, spacing: 2) {
                            Text(certificate.sha256).font(.caption.monospaced()).textSelection(.enabled)
                            if let subject = certificate.subject {
                                Text(subject).font(.caption).foregroundStyle(.secondary)
                            }
                        }
                        .contextMenu {
                            Button("Copy SHA-256") { model.copyToPasteboard(certificate.sha256) }
                        }
                    }
                    if !card.lineage.isEmpty {
                        DisclosureGroup("Rotation lineage (\(card.lineage.count))") {
                            ForEach(card.lineage, id: \.self) {
                                Text($0).font(.caption.monospaced()).textSelection(.enabled)
                            }
                        }
                    }
                }
                if !card.activities.isEmpty {
                    CardSection(title: "Link-handling activities") {
                        ForEach(card.activities) { activity in
                            AndroidActivityView(activity: activity)
                        }
                    }
                }
                if !card.linkEvidence.isEmpty {
                    CardSection(title: "Link evidence in the DEX code") {
                        ForEach(card.linkEvidence, id: \.self) {
                            Text($0).font(.caption.monospaced()).textSelection(.enabled)
                        }
                    }
                }
                if !card.notes.isEmpty {
                    CardSection(title: "Could not be resolved") {
                        ForEach(card.notes, id: \.self) { Text($0).font(.caption).textSelection(.enabled) }
                    }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        } label: {
            Label(card.title, systemImage: "apps.iphone").font(.headline)
        }
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("android-app")
    }
}

/// One activity: its flags, then each filter (manifest line, autoVerify, `<data>` as written,
/// what the merged filter claims).
struct AndroidActivityView: View {
    let activity: AndroidAppCard.Activity

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(alignment: .firstTextBaseline) {
                Text(activity.name).font(.callout.monospaced()).textSelection(.enabled)
                Text(activity.flags.joined(separator: " · ")).font(.caption)
                    .foregroundStyle(activity.exported ? .orange : .secondary)
            }
            ForEach(Array(activity.filters.enumerated()), id: \.offset) { _, filter in
                VStack(alignment: .leading, spacing: 2) {
                    Text("Filter, line \(filter.line)" + (filter.autoVerify ? " · autoVerify" : ""))
                        .font(.caption.weight(.semibold))
                    ForEach(filter.data, id: \.self) {
                        Text($0).font(.caption.monospaced()).foregroundStyle(.secondary).textSelection(.enabled)
                    }
                    if filter.claims.isEmpty {
                        Text("Android delivers no link to it on the version modelled").font(.caption)
                    }
                    ForEach(filter.claims, id: \.self) {
                        Label($0, systemImage: "link").font(.caption.monospaced()).textSelection(.enabled)
                    }
                }
                .padding(.leading, 12)
            }
        }
        .accessibilityElement(children: .contain)
    }
}

/// One host's `assetlinks.json` (`AndroidHostCard`): how it came, whether Android verifies the
/// hosts it decides and why, each request, Google's API beside the origin, lint, grants, and
/// what the device recorded (`pm get-app-links`) when it was read.
struct AndroidHostCardView: View {
    let model: WindowModel
    let card: AndroidHostCard
    let device: [AndroidDeviceStateCard.Row]

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text(card.host).font(.headline)
                Text("assetlinks.json").font(.caption.monospaced()).foregroundStyle(.secondary)
                Text(card.stateText)
                    .font(.caption).padding(.horizontal, 6).padding(.vertical, 2)
                    .background(.quaternary, in: Capsule())
                Spacer()
            }
            Label(card.verdict, systemImage: card.verified ? "checkmark.seal" : "xmark.octagon")
                .font(.callout)
                .foregroundStyle(card.verified ? Color.primary : Color.orange)
                .textSelection(.enabled)
            if !card.claims.isEmpty {
                Text("Declared: " + card.claims).font(.caption).foregroundStyle(.secondary)
            }
            ForEach(card.notes, id: \.self) { Text($0).font(.caption).foregroundStyle(.orange) }
            ForEach(Array(card.routes.enumerated()), id: \.offset) { _, route in
                HStack(alignment: .firstTextBaseline) {
                    Text(route.name).font(.caption.weight(.semibold))
                    Text([route.status, route.bytes.isEmpty ? "" : "\(route.bytes) bytes", route.time]
                        .filter { !$0.isEmpty }.joined(separator: " · ")).font(.caption)
                    Text(route.url).font(.caption.monospaced()).foregroundStyle(.secondary).textSelection(.enabled)
                }
                if let problem = route.problem { Text(problem).font(.caption).foregroundStyle(.orange) }
            }
            if let google = card.google {
                Label(google.summary, systemImage: google.agrees == false ? "exclamationmark.triangle" : "globe")
                    .font(.caption)
            }
            Text(card.lintSummary).font(.caption)
            ForEach(Array(card.lint.enumerated()), id: \.offset) { _, lint in
                Text("\(lint.id) \(lint.place): \(lint.message)").font(.caption)
            }
            if !card.grants.isEmpty {
                DisclosureGroup("Grants (\(card.grants.count))") {
                    ForEach(card.grants, id: \.self) {
                        Text($0).font(.caption.monospaced()).textSelection(.enabled)
                    }
                }
                .font(.caption)
            }
            if !device.isEmpty {
                Text("On the device (pm get-app-links)").font(.subheadline.weight(.semibold)).padding(.top, 4)
                ForEach(device) { row in
                    Label("\(row.host): \(row.summary)",
                          systemImage: row.disagrees ? "exclamationmark.triangle.fill"
                            : row.deviceOpensInApp == true ? "checkmark.seal" : "circle.dashed")
                        .font(.callout)
                        .foregroundStyle(row.disagrees ? Color.orange : Color.primary)
                }
            }
        }
        .padding(.vertical, 4)
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("android-host")
    }
}

/// Open on Android Device (`adb … am start -a VIEW -c BROWSABLE -d URL`) beside Open in
/// Simulator, with Copy adb Command; shown only when the document holds an Android app.
struct AndroidToolsRow: View {
    let model: WindowModel
    let url: String

    var body: some View {
        let actions = model.androidActions
        if actions.isShown {
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    Button("Open on Android Device") { model.openOnAndroidDevice(url) }
                        .help("adb shell am start -a android.intent.action.VIEW "
                              + "-c android.intent.category.BROWSABLE -d URL (needs adb and one device)")
                    Button("Copy adb Command") {
                        if let line = model.androidOpenCommandLine(url) { model.copyToPasteboard(line) }
                    }
                }
                if let reason = actions.unavailableReason {
                    Text(reason).font(.caption).foregroundStyle(.secondary)
                }
            }
        }
    }
}

/// One Android row of a URL's verdict (`AndroidVerdictPresentation`, the web tester's words):
/// the outcome, the activity and filter that decide, whether the host verifies, and why a
/// matched link still goes to the browser.
struct AndroidVerdictView: View {
    let row: AndroidVerdictPresentation

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Image(systemName: symbol).foregroundStyle(color).accessibilityHidden(true)
                Text(row.headline).font(.callout.weight(.semibold))
                Text("Android").font(.caption).foregroundStyle(.secondary)
                Text(row.packageName).font(.callout.monospaced())
            }
            HStack {
                Text(row.filterLocation).font(.caption).foregroundStyle(.secondary)
                Text(row.verification).font(.caption)
            }
            if let reason = row.browserReasonText {
                Text(reason).font(.caption).foregroundStyle(.orange)
            }
        }
        .textSelection(.enabled)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(row.accessibilityLabel)
        .accessibilityValue(row.decision)
        .accessibilityIdentifier("verdict")
    }

    private var symbol: String {
        switch row.decision {
        case "opens_app": "checkmark.circle.fill"
        case "opens_app_unverified", "chooser": "questionmark.circle"
        default: "safari"
        }
    }

    private var color: Color {
        switch row.decision {
        case "opens_app": .green
        case "opens_app_unverified", "chooser": .orange
        default: .secondary
        }
    }
}
