import Foundation
import Plot
import SiteAssociation

/// HTML escaping done by us, not by Plot: Plot writes attribute values verbatim and keeps
/// `&name;` sequences of text as entities, and report input is attacker-controlled.
public enum HTMLEscape {
    /// Text content: `&`, `<`, `>` (and quotes, harmlessly) as entities; C0 controls as
    /// U+FFFD; bidirectional controls and invisible characters as visible markers (`‹U+202E›`,
    /// `HiddenCharacters`), so no input reorders or hides what the reader sees.
    public static func text(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
            case _ where HiddenCharacters.isHidden(scalar): out += "‹" + HiddenCharacters.code(scalar) + "›"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An attribute value for a double-quoted attribute.
    static func attribute(_ value: String) -> String {
        text(value)
    }

    /// An `href` for a link, or nil: http(s) URLs, and with `customSchemes` other app URL
    /// schemes (`myapp://`) too, but never script-capable or local schemes.
    static func safeHref(_ url: String, customSchemes: Bool = false) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon].lowercased()
        let valid =
            scheme.first?.isLetter == true
            && scheme.allSatisfy {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
            }
        guard valid, !url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }) else {
            return nil
        }
        if scheme == "https" || scheme == "http" { return attribute(url) }
        guard customSchemes, !forbiddenSchemes.contains(scheme) else { return nil }
        return attribute(url)
    }

    private static let forbiddenSchemes: Set<String> = [
        "javascript", "vbscript", "data", "file", "blob", "about", "filesystem", "view-source", "jar",
    ]
}

extension Node {
    /// Escaped text (use instead of Plot's `.text`).
    static func safe(_ value: String) -> Node { .raw(HTMLEscape.text(value)) }
}
