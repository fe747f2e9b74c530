/// Pure builders and parsers for Apple's own tools (simctl, swcutil), run only by the Mac app.
///
/// Nothing here runs a process: the app executes a ``ToolCommand`` and hands the text back to a
/// parser. Every parser treats the text as hostile (size caps, no traps), because a
/// sysdiagnose or a tool's output is input like any other.
public enum DeviceTools {
    /// The largest text a parser reads; the rest is ignored with a warning.
    public static let maximumInputBytes = 8 * 1024 * 1024

    /// The first `bytes` UTF-8 bytes of `text` (a cut scalar becomes U+FFFD).
    static func capped(_ text: String, bytes: Int) -> String {
        text.utf8.count <= bytes ? text : String(decoding: text.utf8.prefix(bytes), as: UTF8.self)
    }
}
