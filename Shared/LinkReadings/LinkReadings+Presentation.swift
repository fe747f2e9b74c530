import Foundation

/// What the faces show of a link's readings: one row per reading, computed here so the command
/// line (and any other face) only prints.
extension LinkReadings {
    /// One reading as a row: its name, the host (or why none), the port and the path.
    public struct Row: Sendable, Equatable, Codable {
        /// `browser`, `foundation`, `android`, `ios-tapped`, `android-tapped`.
        public var reading: String
        /// What reads it, for people.
        public var label: String
        /// The host as the reading gives it; nil when it has none or refuses the string.
        public var host: String?
        /// The explicit port.
        public var port: Int?
        public var path: String?
        /// The whole URL as that reading would pass it on (browser `href`, Foundation
        /// `absoluteString`); nil for Android, which passes the string unchanged.
        public var serialised: String?
        /// Why the reading refuses the string.
        public var refused: String?
    }

    /// The readings in display order: the three readings of the string as given, then what iOS
    /// and Android receive when the link is tapped in a browser.
    public var rows: [Row] {
        var rows: [Row] = []
        switch browser {
        case .success(let url):
            rows.append(
                Row(
                    reading: "browser", label: "browser (WHATWG URL)", host: url.host, port: url.port,
                    path: url.path, serialised: url.href))
        case .failure(let failure):
            rows.append(Row(reading: "browser", label: "browser (WHATWG URL)", refused: failure.description))
        }
        rows.append(Self.row(foundation, reading: "foundation", label: "Foundation URL (app → iOS)"))
        rows.append(Self.row(android, reading: "android", label: "Android Uri.parse (app → Android)"))
        if let foundationOfBrowser {
            rows.append(Self.row(foundationOfBrowser, reading: "ios-tapped", label: "iOS, tapped in Safari"))
        }
        if let androidOfBrowser {
            rows.append(Self.row(androidOfBrowser, reading: "android-tapped", label: "Android, tapped in Chrome"))
        }
        return rows
    }

    static func row(_ reading: FoundationReading, reading name: String, label: String) -> Row {
        guard reading.accepted else { return Row(reading: name, label: label, refused: "URL(string:) returns nil") }
        return Row(
            reading: name, label: label, host: reading.host, port: reading.port, path: reading.path,
            serialised: reading.absoluteString)
    }

    static func row(_ reading: AndroidReading, reading name: String, label: String) -> Row {
        Row(reading: name, label: label, host: reading.host, port: reading.port, path: reading.path)
    }

    /// One line saying how the readings' hosts differ; nil when they agree (kept as
    /// `disagreement` when the readings are made: it parses each host again).
    var describedDisagreement: String? {
        guard hostsDisagree else { return nil }
        let names = ["browser", "Foundation", "Android"]
        return "hosts differ: " + zip(names, authorities).map { "\($0) \($1)" }.joined(separator: ", ")
    }

    /// The block `linklab readings` prints for this link: the string, one aligned line per
    /// reading (`host … port … path …`), then the disagreement if any. Text from the input is
    /// shown with hidden characters made visible (`LinkReadingText.visible`).
    public var textBlock: [String] {
        var lines = [LinkReadingText.visible(text)]
        let rows = self.rows
        let labelWidth = rows.map(\.label.count).max() ?? 0
        let hostWidth = rows.map { Self.hostColumn($0).count }.max() ?? 0
        for row in rows {
            let label = row.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            if let refused = row.refused {
                lines.append("  \(label)  refused: \(refused)")
                continue
            }
            var line = "  \(label)  " + Self.hostColumn(row).padding(toLength: hostWidth, withPad: " ", startingAt: 0)
            line += "  path " + (row.path.map { $0.isEmpty ? "(empty)" : LinkReadingText.visible($0) } ?? "(none)")
            lines.append(line.trimmingTrailingSpaces)
        }
        lines.append("  " + (disagreement ?? "hosts agree"))
        return lines
    }

    static func hostColumn(_ row: Row) -> String {
        guard let host = row.host else { return "no host" }
        return "host " + (host.isEmpty ? "(empty)" : LinkReadingText.visible(host)) + (row.port.map { ":\($0)" } ?? "")
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
