import AppKit
import Findings
import SwiftUI
import Workbench

/// Counts by severity, the system's search field (`.searchable`, at the top of the sidebar), a
/// triage status filter, and the findings grouped by severity with triage badges.
struct FindingsSidebar: View {
    @Bindable var model: WindowModel
    @FocusState private var searchFocused: Bool

    var body: some View {
        let list = model.findingList
        VStack(spacing: 0) {
            HStack {
                SeverityCounts(counts: list.counts)
                StatusFilterMenu(model: model)
            }
            .padding(.horizontal, 12)
            .padding(.vertical, 8)
            List(selection: $model.selectedFinding) {
                ForEach(list.groups) { group in
                    Section(group.title) {
                        ForEach(group.findings, id: \.fingerprint) { item in
                            FindingRowView(row: FindingRow(item))
                                .tag(item.fingerprint)
                                .contextMenu {
                                    Button("Copy as Markdown") { model.copyFinding(item) }
                                    Button("Copy Rule ID") { model.copyToPasteboard(item.finding.id) }
                                    Button("Copy Subject") { model.copyToPasteboard(item.finding.subject) }
                                }
                        }
                    }
                }
            }
            .listStyle(.sidebar)
            // ⌘C on the list copies the selected finding as Markdown.
            .onCopyCommand { [model] in
                guard let item = model.selected else { return [] }
                return [NSItemProvider(object: CopyText.finding(item) as NSString)]
            }
            .overlay {
                if list.visible.isEmpty {
                    Text(model.document.findings.isEmpty ? "No findings yet" : "No finding matches the filter")
                        .foregroundStyle(.secondary)
                }
            }
        }
        // The filter is the system's search field (XCUITest: `app.searchFields`); it matches
        // ID, title, subject and note (`FindingList`).
        .searchable(
            text: $model.findingQuery, isPresented: $model.isSearchingFindings, placement: .sidebar,
            prompt: Text("Filter findings")
        )
        .modifier(SearchFieldFocus(focused: $searchFocused))
        // Find in Findings (⌥⌘F): presents the search field and, from macOS 15, focuses it.
        .onChange(of: model.findingSearchFocusRequest) {
            model.isSearchingFindings = true
            searchFocused = true
        }
    }
}

/// Binds the search field's focus where the system can (`searchFocused`, macOS 15 and later);
/// on macOS 14 presenting the search field is all Find in Findings asks for.
struct SearchFieldFocus: ViewModifier {
    var focused: FocusState<Bool>.Binding

    func body(content: Content) -> some View {
        if #available(macOS 15, *) {
            content.searchFocused(focused)
        } else {
            content
        }
    }
}

struct SeverityCounts: View {
    let counts: [Severity: Int]

    var body: some View {
        HStack(spacing: 10) {
            ForEach(Severity.descending, id: \.self) { severity in
                VStack(spacing: 2) {
                    Text("\(counts[severity] ?? 0)").font(.headline.monospacedDigit())
                    Text(severity.displayName).font(.caption2).foregroundStyle(.secondary)
                }
                .frame(maxWidth: .infinity)
                .accessibilityElement(children: .combine)
                .accessibilityLabel("\(counts[severity] ?? 0) \(severity.displayName)")
            }
        }
    }
}

struct StatusFilterMenu: View {
    @Bindable var model: WindowModel

    var body: some View {
        Menu {
            Button("All statuses") { model.statusFilter = nil }
            Divider()
            ForEach(TriageStatus.allCases, id: \.self) { status in
                Toggle(status.badge, isOn: $model[filtering: status])
            }
        } label: {
            Image(
                systemName: model.statusFilter == nil
                    ? "line.3.horizontal.decrease.circle"
                    : "line.3.horizontal.decrease.circle.fill")
        }
        .menuStyle(.button)
        .buttonStyle(.borderless)
        .fixedSize()
        .accessibilityLabel("Filter by triage status")
    }
}

struct FindingRowView: View {
    let row: FindingRow

    var body: some View {
        let finding = row.triaged.finding
        // The package's row: hidden characters of a hostile input shown as markers.
        let shown = FindingRowPresentation(row.triaged)
        HStack(alignment: .firstTextBaseline, spacing: 8) {
            SeverityDot(severity: finding.severity)
            VStack(alignment: .leading, spacing: 2) {
                Text(shown.title).lineLimit(2)
                Text("\(shown.id) · \(shown.subject)")
                    .font(.caption).foregroundStyle(.secondary).lineLimit(1)
            }
            Spacer(minLength: 4)
            if row.triaged.status != .open {
                TriageBadge(status: row.triaged.status)
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(row.accessibilityLabel)
        .accessibilityIdentifier("finding")
    }
}

struct SeverityDot: View {
    let severity: Severity

    var body: some View {
        Circle()
            .fill(color)
            .frame(width: 8, height: 8)
            .accessibilityHidden(true)
    }

    private var color: Color {
        switch severity {
        case .critical: .purple
        case .high: .red
        case .medium: .orange
        case .low: .yellow
        case .info: .secondary
        }
    }
}

struct TriageBadge: View {
    let status: TriageStatus

    var body: some View {
        Text(status.badge)
            .font(.caption2.weight(.medium))
            .padding(.horizontal, 6)
            .padding(.vertical, 2)
            .background(.quaternary, in: Capsule())
            .accessibilityLabel("Triage: \(status.badge)")
    }
}
