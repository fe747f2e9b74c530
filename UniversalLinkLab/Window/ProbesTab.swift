import Findings
import SwiftUI
import Workbench

/// The handler probe kit (`ProbeKitPresentation`, the web Probes view's values): one row per
/// probe with its link, what to watch and what was recorded; each probe opened on its platform's
/// device (`ProbeKitPresentation.deviceAction`: Open in Simulator for an iOS probe, Open on
/// Android Device for an Android one), the kit run one by one (Run Next Probe: the package's
/// `nextProbe(after:)`), and each outcome recorded through the session (`recordProbeOutcome`,
/// one undo step). Nothing is opened until the tester asks.
struct ProbesTab: View {
    let model: WindowModel
    /// The probe run last (Run Next Probe continues after it).
    @State private var current: String?

    var body: some View {
        let view = ProbeKitPresentation(document: model.document)
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                Text(view.guidance).font(.callout).foregroundStyle(.secondary)
                HStack {
                    Text(view.summary).font(.headline)
                    Spacer()
                    Text("Attacker host: \(view.attackerHost)").font(.caption.monospaced())
                        .foregroundStyle(.secondary).textSelection(.enabled)
                }
                if let empty = view.emptyMessage {
                    Text(empty).foregroundStyle(.secondary)
                }
                ForEach(view.notes, id: \.self) {
                    Label($0, systemImage: "info.circle").font(.caption)
                }
                HStack {
                    let next = view.nextProbe(after: current)
                    Button(next.map { "Run Next Probe (\($0.probeID))" } ?? "Every Probe Has an Outcome") {
                        if let next { run(next) }
                    }
                    .disabled(next == nil)
                    .help("Opens the next probe without an outcome on its platform's device")
                    if view.stale > 0 {
                        Button("Clear Stale Outcomes") { model.clearStaleProbeOutcomes() }
                    }
                }
                ForEach(view.rows) { row in
                    ProbeRowView(
                        model: model, row: row, choices: view.choices, notRunLabel: view.notRunLabel,
                        isCurrent: !row.isStale && row.probeID == current, run: { run(row) })
                    Divider()
                }
            }
            .padding()
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }

    /// Opens `row`'s link on its platform's device and makes it the current probe.
    private func run(_ row: ProbeKitPresentation.Row) {
        current = row.probeID
        switch ProbeKitPresentation.deviceAction(for: row) {
        case .simulator?: model.openInSimulator(row.link)
        case .androidDevice?: model.openOnAndroidDevice(row.link)
        case nil: break
        }
    }
}

/// One probe: its ID, platform, kind and outcome; the link, the claim, what the OS does with it
/// and what to watch; its device button; the outcome controls and the tester's note.
struct ProbeRowView: View {
    let model: WindowModel
    let row: ProbeKitPresentation.Row
    let choices: [ProbeKitPresentation.Choice]
    let notRunLabel: String
    let isCurrent: Bool
    let run: @MainActor () -> Void
    @State private var note = ""

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(alignment: .firstTextBaseline) {
                Text(row.probeID).font(.callout.monospaced().weight(.semibold))
                if !row.platformLabel.isEmpty {
                    Text(row.platformLabel).font(.caption)
                        .padding(.horizontal, 6).padding(.vertical, 2).background(.quaternary, in: Capsule())
                }
                Text(row.kindLabel).font(.caption).foregroundStyle(.secondary)
                Spacer()
                Text(row.outcomeLabel).font(.caption.weight(.semibold))
                    .foregroundStyle(row.outcome == .vulnerable ? .red : row.outcome == nil ? .secondary : .primary)
            }
            Text(row.link).font(.caption.monospaced()).textSelection(.enabled)
            if !row.claim.isEmpty {
                Text("Claim: \(row.claim)").font(.caption).textSelection(.enabled)
            }
            if !row.predicted.isEmpty {
                Text("The OS: \(row.predicted)").font(.caption).foregroundStyle(.secondary)
            }
            if !row.watch.isEmpty {
                Text("Watch: \(row.watch)").font(.caption)
            }
            if let recordedAt = row.recordedAt {
                Text("Recorded \(recordedAt)" + (row.note.isEmpty ? "" : ": \(row.note)")).font(.caption)
                    .foregroundStyle(.secondary)
            }
            if !row.isStale {
                HStack {
                    switch ProbeKitPresentation.deviceAction(for: row) {
                    case .simulator?:
                        Button("Open in Simulator") { run() }.help("simctl openurl DEVICE URL (needs Xcode)")
                    case .androidDevice?:
                        Button("Open on Android Device") { run() }
                            .help(
                                "adb shell am start -a android.intent.action.VIEW -c "
                                    + "android.intent.category.BROWSABLE -d URL (needs adb and one device)")
                    case nil:
                        EmptyView()
                    }
                    Button("Copy Link") { model.copyToPasteboard(row.link) }
                    TextField("What you saw", text: $note)
                        .textFieldStyle(.roundedBorder)
                        .frame(maxWidth: 280)
                    Menu("Record Outcome") {
                        ForEach(choices, id: \.value) { choice in
                            if let outcome = ProbeFacts.Observation.Outcome(rawValue: choice.value) {
                                Button(choice.label) {
                                    model.recordProbeOutcome(row.probeID, outcome: outcome, note: note)
                                }
                            }
                        }
                        Divider()
                        Button(notRunLabel) { model.recordProbeOutcome(row.probeID, outcome: nil, note: "") }
                    }
                    .fixedSize()
                }
            }
        }
        .padding(.leading, isCurrent ? 8 : 0)
        .overlay(alignment: .leading) {
            if isCurrent { Rectangle().fill(Color.accentColor).frame(width: 3) }
        }
        .onAppear { note = row.note }
        .accessibilityElement(children: .contain)
        .accessibilityLabel("\(row.probeID), \(row.platformLabel) \(row.kindLabel): \(row.outcomeLabel)")
    }
}
