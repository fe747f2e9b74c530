import AssociationFetch
import Foundation

/// Client-supplied names, made safe: shown to the tester, never used as a path.
enum UploadName {
    /// A display name from `X-LinkLab-Filename`: the last path component, without control or
    /// bidirectional-override characters, at most 200 characters; "upload" when nothing is left.
    static func display(_ raw: String?) -> String {
        guard let raw else { return "upload" }
        let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = last.unicodeScalars.filter { scalar in
            !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator)
        }
        var name = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
        if name.count > 200 { name = String(name.prefix(200)) }
        return name.isEmpty || name == "." || name == ".." ? "upload" : name
    }

    /// The host named by `X-LinkLab-Domain`, or 400.
    static func host(_ raw: String) throws(WebAPIError) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty, trimmed.count <= 253, (try? FetchHost.parse(trimmed)) != nil else {
            throw WebAPIError(.badRequest, "X-LinkLab-Domain must be a host name such as example.com.")
        }
        return trimmed
    }

    /// `Content-Disposition` for a download named `raw`: control, format (a bidirectional
    /// override, a zero-width character) and line or paragraph separators left out — a name from
    /// a session or an app never turns the shown extension around — then an ASCII fallback (`"`,
    /// `\\` and non-ASCII replaced) and the name as RFC 8187 UTF-8.
    static func contentDisposition(_ raw: String) -> String {
        let name = String(
            String.UnicodeScalarView(
                raw.unicodeScalars.filter { scalar in
                    ![.control, .format, .lineSeparator, .paragraphSeparator].contains(
                        scalar.properties.generalCategory)
                }))
        let fallback = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\"" && scalar != "\\"
                    ? Character(scalar) : "_"
            })
        let allowed =
            CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")
        let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? fallback
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }

    /// The first bytes of a stored upload (to tell a session from an app).
    static func prefix(of url: URL) -> [UInt8] {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: 64)) ?? Data())
    }

    /// True when the bytes start (after whitespace or a UTF-8 BOM) with `{`.
    static func looksLikeJSON(_ prefix: [UInt8]) -> Bool {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }
}
