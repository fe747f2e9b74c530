import Foundation
import TestSupport
import Testing

/// `linklab inspect` text layout: complete, terminal-width, platform named, nothing repeated.
@Suite struct InspectTextLayoutTests {
    static let fixture = "inspect/macos-many-entitlements.bin"

    @Test func everyEntitlementKeyIsListedWrappedToATerminalWidth() throws {
        let output = try LinkLabProcess.run(["inspect", Fixtures.url(Self.fixture).path])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(!output.stdout.contains("…"), "a list was cut short:\n\(output.stdout)")
        for key in [
            "aps-environment", "keychain-access-groups", "get-task-allow", "com.apple.security.app-sandbox",
            "com.apple.developer.icloud-services",
        ] {
            #expect(output.stdout.contains(key), "entitlement \(key) not shown")
        }
        #expect(output.stdout.contains("12 keys"))
        for line in output.stdout.split(separator: "\n") where !line.hasPrefix("/") {
            #expect(line.count <= 120, "line of \(line.count) characters: \(line.prefix(80))…")
        }
    }

    @Test func aBareMachONamesItsPlatform() throws {
        let output = try LinkLabProcess.run(["inspect", Fixtures.url(Self.fixture).path])
        #expect(output.stdout.contains("macOS binary"), "\(output.stdout)")
        #expect(output.stdout.contains("minimum macOS 12.0"), "\(output.stdout)")
        let ios = try LinkLabProcess.run(["inspect", Fixtures.url("macho/arm64-applinks-der.bin").path])
        #expect(ios.stdout.contains("iOS binary"), "\(ios.stdout)")
        let json = try LinkLabProcess.run(["inspect", Fixtures.url(Self.fixture).path, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let bundle = try #require((document["bundles"] as? [[String: Any]])?.first)
        let slice = try #require((bundle["slices"] as? [[String: Any]])?.first)
        #expect(slice["platform"] as? String == "macos")
        #expect(slice["minimumOS"] as? String == "12.0")
    }

    @Test func specialFilesAreRefusedWithOneLineAndExitThree() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, what) in [(fifo, "a named pipe (FIFO)"), ("/dev/null", "a character device")] {
            let output = try LinkLabProcess.run(["inspect", path])
            #expect(output.exitCode == 3)
            #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
            #expect(output.stderr.contains("\(what), not a regular file or a folder"), "\(output.stderr)")
        }
        let slash = try LinkLabProcess.run(["inspect", "/"])
        #expect(slash.exitCode == 3)
        #expect(slash.stderr.contains("no app bundle inside"), "\(slash.stderr)")
    }
}
