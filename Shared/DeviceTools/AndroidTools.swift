import Foundation

/// Where `adb` (Android SDK Platform-Tools) is, found without a shell: the Mac app is started
/// by launchd, so the tester's shell profile (`PATH`, `ANDROID_HOME`) is usually not its
/// environment. The places looked at, in order: `$ANDROID_HOME/platform-tools/adb`,
/// `$ANDROID_SDK_ROOT/platform-tools/adb` (its older name), Android Studio's default SDK
/// (`~/Library/Android/sdk/platform-tools/adb`), then Homebrew's `/opt/homebrew/bin/adb` and
/// `/usr/local/bin/adb`. Looked for only when the tester asks (Open on Android Device, Read
/// Device State); nothing here runs a process.
public enum AndroidTools {
    /// What the detection found: `adb`'s absolute path, or why the Android buttons cannot run.
    public enum Detection: Sendable, Equatable {
        case available(adb: String)
        case unavailable(String)

        /// The path of `adb`, when found.
        public var adb: String? {
            if case .available(let adb) = self { return adb }
            return nil
        }

        /// Why not, for the window (nil when found).
        public var reason: String? {
            if case .unavailable(let reason) = self { return reason }
            return nil
        }
    }

    /// The candidate paths, in the order they are tried (only absolute ones; an environment
    /// value that is empty, relative or holds a control character is ignored).
    public static func candidates(environment: [String: String], home: String) -> [String] {
        var paths: [String] = []
        for key in ["ANDROID_HOME", "ANDROID_SDK_ROOT"] {
            if let root = usableDirectory(environment[key]) { paths.append(root + "/platform-tools/adb") }
        }
        if let home = usableDirectory(home) { paths.append(home + "/Library/Android/sdk/platform-tools/adb") }
        paths += ["/opt/homebrew/bin/adb", "/usr/local/bin/adb"]
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// The first candidate `isExecutable` accepts (the live one asks the file system; tests pass
    /// a fake), or why none is there.
    public static func detect(
        environment: [String: String], home: String,
        isExecutable: (String) -> Bool
    ) -> Detection {
        if let found = candidates(environment: environment, home: home).first(where: isExecutable) {
            return .available(adb: found)
        }
        return .unavailable(
            "adb was not found (Android SDK Platform-Tools: Android Studio's SDK in "
                + "~/Library/Android/sdk, ANDROID_HOME, or Homebrew): Open on Android Device needs it.")
    }

    /// One sentence for a failed `adb` run: its error line (`adb: no devices/emulators found`,
    /// `error: more than one device/emulator`), bounded, or the exit status.
    public static func failureMessage(status: Int32, stderr: String, stdout: String = "") -> String {
        let lines = (DeviceTools.capped(stderr, bytes: 4096) + "\n" + DeviceTools.capped(stdout, bytes: 4096))
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let line = lines.first { $0.lowercased().contains("error") } ?? lines.first { !$0.isEmpty }
        guard let line else { return "adb failed (exit status \(status))." }
        return "adb failed (exit status \(status)): \(Sanitise.forDisplay(line, limit: 300))"
    }

    /// `am start` prints its errors on standard output and exits 0 on some Android versions
    /// (`Error: Activity not started, unable to resolve Intent`): the error line, or nil.
    public static func startError(stdout: String) -> String? {
        DeviceTools.capped(stdout, bytes: 16_384).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("Error") || $0.hasPrefix("Exception") }
            .map { Sanitise.forDisplay($0, limit: 300) }
    }

    private static func usableDirectory(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/"), value.utf8.count <= 1024,
            !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        var path = value
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
