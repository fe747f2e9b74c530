import SwiftUI
import Workbench

/// The URL list's lines as the package presents them (`URLListLines`: the web page's slices,
/// line by line): each line's iOS verdicts, with an Android app its Android rows and Android
/// expectation, with both apps its cross-platform cell; a line that is not a URL says why in its
/// place. Its own view, so a keystroke in the typed-URL field does not rebuild the list.
struct URLListRowsView: View {
    let model: WindowModel

    var body: some View {
        let lines = model.document.urlListLines
        // Lazy: a list of 100,000 URLs presents only the rows on screen.
        List(0..<lines.count, id: \.self) { index in
            URLListLineView(model: model, shown: lines.line(at: index), test: lines.test(at: index))
        }
        .accessibilityIdentifier("list-verdicts")
    }
}

/// The list's summary line (`URLListLines.summary`: iOS's, and Android's with an APK).
struct URLListSummaryView: View {
    let model: WindowModel

    var body: some View {
        Text(model.document.urlListLines.summary).font(.callout).foregroundStyle(.secondary)
            .accessibilityIdentifier("url-list-summary")
    }
}

/// One line of the list.
struct URLListLineView: View {
    let model: WindowModel
    let shown: URLTestPresentation
    /// The decided test (nil for a line that is not a URL): what a trace is asked of.
    let test: URLTest?

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(shown.url).font(.callout.monospaced()).textSelection(.enabled)
            if let problem = shown.problem {
                Label(problem, systemImage: "exclamationmark.triangle").font(.caption)
            }
            if let note = shown.note {
                Text(note).font(.caption).foregroundStyle(.secondary)
            }
            ExpectationLine(presentation: shown)
            if let cell = shown.crossPlatform {
                CrossPlatformCellView(cell: cell)
            }
            ForEach(shown.verdicts, id: \.appID) { verdict in
                VerdictView(model: model, url: shown.url, row: verdict,
                            trace: { test.map { model.document.trace(of: $0, appID: verdict.appID) } ?? [] })
            }
            ForEach(Array((shown.android ?? []).enumerated()), id: \.offset) { _, row in
                AndroidVerdictView(row: row)
            }
        }
        .contextMenu {
            Button("Copy URL") { model.copyToPasteboard(shown.url) }
            if shown.problem == nil {
                Button("Test This URL") { model.urlInput = shown.url }
            }
        }
        .accessibilityElement(children: .contain)
    }
}

/// A URL's verdict on both platforms (`CrossPlatformPresentation.Cell`), in one line.
struct CrossPlatformCellView: View {
    let cell: CrossPlatformPresentation.Cell

    var body: some View {
        Label("\(cell.text) — iOS: \(cell.iosOutcomeText); Android: \(cell.androidOutcomeText)",
              systemImage: "rectangle.split.2x1")
            .font(.callout)
            .accessibilityIdentifier("cross-platform-verdict")
            .accessibilityValue(cell.verdict)
    }
}

/// The list's verdict table on both platforms (`CrossPlatformPresentation`, the web page's
/// "Both platforms"): the summary, the four counts (both, iOS only, Android only, neither) and
/// each URL's row with each side's outcome and reason; shown only when the document holds both
/// apps. Its own view, so a keystroke in the typed-URL field does not rebuild it.
struct CrossPlatformTableView: View {
    let model: WindowModel

    var body: some View {
        if let table = model.document.crossPlatformPresentation {
            GroupBox {
                VStack(alignment: .leading, spacing: 8) {
                    Text(table.summary).font(.callout).textSelection(.enabled)
                    HStack(spacing: 16) {
                        ForEach(table.counts, id: \.verdict) { count in
                            VStack(alignment: .leading) {
                                Text(String(count.count)).font(.title2.monospacedDigit())
                                Text(count.label).font(.caption).foregroundStyle(.secondary)
                            }
                            .accessibilityElement(children: .combine)
                            .accessibilityValue(count.verdict)
                        }
                    }
                    .accessibilityElement(children: .contain)
                    .accessibilityIdentifier("cross-platform-counts")
                    if !table.rows.isEmpty {
                        DisclosureGroup("Each URL of the list on both platforms (\(table.rows.count))") {
                            LazyVStack(alignment: .leading, spacing: 6) {
                                ForEach(Array(table.rows.enumerated()), id: \.offset) { _, row in
                                    CrossPlatformRowView(row: row)
                                }
                            }
                        }
                        .font(.callout)
                    }
                    if let more = table.more {
                        Text(more).font(.caption).foregroundStyle(.secondary)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            } label: {
                Label("Both platforms — \(table.iosApp) and \(table.androidApp) (API \(table.androidSDK))",
                      systemImage: "rectangle.split.2x1").font(.headline)
            }
            .accessibilityElement(children: .contain)
            .accessibilityIdentifier("cross-platform-table")
        }
    }
}

/// One row of the table: the line and URL, the verdict, each side's outcome and why.
struct CrossPlatformRowView: View {
    let row: CrossPlatformPresentation.Row

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(alignment: .firstTextBaseline) {
                Text(row.line.map { "\($0)" } ?? "").font(.caption.monospacedDigit()).foregroundStyle(.secondary)
                Text(row.url).font(.callout.monospaced()).textSelection(.enabled)
                Text(row.cell.shortText).font(.caption.weight(.semibold))
                    .padding(.horizontal, 6).padding(.vertical, 2)
                    .background(.quaternary, in: Capsule())
                if let sensitive = row.sensitive {
                    Text(sensitive).font(.caption).foregroundStyle(.orange)
                }
            }
            Text("iOS: \(row.cell.iosOutcomeText) — \(row.iosReason)").font(.caption).textSelection(.enabled)
            Text("Android: \(row.cell.androidOutcomeText) — \(row.androidReason)").font(.caption)
                .textSelection(.enabled)
        }
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("cross-platform-row")
        .accessibilityValue(row.cell.verdict)
    }
}
