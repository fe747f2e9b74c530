import DeviceTools
import Findings
import SwiftUI
import Workbench

/// One URL field that decides on every keystroke (per app ID: verdict, deciding rule, trace),
/// the Mac-only second opinions, and the URL list of the session.
struct URLTesterTab: View {
    @Bindable var model: WindowModel
    @FocusState private var urlFocused: Bool
    @State private var lines = ""

    var body: some View {
        let test = model.urlInput.isEmpty ? nil : model.document.decide(url: model.urlInput)
        VSplitView {
            ScrollView {
                VStack(alignment: .leading, spacing: 12) {
                    TextField("https://example.com/path", text: $model.urlInput)
                        .textFieldStyle(.roundedBorder)
                        .font(.body.monospaced())
                        .focused($urlFocused)
                        .accessibilityIdentifier("url-input")
                        .accessibilityLabel("URL to test")
                    if let test {
                        if let domain = test.domain {
                            Text("Decided by the file for \(domain)").font(.caption).foregroundStyle(.secondary)
                        } else {
                            Text("No fetched or supplied file covers this host.")
                                .font(.caption).foregroundStyle(.secondary)
                        }
                        ForEach(test.verdicts, id: \.appID) { verdict in
                            VerdictView(model: model, url: test.url,
                                        presentation: VerdictPresentation(verdict, expectation: test.expectation),
                                        trace: { model.document.trace(of: test, appID: verdict.appID) })
                        }
                        if let domain = test.domain {
                            MacToolsRow(model: model, url: test.url, host: domain)
                        }
                    }
                    Divider()
                    Text("URL list").font(.headline)
                    Text("One URL per line; prefix = when it must open the app, ! when it must not.")
                        .font(.caption).foregroundStyle(.secondary)
                    TextEditor(text: $lines)
                        .font(.body.monospaced())
                        .frame(minHeight: 120)
                        .accessibilityLabel("URL list")
                        .onChange(of: lines) { model.setURLLines(lines) }
                    ForEach(model.document.urlLineProblems, id: \.self) { problem in
                        Label(problem, systemImage: "exclamationmark.triangle").font(.caption)
                    }
                }
                .padding()
            }
            // Lazy: a list of 100,000 URLs builds only the rows on screen.
            List(Array(model.document.urlTests.enumerated()), id: \.offset) { _, test in
                VStack(alignment: .leading, spacing: 4) {
                    Text(test.url).font(.callout.monospaced()).textSelection(.enabled)
                    ForEach(test.verdicts, id: \.appID) { verdict in
                        VerdictView(model: model, url: test.url,
                                    presentation: VerdictPresentation(verdict, expectation: test.expectation),
                                    trace: { model.document.trace(of: test, appID: verdict.appID) })
                    }
                }
                .contextMenu {
                    Button("Copy URL") { model.copyToPasteboard(test.url) }
                    Button("Test This URL") { model.urlInput = test.url }
                }
            }
            .frame(minHeight: 120)
        }
        // The editor shows the session's lines; setting the same text back changes nothing, so
        // showing this tab never marks the session edited.
        .onAppear { lines = model.document.urlLines }
        .onChange(of: model.urlFocusRequest) { urlFocused = true }
    }
}

/// One verdict; its trace is asked for when the disclosure opens (the document decides lists
/// and keystrokes without traces: a trace lists every rule tried).
struct VerdictView: View {
    let model: WindowModel
    /// The URL decided: an open trace follows it (the next URL may hit the same rule).
    let url: String
    let presentation: VerdictPresentation
    let trace: () -> [String]
    @State private var showsTrace = false
    @State private var steps: [String] = []

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Image(systemName: symbol).foregroundStyle(color).accessibilityHidden(true)
                Text(presentation.verdict.appID).font(.callout.monospaced())
                Text(presentation.headline).font(.callout.weight(.semibold))
                if presentation.meetsExpectation == false {
                    Text("Unexpected").font(.caption).foregroundStyle(.red)
                }
            }
            Text("Rule: \(presentation.rule)").font(.caption.monospaced()).textSelection(.enabled)
            DisclosureGroup("Trace", isExpanded: $showsTrace) {
                ForEach(Array(steps.enumerated()), id: \.offset) { _, step in
                    Text(step).font(.caption.monospaced()).textSelection(.enabled)
                }
            }
            .font(.caption)
            .onChange(of: showsTrace) { if showsTrace { steps = trace() } }
            .onChange(of: presentation) { if showsTrace { steps = trace() } }
            .onChange(of: url) { if showsTrace { steps = trace() } }
        }
        .contextMenu {
            Button("Copy Verdict") { model.copyToPasteboard(CopyText.verdict(url: url, presentation)) }
            Button("Copy URL") { model.copyToPasteboard(url) }
            if !steps.isEmpty {
                Button("Copy Trace") { model.copyToPasteboard(steps.joined(separator: "\n")) }
            }
        }
        .accessibilityElement(children: .contain)
        .accessibilityLabel(presentation.accessibilityLabel)
        .accessibilityValue(presentation.hookDecision)
        .accessibilityIdentifier("verdict")
    }

    private var symbol: String {
        switch presentation.verdict.decision {
        case .match: "checkmark.circle.fill"
        case .exclude: "nosign"
        case .noMatch: "circle.dashed"
        }
    }

    private var color: Color {
        switch presentation.verdict.decision {
        case .match: .green
        case .exclude: .red
        case .noMatch: .secondary
        }
    }
}

/// Open in Simulator (a booted device chosen in the picker), Ask Apple's matcher (with Copy
/// Command), and Apple's answer beside ours while the host's file is the one it was asked about.
struct MacToolsRow: View {
    @Bindable var model: WindowModel
    let url: String
    let host: String

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Picker("Simulator", selection: $model.simulatorUDID) {
                    Text("Booted Simulator").tag("booted")
                    ForEach(model.simulators, id: \.udid) { device in
                        Text("\(device.name) (\(device.runtime))").tag(device.udid)
                    }
                }
                .fixedSize()
                // simctl runs only when the tester asks (found through xcode-select, never xcrun).
                Button("Find Simulators") { model.loadSimulators() }
                    .help("List the booted Simulators (needs Xcode)")
                Button("Open in Simulator") { model.openInSimulator(url) }
                    .help("simctl openurl DEVICE URL (needs Xcode)")
                Button("Ask Apple's Matcher") { model.askApple(url: url, host: host) }
                    .help("Runs swcutil verify as root (asks for an administrator password)")
                Button("Copy Command") {
                    if let command = model.appleMatcherCommand(url: url, host: host) {
                        model.copyToPasteboard(command.commandLine)
                    }
                }
            }
            if let reason = model.developerTools?.reason {
                Text(reason).font(.caption).foregroundStyle(.secondary)
            }
            switch model.appleAnswer(for: url) {
            case .running?:
                HStack {
                    ProgressView("Asking Apple's matcher…").controlSize(.small)
                    Button("Stop") { model.cancelTools() }.help("Stop (⌘.)")
                }
            case .answered(let answer)?:
                ForEach(comparisons(answer), id: \.appID) { comparison in
                    Label(comparison.summary,
                          systemImage: comparison.agrees == false ? "exclamationmark.triangle.fill" : "applelogo")
                        .foregroundStyle(comparison.agrees == false ? .orange : .primary)
                        .font(.callout)
                }
                ForEach(answer.unrecognised, id: \.self) { Text($0).font(.caption.monospaced()) }
            case .failed(let message)?:
                Text(message).font(.caption).foregroundStyle(.red)
            case nil:
                EmptyView()
            }
        }
    }

    private func comparisons(_ answer: AppleMatcherAnswer) -> [MatcherComparison] {
        let test = model.document.decide(url: url)
        return test.verdicts.filter { model.appIDs.contains($0.appID) }.map {
            MatcherComparison(appID: $0.appID, ours: $0.decision, apple: answer.outcome(for: $0.appID))
        }
    }
}
