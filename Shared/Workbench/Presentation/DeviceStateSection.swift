import DeviceTools
import Foundation

/// Device state (a sysdiagnose's `swcutil_show.txt`, or `swcutil show` on a Mac) beside a scan:
/// the records of the app's own IDs about the hosts it claims, and how each output shows them.
/// `linklab scan --device-state FILE` and the workbench document both use it.
public enum DeviceStateSection {
    /// The records of `appIDs` about `claims` (entitlement entries such as `*.example.org` or
    /// hosts). With no app ID (association-file-only mode) every app's records about the hosts
    /// are kept.
    public static func entries(from text: String, appIDs: Set<String>, claims: Set<String>) -> [DeviceStateEntry] {
        let dump = DeviceStateDump.parse(text)
        guard !appIDs.isEmpty else {
            return dump.entries.filter { entry in claims.contains { entry.isAbout(host: $0) } }
        }
        return dump.entries(appIDs: appIDs, hosts: claims)
    }

    /// The records that `analysis`'s app has on the device.
    public static func entries(from text: String, for analysis: Analysis) -> [DeviceStateEntry] {
        entries(
            from: text, appIDs: Set(analysis.appIDs),
            claims: Set(analysis.hosts.map(\.entry) + analysis.domains.map(\.host)))
    }

    /// The text of a dump file, bounded (`DeviceTools.maximumInputBytes`), or one clear reason.
    public static func readFile(_ path: String) -> Result<String, DeviceStateFileError> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.init("cannot be read")) }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: DeviceTools.maximumInputBytes + 1) else {
            return .failure(.init("cannot be read"))
        }
        guard data.count <= DeviceTools.maximumInputBytes else {
            return .failure(.init("is larger than \(DeviceTools.maximumInputBytes / 1_048_576) MiB"))
        }
        let text = String(decoding: data, as: UTF8.self)
        guard looksLikeDump(text) else {
            return .failure(.init("is not a swcutil show dump (no DATABASE section or entry)"))
        }
        return .success(text)
    }

    /// Whether `text` looks like a `swcutil show` dump at all (a DATABASE section or an entry).
    public static func looksLikeDump(_ text: String) -> Bool {
        let dump = DeviceStateDump.parse(text)
        return !dump.entries.isEmpty || text.contains("==== DATABASE ====")
    }

    /// Plain-text lines (terminal output; text already sanitised by the parser).
    public static func text(_ entries: [DeviceStateEntry]) -> String {
        var lines = ["", "Device state (swcutil show)"]
        if entries.isEmpty { lines.append("  no record for this app's domains") }
        for row in entries.map(DeviceStateRow.init) {
            lines.append("  \(row.entry.domain) [\(row.entry.service)]: \(row.status)")
            lines += row.details.dropFirst(2).map { "    \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Markdown section appended to a Markdown report.
    public static func markdown(_ entries: [DeviceStateEntry]) -> String {
        var out = "\n## Device state (swcutil show)\n\n"
        if entries.isEmpty { return out + "No record for this app's domains.\n" }
        out += "| Domain | Service | Status | Last checked | Error |\n|---|---|---|---|---|\n"
        for row in entries.map(DeviceStateRow.init) {
            let last = DeviceStateRow.date(row.entry.lastChecked, row.entry.lastCheckedText) ?? ""
            let cells = [row.entry.domain, row.entry.service, row.status, last, row.entry.error ?? ""]
            out += "| " + cells.map(markdownCell).joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// An HTML section inserted before `</body>` of an HTML report.
    public static func html(_ entries: [DeviceStateEntry]) -> String {
        var out = "<section id=\"device-state\"><h2>Device state (swcutil show)</h2>"
        if entries.isEmpty { return out + "<p>No record for this app&#39;s domains.</p></section>" }
        out +=
            "<table><thead><tr><th>Domain</th><th>Service</th><th>Status</th><th>Last checked</th><th>Error</th>"
            + "</tr></thead><tbody>"
        for row in entries.map(DeviceStateRow.init) {
            let last = DeviceStateRow.date(row.entry.lastChecked, row.entry.lastCheckedText) ?? ""
            let cells = [row.entry.domain, row.entry.service, row.status, last, row.entry.error ?? ""]
            out += "<tr>" + cells.map { "<td>\(htmlText($0))</td>" }.joined() + "</tr>"
        }
        return out + "</tbody></table></section>"
    }

    /// `report` (a Markdown or HTML report, or a JSON document) with the section added; other
    /// kinds (PDF, SARIF, test links, a session) are returned unchanged.
    public static func adding(_ entries: [DeviceStateEntry], to report: Data, kind: ExportFormat) -> Data {
        switch kind {
        case .markdown:
            return report + Data(markdown(entries).utf8)
        case .html:
            let text = String(decoding: report, as: UTF8.self)
            guard let end = text.range(of: "</body>", options: .backwards) else { return report }
            return Data(text.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: html(entries)).utf8)
        case .json:
            return (try? addingToJSON(entries, document: report)) ?? report
        case .pdf, .sarif, .testLinks, .session:
            return report
        }
    }

    /// The JSON document (`scan --format json`, the `.json` report) with a `deviceState` array,
    /// re-encoded in the same style (sorted keys, pretty-printed).
    public static func addingToJSON(_ entries: [DeviceStateEntry], document: Data) throws -> Data {
        guard case .object(var object) = try JSONDecoder().decode(JSONValue.self, from: document) else {
            return document
        }
        let encoded = try JSONDecoder().decode(JSONValue.self, from: JSONOutput.encode(entries))
        object["deviceState"] = encoded
        return try JSONOutput.encode(JSONValue.object(object))
    }

    static func markdownCell(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\n", with: " ")
    }

    static func htmlText(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// Why a device-state file was refused (completes "FILE …").
public struct DeviceStateFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
