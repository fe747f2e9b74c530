import UniformTypeIdentifiers

extension UTType {
    /// An iOS app archive; declared in Info.plist as an imported type (Apple owns it).
    static let ipa = UTType(importedAs: "com.apple.itunes.ipa", conformingTo: .zip)
    /// Our session file (`.linklab`, JSON); declared in Info.plist as an exported type.
    static let linkLabSession = UTType(exportedAs: "org.universallinklab.session", conformingTo: .json)
    /// Markdown reports (Quick Look shows them as text).
    static let markdownReport = UTType(filenameExtension: "md", conformingTo: .plainText) ?? .plainText
    /// SARIF reports are JSON.
    static let sarifReport = UTType(filenameExtension: "sarif", conformingTo: .json) ?? .json
}
