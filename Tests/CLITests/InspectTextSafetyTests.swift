import Foundation
import TestSupport
import Testing

/// `linklab inspect` text output never passes terminal control sequences from the input through.
@Suite struct InspectTextSafetyTests {
    @Test func controlCharactersFromTheAppAreShownEscapedNotSentToTheTerminal() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-escape-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // A clear-screen sequence in the bundle name, a window-title sequence in the bundle ID,
        // a colour change and a C1 CSI in a URL scheme, a right-to-left override in a query scheme.
        let bundle = root.appendingPathComponent("Evil\u{1B}[2J.app")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.ex\u{1B}]0;owned\u{07}ample</string>
            <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>
            <array><string>my\u{1B}[31mscheme</string><string>c1\u{9B}2Jscheme</string></array></dict></array>
            <key>LSApplicationQueriesSchemes</key><array><string>abc\u{202E}fed</string></array>
            </dict></plist>
            """
        try Data(plist.utf8).write(to: bundle.appendingPathComponent("Info.plist"))

        let output = try LinkLabProcess.run(["inspect", bundle.path])
        #expect(output.exitCode == 0, "\(output.stderr)")
        for forbidden: Unicode.Scalar in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] {
            #expect(
                !output.stdout.unicodeScalars.contains(forbidden),
                "U+\(String(forbidden.value, radix: 16, uppercase: true)) reached stdout")
        }
        #expect(output.stdout.contains("com.ex\\u{1B}]0;owned\\u{07}ample"))
        #expect(output.stdout.contains("my\\u{1B}[31mscheme"))
    }
}
