import AndroidApp
import ArgumentParser
import Findings
import Foundation
import Reports
import Workbench

/// The apps one `scan` reads: an iOS app, an Android package, or one of each.
struct ScannedApps: Equatable {
    var ipa: String?
    var apk: String?

    /// The URL schemes a list is read with: http(s) for the iOS app alone (universal links),
    /// any scheme for the Android app alone, custom schemes beside http(s) for both.
    var schemes: URLSchemes {
        switch (ipa, apk) {
        case (_?, _?): .webOrCustom
        case (nil, _?): .any
        default: .web
        }
    }
}

extension ScanCommand {
    /// The apps of this scan: PATH and OTHER (an iOS app and an Android package, either order),
    /// an Android PATH with `--ios APP.ipa`, or one PATH (an `.apk`, `.xapk` or `.apks` is
    /// Android's; anything else, standard input included, iOS's).
    func scannedApps() throws -> ScannedApps {
        if let iosPath {
            guard AndroidInspect.handles(path), otherPath == nil else {
                throw ValidationError("--ios APP.ipa goes with one Android PATH (.apk, .xapk, .apks)")
            }
            return ScannedApps(ipa: iosPath, apk: path)
        }
        guard let otherPath else {
            return AndroidInspect.handles(path) ? ScannedApps(apk: path) : ScannedApps(ipa: path)
        }
        switch (AndroidInspect.handles(path), AndroidInspect.handles(otherPath)) {
        case (false, true): return ScannedApps(ipa: path, apk: otherPath)
        case (true, false): return ScannedApps(ipa: otherPath, apk: path)
        default: throw ValidationError("give one iOS app and one Android package (.apk, .xapk or .apks)")
        }
    }

    /// Usage errors for flags the scanned apps have no use for (exit 2): iOS flags on an Android
    /// package alone, Android flags on an iOS app alone, `--device-state` and standard input
    /// with both apps, `--google` offline.
    func refuseFlags(for apps: ScannedApps) throws {
        func refuse(_ message: String) throws -> Never {
            printError("linklab: \(message)")
            throw LinkLabExit.usage
        }
        switch (apps.ipa, apps.apk) {
        case (nil, _?):
            for (flag, used) in [
                ("--aasa", !suppliedFiles.isEmpty), ("--device-state", deviceState != nil),
                ("--route", route != .all),
            ] where used {
                try refuse("\(flag) is for iOS apps; \(path) is an Android package (use --assetlinks HOST=FILE)")
            }
        case (_?, nil):
            for (flag, used) in [("--assetlinks", !android.assetLinks.isEmpty), ("--google", android.googleAPI.google)]
            where used {
                try refuse("\(flag) is for Android packages (.apk, .xapk, .apks); \(path) is an iOS app")
            }
        default:
            if deviceState != nil {
                try refuse("--device-state is not available when scanning both platforms; scan each app alone")
            }
            if apps.ipa == "-" || apps.apk == "-" {
                try refuse("scanning both platforms reads both apps from files (not - for standard input)")
            }
        }
        if let refusal = android.googleAPI.refusal(offline: offline) { try refuse(refusal) }
    }

    /// Writes each report file with the bytes `render` gives for its kind (exit 3 naming the file
    /// that cannot be rendered or written).
    static func write(
        _ kinds: [(String, ExportFormat)],
        render: (ExportFormat) throws -> Data
    ) throws {
        for (report, kind) in kinds {
            do {
                try render(kind).write(to: URL(fileURLWithPath: report))
            } catch let error as WorkbenchError {
                throw failUnreadable(report, error.description)
            } catch {
                throw failUnreadable(report, "cannot be written (\((error as NSError).localizedDescription))")
            }
        }
    }

    /// Exit 3 naming the file an input error is about; 2 (usage) for any other refusal.
    static func exit(for error: WorkbenchError) -> ExitCode {
        switch error {
        case .unreadableApp(let file, let reason), .unreadableFile(let file, let reason):
            return failUnreadable(file, reason)
        case .fetchConfiguration(.invalidCAFile(let file, let reason)):
            return failUnreadable(file, reason)
        default:
            printError("linklab: \(error.description)")
            return LinkLabExit.usage
        }
    }
}
