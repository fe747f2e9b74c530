import Foundation

/// Where Apple's developer tools are, found without running `xcrun`.
///
/// On a Mac without developer tools, `/usr/bin/xcrun` (like every `/usr/bin` shim of a developer
/// tool) raises the system's "install the command line developer tools" prompt. So the app asks
/// `xcode-select -p` for the active developer directory (it prints or fails, never prompts),
/// checks that `simctl` is there, and runs that `simctl` directly — only when the tester asks.
public struct DeveloperTools: Sendable, Equatable {
    /// The active developer directory (`/Applications/Xcode.app/Contents/Developer`).
    public var developerDirectory: String
    /// `simctl` inside it (Xcode has it; the Command Line Tools alone do not).
    public var simctl: String

    public init(developerDirectory: String, simctl: String) {
        self.developerDirectory = developerDirectory
        self.simctl = simctl
    }

    /// `xcode-select -p`: prints the active developer directory, or fails when there is none.
    public static let printPath = ToolCommand(executable: "/usr/bin/xcode-select", arguments: ["-p"])

    /// What the detection found: the tools, or why the Simulator buttons are unavailable.
    public enum Detection: Sendable, Equatable {
        case available(DeveloperTools)
        case unavailable(String)

        /// The tools, when available.
        public var tools: DeveloperTools? {
            if case .available(let tools) = self { return tools }
            return nil
        }

        /// Why not, for the window (nil when available).
        public var reason: String? {
            if case .unavailable(let reason) = self { return reason }
            return nil
        }
    }

    /// Decides from `xcode-select -p`'s exit status and output, and `fileExists` (the live one
    /// asks the file system; tests pass a fake): the directory must exist and hold
    /// `usr/bin/simctl`.
    public static func detect(status: Int32, output: String, fileExists: (String) -> Bool) -> Detection {
        let path = DeviceTools.capped(output, bytes: 4096).trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, path.hasPrefix("/"), !path.contains("\n"), !path.contains("\0") else {
            return .unavailable(
                "Xcode is not installed (xcode-select names no developer directory): "
                    + "Open in Simulator needs Xcode.")
        }
        let directory = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        guard fileExists(directory) else {
            return .unavailable(
                "The developer directory \(directory) does not exist: run xcode-select -s with "
                    + "Xcode's path, or install Xcode.")
        }
        let simctl = directory + "/usr/bin/simctl"
        guard fileExists(simctl) else {
            return .unavailable(
                "\(directory) has no simctl (the Command Line Tools alone have no Simulator): "
                    + "Open in Simulator needs Xcode, selected with xcode-select -s.")
        }
        return .available(DeveloperTools(developerDirectory: directory, simctl: simctl))
    }

    /// `simctl list devices booted -j`, run directly (no `xcrun`).
    public var listBootedDevices: ToolCommand {
        ToolCommand(executable: simctl, arguments: ["list", "devices", "booted", "-j"])
    }

    /// `simctl openurl DEVICE URL`, run directly (no `xcrun`); the same checks as
    /// `SimulatorCommands.openURL`.
    public func openURL(_ url: String, device: String = "booted") throws(ToolInputError) -> ToolCommand {
        let command = try SimulatorCommands.openURL(url, device: device)
        return ToolCommand(executable: simctl, arguments: Array(command.arguments.dropFirst()))
    }
}
