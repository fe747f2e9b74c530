import SwiftUI
import Workbench

// Each platform's device tools: a device is a platform's own (the simulator and a sysdiagnose
// for iOS, adb for Android), so these are the one place the Domains and URL tester tabs reach
// per platform. What a device recorded is drawn with the cards: the package puts it in the
// hosts' and the app's panels.

/// The Domains tab's device buttons: Import Device State… (a sysdiagnose's `swcutil show`) and,
/// with an Android app, Read Android Device State (`pm get-app-links`).
struct DeviceStateButtons: View {
    let model: WindowModel

    var body: some View {
        HStack {
            Button("Import Device State…") { model.isImportingDeviceState = true }
                .help("Import a sysdiagnose's swcutil_show.txt to see what a device recorded")
            if model.androidActions.isShown {
                Button("Read Android Device State") { model.readAndroidDeviceState() }
                    .help("adb shell pm get-app-links PACKAGE (Android 12+): what the device recorded per host")
            }
        }
    }
}

/// A typed URL's device actions: Open in Simulator and Apple's matcher when a claimed host's
/// file decides it (`MacToolsRow`), Open on Android Device with an Android app.
struct DeviceToolsRows: View {
    @Bindable var model: WindowModel
    let url: String
    /// The claimed host whose association file decides the URL (`URLTestPresentation.domain`).
    let host: String?

    var body: some View {
        if let host { MacToolsRow(model: model, url: url, host: host) }
        AndroidToolsRow(model: model, url: url)
    }
}

/// Open on Android Device (`adb … am start -a VIEW -c BROWSABLE -d URL`) beside Open in
/// Simulator, with Copy adb Command; shown only when the document holds an Android app.
struct AndroidToolsRow: View {
    let model: WindowModel
    let url: String

    var body: some View {
        let actions = model.androidActions
        if actions.isShown {
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    Button("Open on Android Device") { model.openOnAndroidDevice(url) }
                        .help(
                            "adb shell am start -a android.intent.action.VIEW "
                                + "-c android.intent.category.BROWSABLE -d URL (needs adb and one device)")
                    Button("Copy adb Command") {
                        if let line = model.androidOpenCommandLine(url) { model.copyToPasteboard(line) }
                    }
                }
                if let reason = actions.unavailableReason {
                    Text(reason).font(.caption).foregroundStyle(.secondary)
                }
            }
        }
    }
}
