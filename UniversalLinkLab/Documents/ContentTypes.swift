import UniformTypeIdentifiers

extension UTType {
    /// An iOS app archive; declared in Info.plist as an imported type (Apple owns it).
    static let ipa = UTType(importedAs: "com.apple.itunes.ipa", conformingTo: .zip)
    /// An Android app (`.apk`); declared in Info.plist as an imported type (no system type exists).
    static let apk = UTType(importedAs: "com.android.package-archive", conformingTo: .zip)
    /// Android split APK sets (`.xapk`, `.apks`: a ZIP holding the base APK); imported types.
    static let xapk = UTType(importedAs: "org.universallinklab.android.xapk", conformingTo: .zip)
    static let apks = UTType(importedAs: "org.universallinklab.android.apks", conformingTo: .zip)
    /// Every app file a session starts from or takes (Choose App…, the viewer document group).
    static let appFiles: [UTType] = [.ipa, .zip, .apk, .xapk, .apks]
    /// Our session file (`.linklab`, JSON); declared in Info.plist as an exported type.
    static let linkLabSession = UTType(exportedAs: "org.universallinklab.session", conformingTo: .json)
    /// Markdown reports (Quick Look shows them as text).
    static let markdownReport = UTType(filenameExtension: "md", conformingTo: .plainText) ?? .plainText
    /// SARIF reports are JSON.
    static let sarifReport = UTType(filenameExtension: "sarif", conformingTo: .json) ?? .json
}
