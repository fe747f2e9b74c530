import Foundation
import Workbench

/// Why a dropped file is refused, in one sentence (nil: it may be used). A drop never fails
/// silently: the window shows the sentence.
enum DropCheck {
    /// Kinds of file the app opens as documents (an iOS or Android app archive, or a session).
    static let documentExtensions: Set<String> = AppFileKind.iosExtensions.subtracting(["app"])
        .union(AppFileKind.androidExtensions).union(AppFileKind.sessionExtensions)

    /// A drop on the launch window: an app or a session opens; anything else is explained
    /// (the package's sentence, `AppFileDrop`).
    static func documentRefusal(_ url: URL) -> String? {
        guard url.isFileURL else { return "Only files can be dropped here." }
        if documentExtensions.contains(url.pathExtension.lowercased()) { return nil }
        if case .refuse(let reason) = AppFileDrop.decide(
            fileName: url.lastPathComponent, isEmpty: false,
            hasIOSApp: false, hasAndroidApp: false)
        {
            return reason
        }
        return "\(url.lastPathComponent) opens only in an empty session window (File › New)."
    }

    /// A drop on a domain's card: an association file is used for that host; an app, a session
    /// or a folder is refused (never read as an association file).
    static func associationFileRefusal(_ url: URL) -> String? {
        guard url.isFileURL else { return "Only files can be dropped on a domain." }
        let kind = url.pathExtension.lowercased()
        if documentExtensions.contains(kind) || kind == "app" {
            return "\(url.lastPathComponent) is an app or a session, not an association file: "
                + "drop it on the window to open it."
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            return "\(url.lastPathComponent) is a folder, not an association file."
        }
        return nil
    }
}
