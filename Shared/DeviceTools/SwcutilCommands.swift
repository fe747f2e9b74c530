/// `swcutil` commands (Apple's associated-domains daemon tool; root only, macOS only).
public enum SwcutilCommands {
    /// Where macOS installs it.
    public static let executable = "/usr/bin/swcutil"

    /// `swcutil verify -d HOST -j FILE -u URL`: Apple's matcher asked about one URL with the file
    /// we decided with. Exits 0 whatever the verdict: parse the text with ``AppleMatcherAnswer``.
    public static func verify(
        host: String, associationFile path: String, url: String
    )
        throws(ToolInputError) -> ToolCommand
    {
        let checkedHost = try ArgumentCheck.host(host)
        try ArgumentCheck.plain(path)
        guard path.hasPrefix("/") else { throw .invalidPath }
        let checkedURL = try ArgumentCheck.url(url)
        return ToolCommand(
            executable: executable,
            arguments: ["verify", "-d", checkedHost, "-j", path, "-u", checkedURL],
            needsRoot: true)
    }

    /// `swcutil show`: the device's (here: the Mac's) associated-domains database.
    public static let show = ToolCommand(executable: executable, arguments: ["show"], needsRoot: true)

    /// `command` run as root behind the standard administrator prompt:
    /// `osascript -e 'do shell script "…" with administrator privileges'`. The shell line is
    /// the quoted ``ToolCommand/commandLine`` without `sudo`, escaped for an AppleScript string.
    public static func withAdministratorPrompt(_ command: ToolCommand) -> ToolCommand {
        var plain = command
        plain.needsRoot = false
        let escaped = plain.commandLine
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        return ToolCommand(
            executable: "/usr/bin/osascript",
            arguments: ["-e", "do shell script \"\(escaped)\" with administrator privileges"])
    }
}
