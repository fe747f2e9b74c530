import Foundation

/// `adb` commands for an Android device or emulator: "Open on Android device" for a tested URL,
/// and the device's own App Links state for the audited package (`pm get-app-links`, Android 12+,
/// the Android counterpart of `swcutil show`).
///
/// `adb shell` joins its arguments with spaces and hands the line to the device's shell, so an
/// argument reaches the device as one word only when it is quoted for that shell: a URL's `&`
/// or `;` would otherwise end the command there (and `$(…)` would run on the device). The
/// builders quote every device-side argument that is not plainly safe.
public enum AndroidDeviceCommands {
    /// `adb [-s SERIAL] shell am start -a android.intent.action.VIEW -c android.intent.category.BROWSABLE -d URL`:
    /// the device resolves the URL as a tapped link in a browser does (the command Android's
    /// "Verify App Links" page gives). `adb` is the executable's absolute path.
    public static func openURL(
        _ url: String, adb: String, serial: String? = nil
    )
        throws(ToolInputError) -> ToolCommand
    {
        let checked = try ArgumentCheck.url(url)
        return ToolCommand(
            executable: try executable(adb),
            arguments: try device(serial) + [
                "shell", "am", "start", "-a", "android.intent.action.VIEW", "-c", "android.intent.category.BROWSABLE",
                "-d", ToolCommand.shellQuoted(checked),
            ])
    }

    /// `adb [-s SERIAL] shell pm get-app-links PACKAGE`: what the device recorded for each host
    /// the package declares (Android 12 and later).
    public static func appLinksState(
        package: String, adb: String, serial: String? = nil
    )
        throws(ToolInputError) -> ToolCommand
    {
        guard isPackageName(package) else { throw .invalidPackage(package) }
        return ToolCommand(
            executable: try executable(adb),
            arguments: try device(serial) + ["shell", "pm", "get-app-links", package])
    }

    /// A Java package name: dot-separated identifiers of letters, digits and `_`, at most 255 bytes.
    public static func isPackageName(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return name.utf8.count <= 255 && parts.count >= 2
            && parts.allSatisfy { !$0.isEmpty && !$0.first!.isNumber && $0.allSatisfy(allowed.contains) }
    }

    private static func executable(_ path: String) throws(ToolInputError) -> String {
        try ArgumentCheck.plain(path)
        guard path.hasPrefix("/") else { throw .invalidPath }
        return path
    }

    /// `-s SERIAL` (`emulator-5554`, `R58M123ABC`, `192.168.1.20:5555`), or nothing for the one device.
    private static func device(_ serial: String?) throws(ToolInputError) -> [String] {
        guard let serial else { return [] }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-")
        guard !serial.isEmpty, serial.utf8.count <= 128, !serial.hasPrefix("-"),
            serial.allSatisfy(allowed.contains)
        else {
            throw .invalidDevice(serial)
        }
        return ["-s", serial]
    }
}

/// A host's verification state as `pm get-app-links` prints it (Android's
/// `DomainVerificationState`; the states Android's "Verify App Links" page lists).
public enum AndroidDomainState: Sendable, Equatable, Hashable, Codable {
    /// Nothing recorded for the host.
    case none
    /// Verified against the host's `assetlinks.json`: links open the app without a chooser.
    case verified
    /// Forced approved (a shell command).
    case approved
    /// Forced denied (a shell command).
    case denied
    /// Kept from the legacy verifier's result.
    case migrated
    /// Approved after the user restored data.
    case restored
    /// Rejected by the legacy verifier, reason unknown.
    case legacyFailure
    /// Approved by the device's configuration.
    case systemConfigured
    /// 1024 or more: the device verifier's own error code.
    case error(Int)
    /// A word this parser does not know (a newer Android), kept as printed.
    case other(String)

    /// Reads one printed state.
    public init(_ text: String) {
        switch text {
        case "none": self = .none
        case "verified": self = .verified
        case "approved": self = .approved
        case "denied": self = .denied
        case "migrated": self = .migrated
        case "restored": self = .restored
        case "legacy_failure": self = .legacyFailure
        case "system_configured": self = .systemConfigured
        default: self = Int(text).map { .error($0) } ?? .other(Sanitise.forDisplay(text, limit: 64))
        }
    }

    /// True when the device opens the host's links in the app without asking (verified, or
    /// approved by a command, a restore or the configuration).
    public var opensInApp: Bool {
        switch self {
        case .verified, .approved, .migrated, .restored, .systemConfigured: true
        default: false
        }
    }

    /// As printed (`legacy_failure`, `1026`).
    public var text: String {
        switch self {
        case .none: "none"
        case .verified: "verified"
        case .approved: "approved"
        case .denied: "denied"
        case .migrated: "migrated"
        case .restored: "restored"
        case .legacyFailure: "legacy_failure"
        case .systemConfigured: "system_configured"
        case .error(let code): String(code)
        case .other(let word): word
        }
    }

    /// Encoded as printed (`"verified"`, `"1024"`) and read back through `init(_:)`, so a stored
    /// state from a hostile file is bounded and free of control characters like a parsed one.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// One package's block of `pm get-app-links` output.
public struct AndroidAppLinksState: Sendable, Equatable, Codable {
    /// One host and what the device recorded for it.
    public struct Domain: Sendable, Equatable, Codable {
        /// As printed (`example.com`, `*.example.org`).
        public var host: String
        public var state: AndroidDomainState
    }

    /// One user's link-handling settings.
    public struct User: Sendable, Equatable, Codable {
        public var id: Int
        /// "Verification link handling allowed": false when the user turned the app's links off.
        public var linkHandlingAllowed: Bool?
        /// Hosts the user selected by hand ("Selection state" › Enabled).
        public var enabled: [String]
        /// Hosts not selected by hand ("Selection state" › Disabled).
        public var disabled: [String]
    }

    public var package: String
    /// The device's ID for this package's verification.
    public var id: String?
    /// Signing certificate SHA-256 digests, as printed.
    public var signatures: [String]
    public var domains: [Domain]
    public var users: [User]

    /// Most packages, hosts per package and hosts per selection list read from one output.
    public static let maximumEntries = 10_000

    /// Every package block of `pm get-app-links` output (`[]` for anything else: "Failure …",
    /// an empty answer from Android 11 or lower, text from another tool). Tolerates CRLF.
    public static func parse(_ text: String) -> [AndroidAppLinksState] {
        guard text.utf8.count <= DeviceTools.maximumInputBytes else { return [] }
        var states: [AndroidAppLinksState] = []
        var section = ""
        var selection = ""
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let indent = raw.prefix { $0 == " " }.count
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if indent <= 2, line.hasSuffix(":"), !line.contains(" ") {
                let package = String(line.dropLast())
                guard AndroidDeviceCommands.isPackageName(package), states.count < maximumEntries else { continue }
                states.append(AndroidAppLinksState(package: package, id: nil, signatures: [], domains: [], users: []))
                section = ""
                continue
            }
            guard var current = states.popLast() else { continue }
            defer { states.append(current) }
            if line.hasPrefix("ID: ") {
                current.id = Sanitise.forDisplay(line.dropFirst(4), limit: 64)
            } else if line.hasPrefix("Signatures: ") {
                let list = line.dropFirst("Signatures: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                current.signatures = list.split(separator: ",").map {
                    Sanitise.forDisplay($0.trimmingCharacters(in: .whitespaces), limit: 128)
                }
            } else if line == "Domain verification state:" {
                section = "domains"
            } else if line.hasPrefix("User "), line.hasSuffix(":"), let id = Int(line.dropFirst(5).dropLast()) {
                section = "user"
                current.users.append(User(id: id, linkHandlingAllowed: nil, enabled: [], disabled: []))
            } else if section == "user", line.hasPrefix("Verification link handling allowed: ") {
                current.users[current.users.count - 1].linkHandlingAllowed = line.hasSuffix("true")
            } else if section == "user", line == "Selection state:" {
                selection = ""
            } else if section == "user", line == "Enabled:" || line == "Disabled:" {
                selection = line
            } else if section == "user", !selection.isEmpty, !line.contains(" ") {
                let host = Sanitise.forDisplay(line, limit: 253)
                let last = current.users.count - 1
                let listed = current.users[last].enabled.count + current.users[last].disabled.count
                guard listed < maximumEntries else { continue }
                if selection == "Enabled:" {
                    current.users[last].enabled.append(host)
                } else {
                    current.users[last].disabled.append(host)
                }
            } else if section == "domains", let colon = line.lastIndex(of: ":"),
                current.domains.count < maximumEntries
            {
                let host = line[..<colon].trimmingCharacters(in: .whitespaces)
                let state = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                guard !host.isEmpty, !host.contains(" "), !state.isEmpty else { continue }
                let shown = Sanitise.forDisplay(host, limit: 253)
                current.domains.append(Domain(host: shown, state: AndroidDomainState(state)))
            }
        }
        return states
    }
}
