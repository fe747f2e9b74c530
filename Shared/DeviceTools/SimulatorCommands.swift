import Foundation

/// One Simulator device as `simctl list devices booted -j` describes it.
public struct SimulatorDevice: Sendable, Equatable, Hashable {
    /// The device UDID.
    public var udid: String
    /// Its name ("iPhone 16 Pro").
    public var name: String
    /// The runtime, readable ("iOS 18.4").
    public var runtime: String
    /// `Booted`, `Shutdown`, …
    public var state: String

    /// A device.
    public init(udid: String, name: String, runtime: String, state: String) {
        self.udid = udid
        self.name = name
        self.runtime = runtime
        self.state = state
    }
}

/// `xcrun simctl` commands: "Open in Simulator" for a tested URL.
public enum SimulatorCommands {
    /// `xcrun simctl list devices booted -j`: which Simulators can receive a URL.
    public static let listBootedDevices = ToolCommand(
        executable: "/usr/bin/xcrun", arguments: ["simctl", "list", "devices", "booted", "-j"])

    /// `xcrun simctl openurl DEVICE URL`: the booted Simulator (or the one with that UDID) opens
    /// the URL as a tap would, the dynamic half of the MASTG test.
    public static func openURL(_ url: String, device: String = "booted") throws(ToolInputError) -> ToolCommand {
        let checked = try ArgumentCheck.url(url)
        guard device == "booted" || isUDID(device) else { throw .invalidDevice(device) }
        return ToolCommand(executable: "/usr/bin/xcrun", arguments: ["simctl", "openurl", device, checked])
    }

    /// The booted devices in `simctl list devices booted -j` output; none for anything else.
    public static func bootedDevices(fromJSON data: Data) -> [SimulatorDevice] {
        guard data.count <= DeviceTools.maximumInputBytes,
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let runtimes = root["devices"] as? [String: Any]
        else { return [] }
        var devices: [SimulatorDevice] = []
        for (runtime, list) in runtimes.sorted(by: { $0.key < $1.key }) {
            for case let device as [String: Any] in (list as? [Any]) ?? [] {
                guard let udid = device["udid"] as? String, isUDID(udid),
                    let state = device["state"] as? String, state == "Booted"
                else { continue }
                let name = (device["name"] as? String).map { Sanitise.forDisplay($0, limit: 100) } ?? udid
                devices.append(SimulatorDevice(udid: udid, name: name, runtime: readableRuntime(runtime), state: state))
            }
        }
        return devices
    }

    /// One sentence for a failed `simctl openurl` (exit status and stderr).
    public static func failureMessage(status: Int32, stderr: String) -> String {
        let text = Sanitise.forDisplay(stderr.trimmingCharacters(in: .whitespacesAndNewlines), limit: 300)
        if text.localizedCaseInsensitiveContains("no devices are booted") {
            return "No Simulator is booted: start one in Xcode or Simulator.app, then try again."
        }
        return "simctl failed (exit status \(status))" + (text.isEmpty ? "." : ": \(text)")
    }

    /// `com.apple.CoreSimulator.SimRuntime.iOS-18-4` → `iOS 18.4`.
    static func readableRuntime(_ identifier: String) -> String {
        guard let last = identifier.split(separator: ".").last else { return identifier }
        let parts = last.split(separator: "-")
        guard let platform = parts.first, parts.count > 1 else { return String(last) }
        return "\(platform) " + parts.dropFirst().joined(separator: ".")
    }

    static func isUDID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
