import DeviceTools
import Foundation
import TestSupport
import Testing

@Suite struct SimulatorCommandTests {
    @Test func openURLBuildsXcrunSimctlArguments() throws {
        let command = try SimulatorCommands.openURL("https://example.com/buy/42?a=1&b=2")
        #expect(command.executable == "/usr/bin/xcrun")
        #expect(command.arguments == ["simctl", "openurl", "booted", "https://example.com/buy/42?a=1&b=2"])
    }

    @Test func openURLTakesADeviceUDID() throws {
        let udid = "5B1E2C3D-4F5A-4B6C-8D7E-9F0A1B2C3D4E"
        let command = try SimulatorCommands.openURL("https://example.com/", device: udid)
        #expect(command.arguments[2] == udid)
    }

    @Test func openURLRejectsAnythingThatIsNotABootedKeywordOrUDID() {
        #expect(throws: ToolInputError.invalidDevice("--set")) {
            try SimulatorCommands.openURL("https://example.com/", device: "--set")
        }
    }

    @Test func openURLRejectsEmptyControlCharactersAndHugeURLs() {
        #expect(throws: ToolInputError.emptyURL) { try SimulatorCommands.openURL("  ") }
        #expect(throws: ToolInputError.controlCharacters) {
            try SimulatorCommands.openURL("https://example.com/\nrm -rf /")
        }
        let huge = "https://example.com/" + String(repeating: "a", count: ToolCommand.maximumArgumentLength)
        #expect(throws: ToolInputError.tooLong(ToolCommand.maximumArgumentLength)) {
            try SimulatorCommands.openURL(huge)
        }
    }

    @Test func openURLRejectsAnOptionLookingURL() {
        #expect(throws: ToolInputError.looksLikeAnOption) { try SimulatorCommands.openURL("-h") }
    }

    @Test func commandLineQuotesEveryArgumentForTheShell() throws {
        let command = try SimulatorCommands.openURL("https://example.com/it's?a=1&b=$(id)")
        #expect(
            command.commandLine
                == "/usr/bin/xcrun simctl openurl booted 'https://example.com/it'\\''s?a=1&b=$(id)'")
    }

    @Test func bootedDevicesAreReadFromRecordedSimctlJSON() throws {
        let devices = SimulatorCommands.bootedDevices(fromJSON: try Fixtures.data("devicetools/simctl-booted.json"))
        #expect(
            devices == [
                SimulatorDevice(
                    udid: "5B1E2C3D-4F5A-4B6C-8D7E-9F0A1B2C3D4E", name: "iPhone 16 Pro",
                    runtime: "iOS 18.4", state: "Booted")
            ])
        #expect(SimulatorCommands.listBootedDevices.arguments == ["simctl", "list", "devices", "booted", "-j"])
    }

    @Test func bootedDevicesOfGarbageAreNone() {
        #expect(SimulatorCommands.bootedDevices(fromJSON: Data("{\"devices\": 3}".utf8)).isEmpty)
        #expect(SimulatorCommands.bootedDevices(fromJSON: Data([0xff, 0x00])).isEmpty)
    }

    @Test func failureMessageExplainsNoBootedSimulator() throws {
        let stderr =
            try String(decoding: Fixtures.data("devicetools/simctl-openurl-none-booted-stderr.txt"), as: UTF8.self)
        let message = SimulatorCommands.failureMessage(status: 149, stderr: stderr)
        #expect(message.contains("No Simulator is booted"))
        #expect(SimulatorCommands.failureMessage(status: 1, stderr: "boom\u{1b}[31m").contains("boom"))
        #expect(!SimulatorCommands.failureMessage(status: 1, stderr: "boom\u{1b}[31m").contains("\u{1b}"))
    }
}
