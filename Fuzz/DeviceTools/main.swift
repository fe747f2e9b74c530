import Foundation

// libFuzzer target for DeviceTools: the swcutil show / sysdiagnose parser, the swcutil verify
// parser, the lenient date parser, simctl's device list, Android's `pm get-app-links` reader, adb's
// failure and `am start` error readers, adb's location from the environment, and
// the command builders (simctl, swcutil, adb), all fed
// with the same bytes. Any trap, overflow or ASan report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    let dump = DeviceStateDump.parse(text)
    _ = dump.entries(appIDs: ["ABCDE12345.com.example.app"], hosts: ["example.com", "*.example.org"])
    _ = try? JSONEncoder().encode(dump.entries)
    let answer = AppleMatcherAnswer.parse(
        stdout: text, stderr: String(text.reversed()),
        appIDs: ["ABCDE12345.com.example.app"])
    for line in answer.lines {
        _ = MatcherComparison(appID: line.appID, ours: .match, apple: answer.outcome(for: line.appID)).summary
    }
    for line in text.split(separator: "\n").prefix(64) { _ = DeviceStateDate.parse(String(line)) }
    _ = SimulatorCommands.bootedDevices(fromJSON: bytes)
    let head = String(text.prefix(256))
    _ = try? SimulatorCommands.openURL(head, device: head)
    if let command = try? SwcutilCommands.verify(host: head, associationFile: "/tmp/" + head, url: head) {
        _ = SwcutilCommands.withAdministratorPrompt(command).arguments
    }
    _ = ToolCommand.shellQuoted(head)
    let appLinks = AndroidAppLinksState.parse(text)
    _ = try? JSONEncoder().encode(appLinks)
    for state in appLinks { _ = state.domains.map { ($0.state.text, $0.state.opensInApp) } }
    _ = try? AndroidDeviceCommands.openURL(head, adb: "/usr/bin/adb", serial: head.isEmpty ? nil : head)
    _ = try? AndroidDeviceCommands.appLinksState(package: head, adb: "/usr/bin/adb")
    _ = AndroidTools.failureMessage(status: 1, stderr: text, stdout: String(text.reversed()))
    _ = AndroidTools.startError(stdout: text)
    _ = AndroidTools.candidates(environment: ["ANDROID_HOME": head, "ANDROID_SDK_ROOT": head], home: head)
    return 0
}
