import SwiftUI
import Workbench

/// The URL list's lines as the package presents them (`URLListLines`: the web page's slices,
/// line by line): each line's rows of every platform, its expectation on each, and, decided for
/// several platforms, its cross-platform cell; a line that is not a URL says why in its place.
/// Its own view, so a keystroke in the typed-URL field does not rebuild the list.
struct URLListRowsView: View {
    let model: WindowModel

    var body: some View {
        let lines = model.document.urlListLines
        // Lazy: a list of 100,000 URLs presents only the rows on screen.
        List(0..<lines.count, id: \.self) { index in
            URLListLineView(model: model, shown: lines.line(at: index))
        }
        .accessibilityIdentifier("list-verdicts")
    }
}

/// The list's summary line (`URLListLines.summary`, every platform's).
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
            ForEach(shown.verdicts, id: \.rowID) { verdict in
                VerdictView(
                    model: model, url: shown.url, row: verdict, showsPlatform: shown.showsPlatforms,
                    trace: { traceOfRow(verdict, of: shown.url, in: model.document) })
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

/// A URL's verdict across platforms (`CrossPlatformPresentation.Cell`), then each platform's
/// outcome (`outcomes`), in one line.
struct CrossPlatformCellView: View {
    let cell: CrossPlatformPresentation.Cell

    var body: some View {
        Label(
            cell.text + " — " + cell.outcomes.map { "\($0.platformName): \($0.text)" }.joined(separator: "; "),
            systemImage: "rectangle.split.2x1"
        )
        .font(.callout)
        .accessibilityIdentifier("cross-platform-verdict")
        .accessibilityValue(cell.verdict)
    }
}

/// The list's verdict table across platforms (`CrossPlatformPresentation`, the web page's
/// "Both platforms"): the summary, the counts, and each URL's row (line, URL, the verdict, then
/// each platform's outcome and reason, `Cell.outcomes`); shown only when the document decides the
/// list for several platforms. Its own view, so a keystroke in the typed-URL field does
/// not rebuild it.
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
                        DisclosureGroup("Each URL of the list (\(table.rows.count))") {
                            // Lazy: up to `URLListPresentation.maximumShown` rows.
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
                Label(table.title, systemImage: "rectangle.split.2x1").font(.headline)
            }
            .accessibilityElement(children: .contain)
            .accessibilityIdentifier("cross-platform-table")
        }
    }
}

/// One row of the table: the line and URL, the verdict, then each platform's outcome under its
/// name, with what decided it and why.
struct CrossPlatformRowView: View {
    let row: CrossPlatformPresentation.Row

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(alignment: .firstTextBaseline) {
                Text(row.line.map { "\($0)" } ?? "").font(.caption.monospacedDigit()).foregroundStyle(.secondary)
                Text(row.url).font(.callout.monospaced()).textSelection(.enabled)
                BadgeView(badge: Badge(row.cell.shortText))
                if let sensitive = row.sensitive {
                    Text(sensitive).font(.caption).foregroundStyle(.orange)
                }
            }
            ForEach(Array(row.cell.outcomes.enumerated()), id: \.offset) { _, outcome in
                Text("\(outcome.platformName): \(outcome.text) — \(outcome.reason)").font(.caption)
                    .textSelection(.enabled)
            }
        }
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("cross-platform-row")
        .accessibilityValue(row.cell.verdict)
    }
}
