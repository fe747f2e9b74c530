import Foundation

/// What the Quick Look preview extension shows for one file (`.ipa`, zipped `.app`, `.apk`,
/// `.mobileprovision`, `.linklab`): a title, notices, and sections of label/value rows.
///
/// Built in the package from the engine's streaming readers, bounded in time and memory
/// (``QuickLookPreview/make(fileAt:deadline:)``), rendered to HTML by ``html``; the extension
/// only hands that HTML to Quick Look.
public struct QuickLookPreview: Sendable, Equatable {
    /// What was previewed.
    public enum Kind: String, Sendable, Equatable {
        case app, profile, session
        /// An Android app (`.apk`, `.xapk`, `.apks`).
        case android
        /// The file could not be previewed (unreadable, too large, hostile, out of time).
        case unavailable
    }

    /// How a row or notice reads: plain, fine, doubtful or wrong.
    public enum Tone: String, Sendable, Equatable {
        case plain, good, warning, error
    }

    /// One label/value line, with optional lines below it (a domain's problems).
    public struct Row: Sendable, Equatable {
        public var label: String
        public var value: String
        public var tone: Tone
        public var details: [String]

        public init(_ label: String, _ value: String, tone: Tone = .plain, details: [String] = []) {
            self.label = label
            self.value = value
            self.tone = tone
            self.details = details
        }
    }

    /// A titled group of rows.
    public struct Section: Sendable, Equatable {
        public var title: String
        public var rows: [Row]

        public init(_ title: String, _ rows: [Row]) {
            self.title = title
            self.rows = rows
        }
    }

    /// A sentence above the sections (out of time, not readable, a disagreement).
    public struct Notice: Sendable, Equatable {
        public var tone: Tone
        public var text: String

        public init(_ tone: Tone, _ text: String) {
            self.tone = tone
            self.text = text
        }
    }

    public var kind: Kind
    public var title: String
    public var subtitle: String
    public var notices: [Notice]
    public var sections: [Section]
    /// The extension should decline and let Quick Look show its own preview: a plain ZIP
    /// (the zipped-app content type is every ZIP) that holds no app.
    public var fallsBackToSystemPreview = false

    public init(kind: Kind, title: String, subtitle: String = "", notices: [Notice] = [], sections: [Section] = []) {
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.notices = notices
        self.sections = sections
    }

    /// The section titled `title`, if any (tests, the view).
    public func section(_ title: String) -> Section? { sections.first { $0.title == title } }

    /// The most rows a section shows; the rest are counted in one last row.
    public static let maximumRows = 200
    /// The most characters of one label or value (the rest is cut with `…`).
    public static let maximumText = 300

    /// `rows` capped at ``maximumRows`` with a closing "… and N more" row.
    static func capped(_ rows: [Row]) -> [Row] {
        guard rows.count > maximumRows else { return rows }
        return Array(rows.prefix(maximumRows - 1)) + [Row("…", "and \(rows.count - maximumRows + 1) more")]
    }

    /// A string made safe to show: control characters replaced, length capped.
    static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maximumText {
                out.append("…")
                break
            }
            let isControl =
                scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format && scalar.value >= 0x202A && scalar.value <= 0x2069
            out.append(isControl ? "\u{FFFD}" : scalar)
            count += 1
        }
        return String(out)
    }
}
