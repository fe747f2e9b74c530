import DeviceTools
import Foundation

/// What a device recorded for the document's Android app, as the document keeps it: the package
/// asked about and its block of `adb shell pm get-app-links PACKAGE` output, nil when the output
/// had none (the app is not installed there, or the device runs Android 11 or lower). Only that
/// package's block is kept: another app's records on the device are never stored. The Android
/// counterpart of the `swcutil show` records (`WorkbenchDocument.deviceState`); a session saves
/// it in its Android half (`SessionAndroidApp.deviceState`).
public struct AndroidDeviceRecord: Sendable, Equatable, Codable {
    /// The package asked about (the Android app's).
    public var package: String
    /// The package's block, nil when the output had none.
    public var state: AndroidAppLinksState?

    public init(package: String, state: AndroidAppLinksState?) {
        self.package = package
        self.state = state
    }
}

extension SessionLimits {
    /// Most users one stored device record lists (`pm get-app-links` prints one block per user).
    public static let maxAndroidDeviceUsers = 100
    /// Most signing-certificate digests one stored device record lists.
    public static let maxAndroidDeviceSignatures = 32
}

extension AndroidDeviceRecord {
    /// The checks the types cannot express, for a record read from a session (`path` names it in
    /// errors): the package is the APK's; the block is that package's; hosts within what the
    /// output parser reads (`AndroidAppLinksState.maximumEntries`), users and signatures within
    /// `SessionLimits`; every text as a parse of `pm` output would have left it (bounded,
    /// no control characters), so a face shows a stored record as it shows a fresh one.
    func validate(package expected: String, path: String) throws(SessionFileError) {
        guard package == expected else {
            throw .invalidField(path + ".package", "not the Android app's package (\(expected))")
        }
        guard let state else { return }
        guard state.package == package else { throw .invalidField(path + ".state.package", "another package") }
        let hostLimit = AndroidAppLinksState.maximumEntries
        if state.domains.count > hostLimit {
            throw .tooMany(path: path + ".state.domains", count: state.domains.count, limit: hostLimit)
        }
        if state.users.count > SessionLimits.maxAndroidDeviceUsers {
            throw .tooMany(
                path: path + ".state.users", count: state.users.count,
                limit: SessionLimits.maxAndroidDeviceUsers)
        }
        if state.signatures.count > SessionLimits.maxAndroidDeviceSignatures {
            throw .tooMany(
                path: path + ".state.signatures", count: state.signatures.count,
                limit: SessionLimits.maxAndroidDeviceSignatures)
        }
        var texts: [(String, String, Int)] = [(state.id ?? "", "id", 64)]
        texts += state.signatures.map { ($0, "signatures", 128) }
        texts += state.domains.map { ($0.host, "domains", 253) }
        for (index, user) in state.users.enumerated() {
            let listed = user.enabled.count + user.disabled.count
            if listed > hostLimit {
                throw .tooMany(path: path + ".state.users[\(index)]", count: listed, limit: hostLimit)
            }
            texts += (user.enabled + user.disabled).map { ($0, "users[\(index)]", 253) }
        }
        for (text, field, limit) in texts where Sanitise.forDisplay(text, limit: limit) != text {
            throw .invalidField(path + ".state.\(field)", "a control character or longer than \(limit) characters")
        }
    }
}

extension WorkbenchDocument {
    /// Keeps what a device recorded for the Android app: `output` is what `adb shell
    /// pm get-app-links PACKAGE` printed (the package's block is kept; an empty answer or a
    /// `Failure …` line is kept as "no record"). Replaces an earlier record; shown by
    /// `androidDeviceStateCard` against the current files and saved with the session. Throws
    /// without an Android app, for output over `DeviceTools.maximumInputBytes`, and for text that
    /// is not `pm get-app-links` output or lists more than a session keeps (users, signatures).
    public func importAndroidDeviceState(_ output: String) throws(WorkbenchDocumentError) {
        guard var part = android else {
            throw .unreadableInput("the document holds no Android app: pm get-app-links output is about one")
        }
        guard output.utf8.count <= DeviceTools.maximumInputBytes else {
            throw .unreadableInput("the pm get-app-links output is larger than \(DeviceTools.maximumInputBytes) bytes")
        }
        let blocks = AndroidAppLinksState.parse(output)
        let trimmed = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !blocks.isEmpty || trimmed.isEmpty || trimmed.hasPrefix("Failure") else {
            throw .unreadableInput("the text is not pm get-app-links output (no package block)")
        }
        let package = part.snapshot.manifest.packageName
        let record = AndroidDeviceRecord(package: package, state: blocks.first { $0.package == package })
        // What a session refuses to read is not kept: every saved record reopens.
        do throws(SessionFileError) {
            try record.validate(package: package, path: "output")
        } catch {
            throw .unreadableInput("the pm get-app-links output is beyond what a session keeps: \(error.description)")
        }
        part.deviceRecord = record
        android = part
        changed()
        emit(.app)
    }
}
