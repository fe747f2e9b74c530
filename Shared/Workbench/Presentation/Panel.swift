import Foundation

/// One platform's card, as blocks every face renders the same way without knowing the platform:
/// an iOS bundle, the Android app, a host's `assetlinks.json`. A face draws each block by its
/// kind (`PanelBlock.Kind`), each cell by its style; the words, tones and hooks are all here, so
/// a platform added to the package shows in every face with no view of its own.
public struct Panel: Sendable, Equatable, Codable, Identifiable {
    /// Stable across revisions ("ios:bundle:com.example.app", "android:host:example.com"): a face
    /// keeps a card's open state by it.
    public var id: String
    /// `ios`, `android` (`data-platform`).
    public var platform: String
    /// "iOS", "Android".
    public var platformName: String
    /// A word before the title ("app", "extension", "Android"), or "".
    public var kicker: String
    public var title: String
    /// The card's stable hook (`data-testid`): `bundle`, `android-app`, `android-host`.
    public var hook: String
    /// More hooks, each `data-KEY` on the web page (`bundle-id`, `role`, `host`, `state`, …).
    public var hooks: [String: String]
    public var badges: [Badge]
    /// Whether the card starts open (a face may let the tester fold it).
    public var isOpen: Bool
    public var blocks: [PanelBlock]

    public init(
        id: String, platform: AppPlatform, kicker: String, title: String, hook: String,
        hooks: [String: String] = [:], badges: [Badge] = [], isOpen: Bool = true, blocks: [PanelBlock]
    ) {
        self.id = id
        self.platform = platform.rawValue
        platformName = platform.name
        self.kicker = kicker
        self.title = title
        self.hook = hook
        self.hooks = hooks
        self.badges = badges
        self.isOpen = isOpen
        self.blocks = blocks
    }
}

/// A short word in a colored capsule ("differs", "verifies", "exported").
public struct Badge: Sendable, Equatable, Hashable, Codable {
    public var text: String
    /// `ok`, `warn`, `bad`, `busy`, `edited`, `muted`, or "" for none.
    public var tone: String
    /// Its hook (`data-testid`), or "".
    public var hook: String
    /// More words shown on hover, or "".
    public var help: String

    public init(_ text: String, tone: String = "", hook: String = "", help: String = "") {
        self.text = text
        self.tone = tone
        self.hook = hook
        self.help = help
    }
}

/// One block of a `Panel`. Which fields a block fills depends on its kind; the others are empty.
public struct PanelBlock: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// `text` as a section heading (`level` 4 or 5), with `badges` after it.
        case heading
        /// `text` as a paragraph, `tone` `muted`, `warn` or "".
        case text
        /// `pairs`: each label beside its value.
        case pairs
        /// `text` the caption, `columns` the headers, `rows` the cells.
        case table
        /// `items`, numbered when `ordered`; `tone` `problem` for a list of problems.
        case list
        /// `text` a command to copy, `title` what it is.
        case command
        /// `lint` with `text` its summary line.
        case lint
        /// `file`: a text with its lint markers on its lines.
        case file
    }

    public var kind: Kind
    /// The block's hook (`data-testid`), or "".
    public var hook: String
    /// More hooks, each `data-KEY` on the web page (a table of an activity: `activity`, `exported`).
    public var hooks: [String: String]
    public var text: String
    public var title: String
    public var tone: String
    public var level: Int
    public var badges: [Badge]
    public var pairs: [LabeledText]
    public var columns: [String]
    public var rows: [PanelRow]
    public var items: [PanelCell]
    public var ordered: Bool
    public var lint: [DomainPresentation.Lint]
    public var file: DomainPresentation.File?

    init(
        _ kind: Kind, hook: String = "", hooks: [String: String] = [:], text: String = "", title: String = "",
        tone: String = "", level: Int = 0,
        badges: [Badge] = [], pairs: [LabeledText] = [], columns: [String] = [], rows: [PanelRow] = [],
        items: [PanelCell] = [], ordered: Bool = false, lint: [DomainPresentation.Lint] = [],
        file: DomainPresentation.File? = nil
    ) {
        self.kind = kind
        self.hook = hook
        self.hooks = hooks
        self.text = text
        self.title = title
        self.tone = tone
        self.level = level
        self.badges = badges
        self.pairs = pairs
        self.columns = columns
        self.rows = rows
        self.items = items
        self.ordered = ordered
        self.lint = lint
        self.file = file
    }

    public static func heading(_ text: String, level: Int = 4, badges: [Badge] = [], hook: String = "") -> Self {
        Self(.heading, hook: hook, text: text, level: level, badges: badges)
    }

    public static func text(_ text: String, tone: String = "", hook: String = "") -> Self {
        Self(.text, hook: hook, text: text, tone: tone)
    }

    public static func pairs(_ pairs: [LabeledText], hook: String = "") -> Self {
        Self(.pairs, hook: hook, pairs: pairs)
    }

    public static func table(
        _ caption: String, columns: [String], rows: [PanelRow], hook: String = "",
        hooks: [String: String] = [:]
    ) -> Self {
        Self(.table, hook: hook, hooks: hooks, text: caption, columns: columns, rows: rows)
    }

    public static func list(_ items: [PanelCell], ordered: Bool = false, tone: String = "", hook: String = "") -> Self {
        Self(.list, hook: hook, tone: tone, items: items, ordered: ordered)
    }

    /// A list of problems (`tone` `problem`), one plain line each.
    public static func problems(_ lines: [String], hook: String = "") -> Self {
        list(lines.map { PanelCell($0) }, tone: "problem", hook: hook)
    }

    public static func command(_ text: String, title: String, hook: String = "") -> Self {
        Self(.command, hook: hook, text: text, title: title)
    }

    public static func lint(_ lint: [DomainPresentation.Lint], summary: String, hook: String = "") -> Self {
        Self(.lint, hook: hook, text: summary, lint: lint)
    }

    public static func file(_ file: DomainPresentation.File, hook: String = "") -> Self {
        Self(.file, hook: hook, file: file)
    }
}

/// One row of a panel's table: its cells, a tone for the whole row (`warn` marks a row that
/// differs), and its hooks (`data-KEY`).
public struct PanelRow: Sendable, Equatable, Codable {
    public var cells: [PanelCell]
    public var tone: String
    public var hooks: [String: String]

    public init(_ cells: [PanelCell], tone: String = "", hooks: [String: String] = [:]) {
        self.cells = cells
        self.tone = tone
        self.hooks = hooks
    }
}

/// One cell of a table or item of a list: lines of text in a style, with a badge or a
/// muted line under it.
public struct PanelCell: Sendable, Equatable, Codable {
    public enum Style: String, Sendable, Codable {
        /// Plain text.
        case plain
        /// Code (a key, a name, an offset).
        case code
        /// Preformatted text (a plist value), whitespace kept.
        case preformatted
        /// A fingerprint: code that may wrap after each colon.
        case fingerprint
        /// Muted text (an absent value, an explanation).
        case muted
    }

    /// One line each (a list of `<data>` elements is several).
    public var lines: [String]
    public var style: Style
    /// Shown as a capsule after the lines (nil for none).
    public var badge: Badge?
    /// A smaller line under the text ("https://example.com/.well-known/…", an error), or "".
    public var note: String
    /// `error` when `note` says what went wrong, else "".
    public var noteTone: String

    public init(_ text: String, style: Style = .plain, badge: Badge? = nil, note: String = "", noteTone: String = "") {
        self.init(lines: [text], style: style, badge: badge, note: note, noteTone: noteTone)
    }

    public init(
        lines: [String], style: Style = .plain, badge: Badge? = nil, note: String = "",
        noteTone: String = ""
    ) {
        self.lines = lines
        self.style = style
        self.badge = badge
        self.note = note
        self.noteTone = noteTone
    }

    /// A cell that is only a badge.
    public static func badge(_ badge: Badge) -> Self { Self(lines: [], badge: badge) }
}

/// The App tab's control that adds the product's app for another platform (chosen, or dropped
/// on the document): its words and the files it accepts.
public struct AddAppPresentation: Sendable, Equatable, Codable {
    /// "Add the product's other app…".
    public var label: String
    /// What it takes, in a sentence that names the extensions.
    public var help: String
    /// The file chooser's filter: every app file extension, dotted and comma-separated (`.apk,.ipa,…`).
    public var accept: String

    /// The control for the apps `AppFileKind` reads.
    public static let standard: Self = {
        // An `.app` folder is no file a chooser can pick.
        let extensions = AppFileKind.iosExtensions.subtracting(["app"]).union(AppFileKind.androidExtensions).sorted()
            .map { "." + $0 }
        return Self(
            label: "Add the product\u{2019}s other app…",
            help: "The same product\u{2019}s app for another platform (\(extensions.joined(separator: ", "))); "
                + "or drop it on this document.",
            accept: extensions.joined(separator: ","))
    }()
}

/// The App tab's part for one platform: its cards (an iOS app's bundles, main app first; the
/// Android app), or the note that says why there are none, and what could not be read.
public struct AppSection: Sendable, Equatable, Codable, Identifiable {
    public var id: String { platform }
    public var platform: String
    public var platformName: String
    /// "Bundles", "iOS app: bundles", "Android app".
    public var title: String
    public var panels: [Panel]
    /// Why there is no card (nil when there is one).
    public var note: String?
    /// What could not be read in the input as a whole (`severity: message`).
    public var diagnostics: [String]

    init(_ platform: AppPlatform, title: String, panels: [Panel], note: String? = nil, diagnostics: [String] = []) {
        self.platform = platform.rawValue
        platformName = platform.name
        self.title = title
        self.panels = panels
        self.note = note
        self.diagnostics = diagnostics
    }
}
