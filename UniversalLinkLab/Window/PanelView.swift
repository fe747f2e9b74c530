import SwiftUI
import Workbench

/// Any card the package presents as a `Panel`, whatever platform it is about: a kicker, the
/// title and its badges over the blocks, each drawn by its kind (`PanelBlock.Kind`), each cell
/// by its style. The words, tones and hooks all come from the package, so a platform it adds
/// shows here with no view of its own. The card starts open or folded as `Panel.isOpen` says;
/// the tester may fold it, and SwiftUI keeps that while the card's `id` stays. `accessory`
/// (a host's action buttons, or nothing) sits at the trailing end of the header, shown folded too.
struct PanelView<Accessory: View>: View {
    let model: WindowModel
    let panel: Panel
    let accessory: Accessory
    @State private var isOpen: Bool

    init(model: WindowModel, panel: Panel, @ViewBuilder accessory: () -> Accessory) {
        self.model = model
        self.panel = panel
        self.accessory = accessory()
        _isOpen = State(initialValue: panel.isOpen)
    }

    var body: some View {
        GroupBox {
            DisclosureGroup(isExpanded: $isOpen) {
                VStack(alignment: .leading, spacing: 8) {
                    ForEach(Array(panel.blocks.enumerated()), id: \.offset) { _, block in
                        PanelBlockView(model: model, block: block)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.top, 4)
            } label: {
                HStack(alignment: .firstTextBaseline, spacing: 6) {
                    if !panel.kicker.isEmpty {
                        Text(panel.kicker).font(.caption.weight(.semibold)).foregroundStyle(.secondary)
                    }
                    Text(panel.title).font(.headline).textSelection(.enabled)
                    ForEach(panel.badges, id: \.self) { BadgeView(badge: $0) }
                    Spacer()
                    accessory
                }
            }
        }
        .accessibilityElement(children: .contain)
        .hook(panel.hook)
    }
}

extension PanelView where Accessory == EmptyView {
    /// A panel with nothing in its header beyond its own words.
    init(model: WindowModel, panel: Panel) {
        self.init(model: model, panel: panel) { EmptyView() }
    }
}

/// One block of a panel, by its kind.
struct PanelBlockView: View {
    let model: WindowModel
    let block: PanelBlock

    var body: some View {
        content.hook(block.hook)
    }

    @ViewBuilder private var content: some View {
        switch block.kind {
        case .heading:
            HStack(alignment: .firstTextBaseline, spacing: 6) {
                Text(block.text)
                    .font(block.level <= 4 ? .subheadline.weight(.semibold) : .callout.weight(.semibold))
                    .textSelection(.enabled)
                ForEach(block.badges, id: \.self) { BadgeView(badge: $0) }
            }
            .padding(.top, block.level <= 4 ? 4 : 0)
            .accessibilityElement(children: .combine)
        case .text:
            Text(block.text).font(.callout).foregroundStyle(Tone.color(block.tone)).textSelection(.enabled)
        case .pairs:
            Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 12, verticalSpacing: 4) {
                ForEach(block.pairs, id: \.self) { pair in
                    GridRow {
                        Text(pair.label).foregroundStyle(.secondary)
                        Text(pair.text).textSelection(.enabled)
                    }
                }
            }
            .font(.callout)
        case .table:
            PanelTableView(model: model, block: block)
        case .list:
            PanelListView(model: model, block: block)
        case .command:
            VStack(alignment: .leading, spacing: 2) {
                Text(block.title).font(.caption).foregroundStyle(.secondary)
                HStack(alignment: .firstTextBaseline) {
                    Text(block.text).font(.caption.monospaced()).textSelection(.enabled).lineLimit(3)
                    Spacer()
                    Button("Copy") { model.copyToPasteboard(block.text) }
                        .help("Copy the \(block.title)")
                }
            }
        case .lint:
            VStack(alignment: .leading, spacing: 2) {
                Text(block.text).font(.callout)
                ForEach(Array(block.lint.enumerated()), id: \.offset) { _, lint in
                    Label(
                        [lint.id, lint.place].filter { !$0.isEmpty }.joined(separator: " ") + ": " + lint.message,
                        systemImage: lint.severity == "error" ? "xmark.octagon" : "exclamationmark.triangle"
                    )
                    .font(.caption)
                    .foregroundStyle(lint.severity == "error" ? Color.red : Color.orange)
                    .textSelection(.enabled)
                }
            }
        case .file:
            if let file = block.file {
                DisclosureGroup(file.title) {
                    if let note = file.note { Text(note).font(.caption).foregroundStyle(.secondary) }
                    ServedFileView(lines: file.numberedLines)
                }
                .font(.callout)
            }
        }
    }
}

/// A table block: its caption, a header row, then each row's cells (a row with a tone is tinted).
struct PanelTableView: View {
    let model: WindowModel
    let block: PanelBlock

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if !block.text.isEmpty {
                Text(block.text).font(.caption.weight(.semibold)).foregroundStyle(.secondary)
            }
            Grid(alignment: .topLeading, horizontalSpacing: 12, verticalSpacing: 6) {
                GridRow {
                    ForEach(Array(block.columns.enumerated()), id: \.offset) { _, column in
                        Text(column)
                    }
                }
                .font(.caption.weight(.semibold))
                ForEach(Array(block.rows.enumerated()), id: \.offset) { _, row in
                    GridRow {
                        ForEach(Array(row.cells.enumerated()), id: \.offset) { _, cell in
                            PanelCellView(model: model, cell: cell)
                        }
                    }
                    // On a GridRow, a modifier applies to each of its cells.
                    .background(row.tone.isEmpty ? Color.clear : Tone.color(row.tone).opacity(0.12))
                }
            }
        }
        .accessibilityElement(children: .contain)
    }
}

/// A list block: numbered when ordered, a warning sign before each item of a list of problems.
struct PanelListView: View {
    let model: WindowModel
    let block: PanelBlock

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            ForEach(Array(block.items.enumerated()), id: \.offset) { index, item in
                HStack(alignment: .firstTextBaseline, spacing: 6) {
                    if block.tone == "problem" {
                        Image(systemName: "exclamationmark.triangle").foregroundStyle(.orange)
                            .accessibilityHidden(true)
                    } else {
                        Text(verbatim: block.ordered ? "\(index + 1)." : "•")
                            .font(.callout).foregroundStyle(.secondary)
                    }
                    PanelCellView(model: model, cell: item)
                }
            }
        }
        .accessibilityElement(children: .contain)
    }
}

/// One cell: its lines in their style, its badge, and the note under it.
struct PanelCellView: View {
    let model: WindowModel
    let cell: PanelCell

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            ForEach(Array(cell.lines.enumerated()), id: \.offset) { _, line in
                styled(Text(line)).textSelection(.enabled)
            }
            if let badge = cell.badge { BadgeView(badge: badge) }
            if !cell.note.isEmpty {
                Text(cell.note).font(.caption)
                    .foregroundStyle(cell.noteTone.isEmpty ? Color.secondary : Tone.color(cell.noteTone))
                    .textSelection(.enabled)
            }
        }
        .contextMenu {
            if !cell.lines.isEmpty {
                Button("Copy") { model.copyToPasteboard(cell.lines.joined(separator: "\n")) }
            }
        }
    }

    @ViewBuilder private func styled(_ text: Text) -> some View {
        switch cell.style {
        case .plain: text.font(.callout).foregroundStyle(Color.primary)
        case .code: text.font(.callout.monospaced()).foregroundStyle(Color.primary)
        case .preformatted, .fingerprint: text.font(.caption.monospaced()).foregroundStyle(Color.primary)
        case .muted: text.font(.callout).foregroundStyle(Color.secondary)
        }
    }
}

/// A short word in a capsule, colored by its tone, its help on hover.
struct BadgeView: View {
    let badge: Badge

    var body: some View {
        Text(badge.text)
            .font(.caption)
            .foregroundStyle(badge.tone.isEmpty ? Color.primary : Tone.color(badge.tone))
            .padding(.horizontal, 6).padding(.vertical, 2)
            .background(.quaternary, in: Capsule())
            .help(badge.help)
            .hook(badge.hook)
    }
}

/// The package's tone words as colors (`ok`, `warn`, `bad`, `error`, `problem`, `busy`, `edited`,
/// `muted`); any other word, or none, is the primary color.
enum Tone {
    static func color(_ tone: String) -> Color {
        switch tone {
        case "ok": .green
        case "warn", "problem": .orange
        case "bad", "error": .red
        case "busy": .blue
        case "edited": .purple
        case "muted": .secondary
        default: .primary
        }
    }
}

extension View {
    /// The element's stable hook (the web page's `data-testid`) as its accessibility
    /// identifier; none when `hook` is empty.
    @ViewBuilder func hook(_ hook: String) -> some View {
        if hook.isEmpty {
            self
        } else {
            accessibilityIdentifier(hook)
        }
    }
}
