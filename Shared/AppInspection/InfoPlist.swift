import Foundation
import MachOReader

/// The keys of a bundle's `Info.plist` that matter for links.
struct InfoPlist: Sendable, Equatable {
    var bundleIdentifier: String?
    var executable: String?
    var version: String?
    var shortVersion: String?
    var minimumOSVersion: String?
    var urlSchemes: [String]
    var queriedSchemes: [String]
    var activityTypes: [String]
    var hasSceneManifest: Bool

    /// Largest Info.plist read.
    static let maxBytes: UInt64 = 8 << 20

    /// Reads the keys from a decoded plist (which must be a dictionary).
    init?(_ plist: PlistValue) {
        guard let root = PlistAccess.dictionary(plist) else { return nil }
        bundleIdentifier = PlistAccess.string(root["CFBundleIdentifier"])
        executable = PlistAccess.string(root["CFBundleExecutable"])
        version = PlistAccess.string(root["CFBundleVersion"])
        shortVersion = PlistAccess.string(root["CFBundleShortVersionString"])
        minimumOSVersion = PlistAccess.string(root["MinimumOSVersion"])
        var schemes: [String] = []
        var seen: Set<String> = []
        for type in PlistAccess.array(root["CFBundleURLTypes"]) ?? [] {
            // A set, not `schemes.contains`: hundreds of thousands of entries fit in 8 MB.
            for scheme in PlistAccess.strings(PlistAccess.dictionary(type)?["CFBundleURLSchemes"])
            where seen.insert(scheme).inserted {
                schemes.append(scheme)
            }
        }
        urlSchemes = schemes
        queriedSchemes = PlistAccess.strings(root["LSApplicationQueriesSchemes"])
        activityTypes = PlistAccess.strings(root["NSUserActivityTypes"])
        hasSceneManifest = root["UIApplicationSceneManifest"] != nil
    }
}
