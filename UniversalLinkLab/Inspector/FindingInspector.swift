import Findings
import SwiftUI
import Workbench

/// The selected finding: explanation, evidence, remediation, references, triage.
struct FindingInspector: View {
    @Bindable var model: WindowModel

    var body: some View {
        if let item = model.selected {
            // The package's detail: hidden characters of a hostile input shown as markers.
            let shown = FindingDetailPresentation(item)
            ScrollView {
                VStack(alignment: .leading, spacing: 12) {
                    HStack {
                        SeverityDot(severity: item.finding.severity)
                        Text("\(item.finding.severity.displayName) · \(item.finding.id)")
                            .font(.caption).foregroundStyle(.secondary)
                    }
                    Text(shown.title).font(.title3.weight(.semibold))
                    Button("Copy as Markdown") { model.copyFinding(item) }
                        .buttonStyle(.link)
                    Text(shown.subject).font(.callout.monospaced()).textSelection(.enabled)
                    Text(shown.paragraphs.joined(separator: "\n\n")).textSelection(.enabled)
                    InspectorSection(title: "Evidence") {
                        ForEach(Array(shown.evidence.enumerated()), id: \.offset) { _, evidence in
                            Text(evidence.text).font(.caption.monospaced()).textSelection(.enabled)
                        }
                    }
                    InspectorSection(title: "Remediation") {
                        Text(item.finding.remediation).textSelection(.enabled)
                    }
                    InspectorSection(title: "References") {
                        ForEach(item.finding.references, id: \.url) { reference in
                            if let url = URL(string: reference.url), url.scheme == "https" {
                                Link(reference.title, destination: url)
                            } else {
                                Text(reference.title)
                            }
                        }
                    }
                    TriageEditor(model: model, item: item)
                        .id(item.fingerprint)
                }
                .padding()
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        } else {
            Text("Select a finding").foregroundStyle(.secondary)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}

struct InspectorSection<Content: View>: View {
    let title: String
    @ViewBuilder let content: Content

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(title).font(.headline)
            content
        }
        .accessibilityElement(children: .contain)
    }
}

/// Status and note, kept as a draft saved with the session (a selection change, a tab switch,
/// Revert and a reopen keep it); Save Triage applies it as one undo step.
struct TriageEditor: View {
    @Bindable var model: WindowModel
    let item: TriagedFinding

    var body: some View {
        let fingerprint = item.fingerprint
        InspectorSection(title: "Triage") {
            Picker("Status", selection: $model[triageDraftFor: fingerprint].status) {
                ForEach(TriageStatus.allCases, id: \.self) { Text($0.badge).tag($0) }
            }
            .accessibilityIdentifier("triage-status")
            TextField("Note", text: $model[triageDraftFor: fingerprint].note, axis: .vertical)
                .lineLimit(2...6)
                .accessibilityIdentifier("triage-note")
            HStack {
                Button("Save Triage") { model.saveTriage(fingerprint) }
                    .keyboardShortcut(.return, modifiers: .command)
                    .disabled(model.controller.drafts.triage[fingerprint] == nil)
                    .accessibilityIdentifier("triage-save")
                if model.controller.drafts.triage[fingerprint] != nil {
                    Button("Discard") { model.controller.discardTriageDraft(for: fingerprint) }
                }
            }
        }
    }
}
