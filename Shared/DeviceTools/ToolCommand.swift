import Foundation

/// A process to run: an absolute executable path and its arguments (never a shell string).
public struct ToolCommand: Sendable, Equatable {
    /// The longest single argument a builder accepts (a URL, a path, a host).
    public static let maximumArgumentLength = 8192

    /// Absolute path of the executable (`/usr/bin/xcrun`).
    public var executable: String
    /// The arguments, passed as they are (no shell in between).
    public var arguments: [String]
    /// Whether the command needs root (shown as `sudo` in ``commandLine``).
    public var needsRoot: Bool

    /// A command.
    public init(executable: String, arguments: [String], needsRoot: Bool = false) {
        self.executable = executable
        self.arguments = arguments
        self.needsRoot = needsRoot
    }

    /// The command as one line for a POSIX shell, every argument quoted where needed: what the
    /// app's "Copy command" puts on the pasteboard.
    public var commandLine: String {
        let words = [executable] + arguments
        return (needsRoot ? "sudo " : "") + words.map(ToolCommand.shellQuoted).joined(separator: " ")
    }

    /// `word` quoted for a POSIX shell: bare when it has only safe characters, otherwise in single
    /// quotes with each `'` written as `'\''`.
    public static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,")
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Why a builder refused its input (shown to the tester as one sentence).
public enum ToolInputError: Error, Sendable, Equatable, CustomStringConvertible {
    case emptyURL
    case tooLong(Int)
    case controlCharacters
    case looksLikeAnOption
    case invalidDevice(String)
    case invalidHost(String)
    case invalidPath
    case invalidPackage(String)

    public var description: String {
        switch self {
        case .emptyURL: "The URL is empty."
        case .tooLong(let limit): "The argument is longer than \(limit) characters."
        case .controlCharacters: "The argument contains control characters (line breaks, NUL, escapes)."
        case .looksLikeAnOption: "The URL starts with '-', which the tool would read as an option."
        case .invalidDevice(let device): "\(Sanitise.forDisplay(device)) is neither 'booted' nor a Simulator UDID."
        case .invalidHost(let host): "\(Sanitise.forDisplay(host)) is not a host name."
        case .invalidPath: "The path must be absolute."
        case .invalidPackage(let name): "\(Sanitise.forDisplay(name)) is not an Android package name."
        }
    }
}

/// Checks shared by the builders.
enum ArgumentCheck {
    static func url(_ url: String) throws(ToolInputError) -> String {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .emptyURL }
        try plain(trimmed)
        guard !trimmed.hasPrefix("-") else { throw .looksLikeAnOption }
        return trimmed
    }

    static func plain(_ argument: String) throws(ToolInputError) {
        guard argument.utf8.count <= ToolCommand.maximumArgumentLength else {
            throw .tooLong(ToolCommand.maximumArgumentLength)
        }
        guard !argument.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacters
        }
    }

    /// A DNS name (letters, digits, `-`, `.`, optionally `*.` in front), at most 253 bytes.
    static func host(_ host: String) throws(ToolInputError) -> String {
        var name = Substring(host)
        if name.hasPrefix("*.") { name = name.dropFirst(2) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        guard !name.isEmpty, name.utf8.count <= 253, !name.hasPrefix("-"), !name.hasPrefix("."),
            name.allSatisfy({ allowed.contains($0) })
        else { throw .invalidHost(host) }
        return host
    }
}

/// Text from a tool or a file, made safe to show: control characters (escape sequences, NUL)
/// become `?` and the length is capped.
public enum Sanitise {
    /// `text` without control characters (tab kept), at most `limit` scalars (a cut ends in `…`).
    public static func forDisplay(_ text: some StringProtocol, limit: Int = 512) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        let total = text.unicodeScalars.count
        for scalar in text.unicodeScalars {
            if total > limit, count >= limit - 1 {
                out.append("…")
                break
            }
            let isControl = scalar.properties.generalCategory == .control && scalar != "\t"
            out.append(isControl ? "?" : scalar)
            count += 1
        }
        return String(out)
    }
}
