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
                        // Every platform's rows, in the package's order, drawn alike.
                        ForEach(typed.verdicts, id: \.rowID) { verdict in
                            VerdictView(
                                model: model, url: typed.url, row: verdict,
                                showsPlatform: typed.showsPlatforms,
                                trace: { traceOfRow(verdict, of: typed.url, in: model.document) })
                        }
                        // Apps of several platforms: which one(s) the URL opens, in one line.
                        if let cell = typed.crossPlatform {
                            CrossPlatformCellView(cell: cell)
                        }
                        DeviceToolsRows(model: model, url: typed.url, host: typed.domain)
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
                    // Apps of several platforms: the list's verdict table (which apps each URL opens).
                    CrossPlatformTableView(model: model)
                }
                .padding()
            }
            // Every line of the list as the package presents it (every platform's rows).
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

/// The trace of `row` of `url`: the URL decided again with every trace
/// (`presentation(ofTyped:traced:)`), the row of the same platform and key; empty when it is gone.
@MainActor
func traceOfRow(_ row: URLTestPresentation.Verdict, of url: String, in document: WorkbenchDocument) -> [String] {
    document.presentation(ofTyped: url, traced: true).verdicts.first { $0.rowID == row.rowID }?.trace ?? []
}

extension URLTestPresentation.Verdict {
    /// The row's identity among a URL's rows: its platform and its key there.
    var rowID: String { platform + "\u{1F}" + key }
}

/// A line's expectation and whether it holds ("must not open", "not met"), as the package words
/// it; when several platforms decide the URL, whether it holds on each (`expectations`).
struct ExpectationLine: View {
    let presentation: URLTestPresentation

    var body: some View {
        if !presentation.expectationLabel.isEmpty {
            HStack {
                Text(presentation.expectationLabel).font(.caption)
                if let text = presentation.expectationText {
                    Text(text).font(.caption.weight(.semibold))
                        .foregroundStyle(presentation.expectationMet == false ? .red : .green)
                }
                ForEach(presentation.expectations, id: \.platform) { expectation in
                    Text(expectation.text).font(.caption)
                        .foregroundStyle(expectation.met ? .green : .red)
                }
            }
        }
    }
}

/// One verdict row as the package presents it (`URLTestPresentation.Verdict`: the same words
/// as the web page), whatever its platform: its platform's name when the URL is decided for
/// several, the headline, the app, where it was decided and the rule, its badge, the detail
/// (why a matched link still goes to the browser), and its trace, asked for when the
/// disclosure opens (the document decides lists and keystrokes without traces: a trace lists
/// every rule tried) unless the row carries one.
struct VerdictView: View {
    let model: WindowModel
    /// The URL decided: an open trace follows it (the next URL may hit the same rule).
    let url: String
    let row: URLTestPresentation.Verdict
    /// Whether the row shows its platform's name (`URLTestPresentation.showsPlatforms`).
    let showsPlatform: Bool
    let trace: () -> [String]
    @State private var showsTrace = false
    @State private var steps: [String] = []

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Image(systemName: symbol).foregroundStyle(color).accessibilityHidden(true)
                Text(row.headline).font(.callout.weight(.semibold))
                if showsPlatform {
                    Text(row.platformName).font(.caption.weight(.semibold))
                        .padding(.horizontal, 6).padding(.vertical, 2)
                        .background(.quaternary, in: Capsule())
                }
                if row.appLabel != row.appID {
                    Text(row.appLabel).font(.caption).foregroundStyle(.secondary)
                }
                Text(row.appID).font(.callout.monospaced())
            }
            HStack {
                Text(row.ruleLocation).font(.caption).foregroundStyle(.secondary)
                if let rule = row.ruleText {
                    Text(rule).font(.caption.monospaced()).textSelection(.enabled)
                }
                if let badge = row.badge { BadgeView(badge: badge) }
            }
            if let detail = row.detail {
                Text(detail).font(.caption).foregroundStyle(.orange).textSelection(.enabled)
            }
            DisclosureGroup("Trace", isExpanded: $showsTrace) {
                if steps.isEmpty {
                    Text("No trace for this row.").font(.caption).foregroundStyle(.secondary)
                }
                ForEach(Array(steps.enumerated()), id: \.offset) { _, step in
                    Text(step).font(.caption.monospaced()).textSelection(.enabled)
                }
            }
            .font(.caption)
            .onChange(of: showsTrace) { if showsTrace { steps = currentTrace() } }
            .onChange(of: row) { if showsTrace { steps = currentTrace() } }
            .onChange(of: url) { if showsTrace { steps = currentTrace() } }
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

    /// The trace the row carries, else the one asked for.
    private func currentTrace() -> [String] {
        if let own = row.trace, !own.isEmpty { return own }
        return trace()
    }

    /// The row's tone (`URLTestPresentation.Verdict.tone`) as a symbol: opens the app, asks or
    /// opens it unverified, excluded, stays in the browser; colored as every tone is (`Tone`).
    private var symbol: String {
        switch row.tone {
        case "ok": "checkmark.circle.fill"
        case "warn": "questionmark.circle"
        case "bad": "nosign"
        default: "circle.dashed"
        }
    }

    private var color: Color { Tone.color(row.tone) }
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
                    Label(
                        comparison.summary,
                        systemImage: comparison.agrees == false ? "exclamationmark.triangle.fill" : "applelogo"
                    )
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
