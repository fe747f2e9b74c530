import Foundation
import Reports

/// File names the faces suggest for exports and sessions: the source's name without its
/// extension or any path, made safe for every file system, then " report YYYY-MM-DD.ext".
public enum ExportNaming {
    /// "LinkLab Sample report 2025-04-02.md".
    public static func fileName(source: String?, fileExtension: String, date: Date) -> String {
        "\(stem(source, fallback: "UniversalLinkLab")) report \(day(date)).\(fileExtension)"
    }

    /// The name of `format`'s file: `sessionName` for a session, `fileName` for the others.
    public static func fileName(of format: ExportFormat, source: String?, date: Date) -> String {
        format == .session
            ? sessionName(source: source)
            : fileName(source: source, fileExtension: format.fileExtension, date: date)
    }

    /// "Sample.linklab" / "Untitled.linklab".
    public static func sessionName(source: String?) -> String {
        "\(stem(source, fallback: "Untitled")).linklab"
    }

    static func stem(_ source: String?, fallback: String) -> String {
        guard let source else { return fallback }
        var name = Substring(source.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "")
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        var cleaned = ""
        var lastWasDash = false
        for character in name {
            let bad =
                character.isNewline || ":*?\"<>|".contains(character)
                || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            if bad {
                if !lastWasDash { cleaned.append("-") }
                lastWasDash = true
            } else {
                cleaned.append(character)
                lastWasDash = false
            }
        }
        cleaned = cleaned.trimmingCharacters(in: CharacterSet(charactersIn: " .-"))
        if cleaned.count > 90 { cleaned = String(cleaned.prefix(90)) }
        return cleaned.isEmpty ? fallback : cleaned
    }

    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970
        let month = parts.month ?? 1
        let day = parts.day ?? 1
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
