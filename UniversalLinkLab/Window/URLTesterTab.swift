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
        let typed = model.urlInput.isEmpty ? nil : model.document.presentation(ofTyped: model.urlInput)
        VSplitView {
            ScrollView {
                VStack(alignment: .leading, spacing: 12) {
                    TextField("https://example.com/path", text: $model.urlInput)
                        .textFieldStyle(.roundedBorder)
                        .font(.body.monospaced())
                        .focused($urlFocused)
                        .accessibilityIdentifier("url-input")
                        .accessibilityLabel("URL to test")
                    // The typed URL as the package presents it (the web page renders the same values).
                    if let typed {
                        if let problem = typed.problem {
                            Label(problem, systemImage: "exclamationmark.triangle").font(.caption)
                        }
                        if let note = typed.note {
                            Text(note).font(.caption).foregroundStyle(.secondary)
                        }
                        ExpectationLine(presentation: typed)
                        ForEach(typed.verdicts, id: \.appID) { verdict in
                            VerdictView(model: model, url: typed.url, row: verdict,
                                        trace: { model.document.presentation(ofTyped: typed.url, traced: true)
                                            .verdicts.first { $0.appID == verdict.appID }?.trace ?? [] })
                        }
                        // One row per platform: the Android app's rows below the iOS ones.
                        ForEach(Array((typed.android ?? []).enumerated()), id: \.offset) { _, row in
                            AndroidVerdictView(row: row)
                        }
                        // Both apps in the document: which one(s) the URL opens, in one line.
                        if let cell = typed.crossPlatform {
                            CrossPlatformCellView(cell: cell)
                        }
                        if let domain = typed.domain {
                            MacToolsRow(model: model, url: typed.url, host: domain)
                        }
                        AndroidToolsRow(model: model, url: typed.url)
                    }
                    Divider()
                    Text("URL list").font(.headline)
                    URLListSummaryView(model: model)
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
                    // Both apps: the list's verdict table (opens iOS / Android / both / neither).
                    CrossPlatformTableView(model: model)
                }
                .padding()
            }
            // Every line of the list as the package presents it (with an APK, its Android rows).
            URLListRowsView(model: model)
                .frame(minHeight: 120)
        }
        // The editor shows the session's lines; setting the same text back changes nothing, so
        // showing this tab never marks the session edited. Undo, Revert and a version replace
        // the lines: the editor follows (its next keystroke must not write the older text back).
        .onAppear { lines = model.document.urlLines }
        .onChange(of: model.document.urlLines) {
            if lines != model.document.urlLines { lines = model.document.urlLines }
        }
        .onChange(of: model.urlFocusRequest) { urlFocused = true }
    }
}

/// A line's expectation and whether it holds ("must not open", "not met"), as the package words it;
/// with an Android app, whether it holds on Android too (`androidExpectationMet`).
struct ExpectationLine: View {
    let presentation: URLTestPresentation

    var body: some View {
        if !presentation.expectationLabel.isEmpty {
            let platforms = presentation.android != nil
            HStack {
                Text(presentation.expectationLabel).font(.caption)
                if let text = presentation.expectationText {
                    Text(platforms ? "iOS: \(text)" : text).font(.caption.weight(.semibold))
                        .foregroundStyle(presentation.expectationMet == false ? .red : .green)
                }
                if let met = presentation.androidExpectationMet {
                    Text("Android: " + (met ? "met" : "not met")).font(.caption.weight(.semibold))
                        .foregroundStyle(met ? .green : .red)
                }
            }
        }
    }
}

/// One verdict row as the package presents it (`URLTestPresentation.Verdict`: the same words
/// as the web page); its trace is asked for when the disclosure opens (the document decides
/// lists and keystrokes without traces: a trace lists every rule tried).
struct VerdictView: View {
    let model: WindowModel
    /// The URL decided: an open trace follows it (the next URL may hit the same rule).
    let url: String
    let row: URLTestPresentation.Verdict
    let trace: () -> [String]
    @State private var showsTrace = false
    @State private var steps: [String] = []

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Image(systemName: symbol).foregroundStyle(color).accessibilityHidden(true)
                Text(row.headline).font(.callout.weight(.semibold))
                Text(row.appLabel).font(.caption).foregroundStyle(.secondary)
                Text(row.appID).font(.callout.monospaced())
            }
            HStack {
                Text(row.ruleLocation).font(.caption).foregroundStyle(.secondary)
                if let rule = row.ruleText {
                    Text(rule).font(.caption.monospaced()).textSelection(.enabled)
                }
            }
            DisclosureGroup("Trace", isExpanded: $showsTrace) {
                ForEach(Array(steps.enumerated()), id: \.offset) { _, step in
                    Text(step).font(.caption.monospaced()).textSelection(.enabled)
                }
            }
            .font(.caption)
            .onChange(of: showsTrace) { if showsTrace { steps = trace() } }
            .onChange(of: row) { if showsTrace { steps = trace() } }
            .onChange(of: url) { if showsTrace { steps = trace() } }
        }
        .contextMenu {
            Button("Copy Verdict") { model.copyToPasteboard(CopyText.verdict(url: url, row)) }
            Button("Copy URL") { model.copyToPasteboard(url) }
            if !steps.isEmpty {
                Button("Copy Trace") { model.copyToPasteboard(steps.joined(separator: "\n")) }
            }
        }
        .accessibilityElement(children: .contain)
        .accessibilityLabel(row.accessibilityLabel)
        .accessibilityValue(row.decision)
        .accessibilityIdentifier("verdict")
    }

    private var symbol: String {
        switch row.decision {
        case "match": "checkmark.circle.fill"
        case "exclude": "nosign"
        default: "circle.dashed"
        }
    }

    private var color: Color {
        switch row.decision {
        case "match": .green
        case "exclude": .red
        default: .secondary
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
