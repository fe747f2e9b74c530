import DeviceTools
import Foundation
import Testing

/// Finding `adb` without a shell (`AndroidTools`), and reading its failures.
@Suite struct AndroidToolsTests {
    @Test func candidatesFollowTheEnvironmentThenAndroidStudioThenHomebrew() {
        let paths = AndroidTools.candidates(
            environment: ["ANDROID_HOME": "/sdk/", "ANDROID_SDK_ROOT": "/old"],
            home: "/Users/t")
        #expect(
            paths == [
                "/sdk/platform-tools/adb", "/old/platform-tools/adb",
                "/Users/t/Library/Android/sdk/platform-tools/adb", "/opt/homebrew/bin/adb",
                "/usr/local/bin/adb",
            ])
    }

    @Test func relativeEmptyOrHostileEnvironmentValuesAreIgnored() {
        let paths = AndroidTools.candidates(
            environment: ["ANDROID_HOME": "sdk", "ANDROID_SDK_ROOT": "/a\nb"],
            home: "")
        #expect(paths == ["/opt/homebrew/bin/adb", "/usr/local/bin/adb"])
        let same = AndroidTools.candidates(environment: ["ANDROID_HOME": "/x", "ANDROID_SDK_ROOT": "/x"], home: "/h")
        #expect(same.filter { $0 == "/x/platform-tools/adb" }.count == 1, "no path twice")
    }

    @Test func theFirstExecutableCandidateWinsElseASentence() {
        let found = AndroidTools.detect(environment: [:], home: "/Users/t") {
            $0 == "/usr/local/bin/adb" || $0 == "/Users/t/Library/Android/sdk/platform-tools/adb"
        }
        #expect(found == .available(adb: "/Users/t/Library/Android/sdk/platform-tools/adb"))
        #expect(found.reason == nil)
        let missing = AndroidTools.detect(environment: [:], home: "/Users/t") { _ in false }
        #expect(missing.adb == nil)
        #expect(missing.reason?.contains("adb was not found") == true)
    }

    @Test func failuresSayAdbsErrorLine() {
        #expect(
            AndroidTools.failureMessage(status: 1, stderr: "adb: no devices/emulators found\n")
                == "adb failed (exit status 1): adb: no devices/emulators found")
        #expect(
            AndroidTools.failureMessage(
                status: 1,
                stderr: "* daemon started successfully\n"
                    + "error: more than one device/emulator\n")
                == "adb failed (exit status 1): error: more than one device/emulator")
        #expect(AndroidTools.failureMessage(status: 255, stderr: "") == "adb failed (exit status 255).")
        #expect(!AndroidTools.failureMessage(status: 1, stderr: "bad\u{1B}[2J line").contains("\u{1B}"))
    }

    @Test func amStartErrorsOnStandardOutputAreFound() {
        let output =
            "Starting: Intent { act=android.intent.action.VIEW cat=[android.intent.category.BROWSABLE] "
            + "dat=https://example.com/... }\nError: Activity not started, unable to resolve Intent { … }\n"
        #expect(AndroidTools.startError(stdout: output)?.hasPrefix("Error: Activity not started") == true)
        #expect(AndroidTools.startError(stdout: "Starting: Intent { act=android.intent.action.VIEW }\n") == nil)
    }
}
