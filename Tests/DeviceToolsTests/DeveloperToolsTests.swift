import DeviceTools
import Foundation
import Testing

/// Developer tools are found from `xcode-select -p` and the file system, never through `xcrun`
/// (which raises the install prompt on a Mac without them).
@Suite struct DeveloperToolsTests {
    static let xcode = "/Applications/Xcode.app/Contents/Developer"

    @Test func xcodeSelectedWithSimctlIsAvailableAndRunDirectly() throws {
        let files: Set = [Self.xcode, Self.xcode + "/usr/bin/simctl"]
        let detection = DeveloperTools.detect(status: 0, output: Self.xcode + "\n", fileExists: files.contains)
        let tools = try #require(detection.tools)
        #expect(tools.simctl == Self.xcode + "/usr/bin/simctl")
        #expect(tools.listBootedDevices.executable == tools.simctl)
        #expect(tools.listBootedDevices.arguments == ["list", "devices", "booted", "-j"])
        let open = try tools.openURL("https://example.com/buy/1")
        #expect(open.executable == tools.simctl)
        #expect(open.arguments == ["openurl", "booted", "https://example.com/buy/1"])
        #expect(!open.commandLine.contains("xcrun"))
    }

    @Test func theDetectionItselfRunsOnlyXcodeSelect() {
        #expect(DeveloperTools.printPath.executable == "/usr/bin/xcode-select")
        #expect(DeveloperTools.printPath.arguments == ["-p"])
    }

    @Test func noDeveloperDirectoryIsUnavailable() {
        let detection = DeveloperTools.detect(status: 2, output: "", fileExists: { _ in true })
        #expect(detection.tools == nil)
        #expect(detection.reason?.contains("Xcode is not installed") == true)
    }

    @Test func aDirectoryThatIsGoneIsUnavailable() {
        let detection = DeveloperTools.detect(status: 0, output: Self.xcode, fileExists: { _ in false })
        #expect(detection.reason?.contains("does not exist") == true)
    }

    @Test func commandLineToolsWithoutSimctlAreUnavailable() {
        let clt = "/Library/Developer/CommandLineTools"
        let detection = DeveloperTools.detect(status: 0, output: clt, fileExists: { $0 == clt })
        #expect(detection.reason?.contains("no simctl") == true)
    }

    @Test func aRelativeOrMultiLineAnswerIsRefused() {
        #expect(DeveloperTools.detect(status: 0, output: "Xcode.app", fileExists: { _ in true }).tools == nil)
        #expect(DeveloperTools.detect(status: 0, output: "/a\n/b", fileExists: { _ in true }).tools == nil)
    }

    /// The live check on this machine's file system: a fake developer directory in a temporary
    /// folder, found through `FileManager` as the app finds Xcode's.
    @Test func aFakeDeveloperDirectoryOnDiskIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("devtools-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("usr/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
        let detected = DeveloperTools.detect(status: 0, output: root.path, fileExists: exists)
        #expect(detected.reason?.contains("no simctl") == true)
        try Data().write(to: bin.appendingPathComponent("simctl"))
        #expect(
            DeveloperTools.detect(status: 0, output: root.path + "/", fileExists: exists).tools?.simctl
                == root.path + "/usr/bin/simctl")
    }
}
