import DeviceTools
import Foundation
import TestSupport
import Testing

/// The Android device tools: the `adb` commands a tester runs (quoted for the device's shell,
/// which `adb shell` hands its joined arguments to) and the `pm get-app-links` reader, on
/// recorded outputs: the one Android's and the MASTG's documentation print
/// (`pm-get-app-links-doc.txt`) and one with a user's selection state and CRLF line ends
/// (`pm-get-app-links-users.txt`, the layout Android 12+ prints with `--user`).
@Suite struct AndroidDeviceTests {
    static let adb = "/opt/android-sdk/platform-tools/adb"

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: Fixtures.url("devicetools/\(name)"), encoding: .utf8)
    }

    @Test func openURLIsTheBrowsableViewIntentWithTheURLQuotedForTheDeviceShell() throws {
        let command = try AndroidDeviceCommands.openURL("https://example.com/pay?to=me&amount=1;reboot", adb: Self.adb)
        #expect(command.executable == Self.adb)
        #expect(
            command.arguments == [
                "shell", "am", "start", "-a", "android.intent.action.VIEW",
                "-c", "android.intent.category.BROWSABLE",
                "-d", "'https://example.com/pay?to=me&amount=1;reboot'",
            ])
        // One word for the device's shell: a quote inside the URL cannot end it.
        let quoted = try AndroidDeviceCommands.openURL(
            "https://example.com/a'$(id)", adb: Self.adb,
            serial: "emulator-5554")
        #expect(quoted.arguments.prefix(2) == ["-s", "emulator-5554"])
        #expect(quoted.arguments.last == #"'https://example.com/a'\''$(id)'"#)
        #expect(try AndroidDeviceCommands.openURL("myapp://open", adb: Self.adb).arguments.last == "myapp://open")
    }

    @Test func hostileInputIsRefusedWithItsReason() {
        #expect(throws: ToolInputError.looksLikeAnOption) {
            try AndroidDeviceCommands.openURL("-n evil/.A", adb: Self.adb)
        }
        #expect(throws: ToolInputError.controlCharacters) {
            try AndroidDeviceCommands.openURL("https://example.com/\nreboot", adb: Self.adb)
        }
        #expect(throws: ToolInputError.invalidDevice("-s x")) {
            try AndroidDeviceCommands.openURL("https://example.com", adb: Self.adb, serial: "-s x")
        }
        #expect(throws: ToolInputError.invalidPath) {
            try AndroidDeviceCommands.openURL("https://example.com", adb: "adb")
        }
        #expect(throws: ToolInputError.invalidPackage("com.example;reboot")) {
            try AndroidDeviceCommands.appLinksState(package: "com.example;reboot", adb: Self.adb)
        }
        #expect(!AndroidDeviceCommands.isPackageName("example") && !AndroidDeviceCommands.isPackageName("com.1x"))
        #expect(AndroidDeviceCommands.isPackageName("com.example.app_2"))
    }

    @Test func appLinksStateIsPmGetAppLinks() throws {
        let command = try AndroidDeviceCommands.appLinksState(
            package: "com.example.app", adb: Self.adb,
            serial: "R58M123ABC")
        #expect(command.commandLine == "\(Self.adb) -s R58M123ABC shell pm get-app-links com.example.app")
    }

    @Test func theDocumentedOutputReadsEveryHostAndState() throws {
        let states = AndroidAppLinksState.parse(try Self.fixture("pm-get-app-links-doc.txt"))
        #expect(states.count == 1)
        let state = try #require(states.first)
        #expect(state.package == "com.example.package" && state.id == "01234567-89ab-cdef-0123-456789abcdef")
        #expect(state.signatures == ["***"])
        #expect(state.domains.map(\.host) == ["example.com", "sub.example.com", "example.net", "example.org"])
        #expect(state.domains.map(\.state) == [.verified, .legacyFailure, .verified, .error(1026)])
        #expect(state.domains.map(\.state.opensInApp) == [true, false, true, false])
        #expect(state.domains.map(\.state.text) == ["verified", "legacy_failure", "verified", "1026"])
    }

    @Test func aUsersSelectionAndCRLFAreRead() throws {
        let state = try #require(AndroidAppLinksState.parse(try Self.fixture("pm-get-app-links-users.txt")).first)
        #expect(state.package == "com.example.app")
        #expect(state.signatures.first?.hasPrefix("07:A8:83") == true)
        #expect(state.domains.map(\.state) == [.verified, .error(1024), AndroidDomainState.none])
        #expect(state.users.count == 1)
        let user = try #require(state.users.first)
        #expect(user.id == 0 && user.linkHandlingAllowed == true)
        #expect(user.disabled == ["example.com", "*.example.org"] && user.enabled == ["shop.example.com"])
    }

    @Test func otherTextGivesNothingAndNeverCrashes() {
        #expect(AndroidAppLinksState.parse("").isEmpty)
        #expect(AndroidAppLinksState.parse("Failure [not installed for 0]\n").isEmpty)
        #expect(AndroidAppLinksState.parse("/system/bin/sh: pm: not found").isEmpty)
        var generator = SeededGenerator(seed: 29)
        let pieces = [
            "com.example.app:", "  Domain verification state:", "    a.example: verified", "User 0:",
            "Enabled:", "x", "\u{1B}[31m", ":", "  ", "Signatures: [", "ID: ", "User x:",
        ]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...20, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined(separator: "\n")
            let states = AndroidAppLinksState.parse(text)
            #expect(
                states.allSatisfy { state in
                    state.domains.allSatisfy { !$0.host.contains("\u{1B}") && !$0.state.text.contains("\u{1B}") }
                })
        }
    }
}
