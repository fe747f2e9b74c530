import Foundation

/// What a file a tester opens or drops is, from its name: an iOS app (`.ipa`, a zipped `.app`,
/// an `.app` folder), an Android app (`.apk`, `.xapk`, `.apks`), a session (`.linklab`), or something else.
public enum AppFileKind: String, Sendable, Equatable, CaseIterable {
    case iosApp, androidApp, session, other

    /// The extensions of each kind, lower-case.
    public static let iosExtensions: Set<String> = ["ipa", "zip", "app"]
    public static let androidExtensions: Set<String> = ["apk", "xapk", "apks"]
    public static let sessionExtensions: Set<String> = ["linklab"]

    /// The kind of a file named `fileName` (its extension, case-insensitive).
    public init(fileName: String) {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            self = .other
            return
        }
        let kind = name[name.index(after: dot)...].lowercased()
        if Self.iosExtensions.contains(kind) {
            self = .iosApp
        } else if Self.androidExtensions.contains(kind) {
            self = .androidApp
        } else if Self.sessionExtensions.contains(kind) {
            self = .session
        } else {
            self = .other
        }
    }
}

/// What a session window does with a file dropped on it (or chosen with Choose App…): the
/// Mac app's decision, made here so it is tested on Linux.
///
/// An empty window starts its session with the app. A window that holds an iOS app takes an
/// Android app as the product's second half, and one that holds only an Android app takes an
/// iOS app (one that holds an Android app takes another APK, which replaces it). An `.app`
/// folder is no document of its own: it opens in an empty window or joins an Android-only one,
/// and is refused elsewhere; a file without an extension (a bare Mach-O executable) opens only
/// in an empty window; a file named `apple-app-site-association` is pointed to Check a Domain.
/// Anything else that opens — a session, an app the window cannot take — opens in its own
/// window, as the Dock icon does; a file that is neither an app nor a session is refused with a
/// sentence.
public enum AppFileDrop: Sendable, Equatable {
    /// Inspect the iOS app in this (empty) window.
    case openIOSApp
    /// Read the Android app in this (empty) window.
    case openAndroidApp
    /// Add the Android app to the session this window shows (beside its iOS app).
    case addAndroidApp
    /// Add the iOS app to the session this window shows (beside its Android app).
    case addIOSApp
    /// Open the file as a document of its own (its own window).
    case openElsewhere
    /// Refused: why, in one sentence.
    case refuse(String)

    /// The decision for `fileName` dropped on a window whose document is empty (`isEmpty`:
    /// nothing opened, nothing being read), holds an iOS app (`hasIOSApp`) and/or an Android
    /// app (`hasAndroidApp`).
    public static func decide(
        fileName: String, isEmpty: Bool, hasIOSApp: Bool,
        hasAndroidApp: Bool
    ) -> AppFileDrop {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        switch AppFileKind(fileName: fileName) {
        case .other where isEmpty && !name.contains(".") && name.lowercased() != "apple-app-site-association":
            // A bare Mach-O has no extension: the engine reads it (and says so when it is none).
            return .openIOSApp
        case .other where name.lowercased() == "apple-app-site-association":
            return .refuse(
                "An association file opens as its own session: File › New, then Check a Domain… › "
                    + "Use a File…; or drop it on a domain's card.")
        case .other:
            return .refuse(
                "\(shown(fileName)) is not an app (.ipa, zipped .app, .apk, .xapk, .apks) or a session "
                    + "(.linklab): drop an association file on a domain's card instead.")
        case .session:
            return .openElsewhere
        case .iosApp where isEmpty:
            return .openIOSApp
        case .iosApp where hasAndroidApp && !hasIOSApp:
            return .addIOSApp
        case .iosApp:
            // A folder is no document of its own: only an empty window can take it.
            guard !fileName.lowercased().hasSuffix(".app") else {
                return .refuse(
                    "\(shown(fileName)) is an app folder: "
                        + "drop it on an empty session window (File › New).")
            }
            return .openElsewhere
        case .androidApp:
            if isEmpty { return .openAndroidApp }
            return hasIOSApp || hasAndroidApp ? .addAndroidApp : .openElsewhere
        }
    }

    /// The decision for a window showing `document` (empty while idle with no app). Its iOS
    /// hosts count as its iOS half: an iOS app joins only a document that can take it
    /// (`WorkbenchDocument.canAddIOSApp`, the rule the web's `POST …/apps` follows), so a drop
    /// never replaces an Android app and checked hosts; it opens in a window of its own instead.
    @MainActor
    public static func decide(fileName: String, document: WorkbenchDocument) -> AppFileDrop {
        let isEmpty =
            document.app == nil && document.android == nil && document.domains.isEmpty
            && document.phase == .idle
        return decide(
            fileName: fileName, isEmpty: isEmpty,
            hasIOSApp: document.app != nil || !document.domains.isEmpty,
            hasAndroidApp: document.android != nil)
    }

    /// A file name as a sentence shows it (no path, bounded, no control characters).
    static func shown(_ fileName: String) -> String {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        let clean = String(
            name.unicodeScalars.filter { $0.properties.generalCategory != .control }
                .map(Character.init).prefix(120))
        return clean.isEmpty ? "The file" : clean
    }
}
