import AssociationFetch
import Foundation

/// A session about one host and no app (association-file-only mode, as the web workbench's
/// "check a domain"): what the tester typed, read as the host to check. A pasted URL gives its
/// host (`https://example.com/buy/1` → `example.com`); anything else that is not a host name is
/// refused with a sentence, so the Mac app's Check button is enabled only for a host.
public enum DomainSessionRequest {
    /// The host to check (lower-case, `HOST[:PORT]`), or why `typed` is none.
    public static func host(from typed: String) -> Result<String, DomainSessionRefusal> {
        var text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(DomainSessionRefusal("Type a host name, e.g. example.com.")) }
        guard text.utf8.count <= 1024 else {
            return .failure(DomainSessionRefusal("That is too long for a host name."))
        }
        if let scheme = text.range(of: "://") {
            text = String(text[scheme.upperBound...])
            text = String(text.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
            if let at = text.lastIndex(of: "@") { text = String(text[text.index(after: at)...]) }
        }
        if text.hasPrefix("*") {
            return .failure(DomainSessionRefusal("A wildcard is not a host to fetch: type the host itself."))
        }
        do throws(FetchError) {
            return .success(try FetchHost.parse(text).authority)
        } catch {
            var reason = "not a host name"
            if case .invalidHost(_, let why) = error { reason = why }
            return .failure(DomainSessionRefusal("\(shown(text)) is not a host name: \(reason)."))
        }
    }

    /// Text shown back to the tester: control characters dropped, at most 120 characters.
    static func shown(_ value: String) -> String {
        String(
            value.unicodeScalars.filter { $0.properties.generalCategory != .control }.map(Character.init)
                .prefix(120))
    }
}

/// Why a typed text cannot start a domain session (one sentence for the sheet).
public struct DomainSessionRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
