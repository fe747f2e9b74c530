import AppKit
import AssociationFetch
import DeviceTools
import Findings
import Observation
import Reports
import SiteAssociation
import UniformTypeIdentifiers
import Workbench

/// One session window's state: the session controller (the package's document state machine:
/// the workbench document, its undo steps, reloads, drafts and the online question) plus what
/// only this window needs (selection, search, which sheet is open). Intents go to the controller;
/// the window registers no undo of its own (the document's value writes are the undo steps).
@MainActor @Observable
final class WindowModel {
    enum Tab: String, CaseIterable, Identifiable {
        case app, domains, urls, probes
        var id: String { rawValue }
        var title: String {
            switch self {
            case .app: "App"
            case .domains: "Domains"
            case .urls: "URL Tester"
            case .probes: "Probes"
            }
        }
        var hook: String { "tab-\(rawValue)" }
    }

    let controller: SessionController
    var document: WorkbenchDocument { controller.document }
    /// The app this untitled session was started for (the same app opened again brings this
    /// window forward instead of starting a second session).
    var appURL: URL?
    /// The window showing this model, once it is on screen.
    @ObservationIgnored weak var window: NSWindow?

    var tab: Tab = .app
    var selectedFinding: String?
    var selectedHost: String?
    var findingQuery = ""
    /// Whether the findings' search field is presented (Find in Findings presents it).
    var isSearchingFindings = false
    var statusFilter: Set<TriageStatus>?
    var urlInput = ""
    var showsInspector = true
    var alertMessage: String?
    /// The host and platform whose what-if editor sheet is open.
    var editor: HostEditor?

    /// Bumped to move keyboard focus (menu commands); views watch them with `onChange`.
    var findingSearchFocusRequest = 0
    var urlFocusRequest = 0

    var exportRequest: ExportRequest?
    /// Export Report… asks for the format first; the save panel follows once the sheet is gone.
    var isChoosingExportFormat = false
    var exportFormat: ExportFormat = .pdf
    @ObservationIgnored private var exportAfterSheet = false
    var isImportingDeviceState = false
    /// Apple's matcher's answers, each shown only while the host's file is the one it was asked about.
    var appleAnswers = AppleAnswerBook<AppleAnswerState>()
    /// Where the session's app file is now (nil until looked for).
    var appLocation: AppLocation?
    /// Xcode's tools as `xcode-select -p` names them (nil until the tester asks for Simulators).
    var developerTools: DeveloperTools.Detection?
    /// The booted Simulators (`simctl list devices booted -j`), and the one URLs open in.
    var simulators: [SimulatorDevice] = []
    var simulatorUDID = "booted"
    /// `adb` as `AndroidTools` found it (nil until the tester asks for an Android action).
    var androidTools: AndroidTools.Detection?
    /// Tool runs in flight (⌘. stops them).
    var runningTools = 0
    @ObservationIgnored private var toolTasks: [UUID: Task<Void, Never>] = [:]

    init(settings: WorkbenchSettings, binding: SessionFileBinding) {
        controller = SessionController(settings: settings, binding: binding)
        OpenWindows.register(self)
    }

    // MARK: Bindings for sheets, alerts and the status filter (no closures over main-actor state)

    var isExporting: Bool {
        get { exportRequest != nil }
        set { if !newValue { exportRequest = nil } }
    }

    var isShowingAlert: Bool {
        get { alertMessage != nil }
        set { if !newValue { alertMessage = nil } }
    }

    /// Whether the findings list shows `status` (no filter: none is ticked, every status shows).
    subscript(filtering status: TriageStatus) -> Bool {
        get { statusFilter?.contains(status) ?? false }
        set {
            var set = statusFilter ?? []
            if newValue { set.insert(status) } else { set.remove(status) }
            statusFilter = set.isEmpty ? nil : set
        }
    }

    // MARK: Derived state (all decisions in the package)

    var findingList: FindingList { FindingList(document.findings, query: findingQuery, statuses: statusFilter) }
    var isReady: Bool { document.phase == .ready }
    var hasDomains: Bool { !document.domains.isEmpty }
    var isBusy: Bool { PhaseStatus(document.phase).isBusy || runningTools > 0 }
    var selected: TriagedFinding? { document.findings.first { $0.fingerprint == selectedFinding } }
    var appIDs: Set<String> { Set(document.app?.bundles.compactMap(\.applicationIdentifier) ?? []) }
    var sourceName: String? { document.source?.name }

    // MARK: Opening

    /// Inspects the app at `url` (streamed from disk, never read whole) with its fetches held
    /// until the tester answers (`OnlineConsent`), then records where it is (path and bookmark)
    /// so a saved session finds it again. Neither is an edit.
    func openApp(at url: URL) {
        appURL = url.standardizedFileURL
        Task {
            await controller.openApp(at: url)
            guard document.app != nil else { return }
            controller.recordAppLocation(path: url.path, bookmark: AppFileLocator.bookmark(for: url))
            appLocation = .found(path: url.path)
        }
    }

    /// Starts this (empty) session with the app at `url`: an iOS app (`openApp(at:)`) or an
    /// Android app (`openAndroidApp(at:)`), as the package names its kind (`AppFileKind`).
    func open(_ url: URL) {
        if AppFileKind(fileName: url.lastPathComponent) == .androidApp {
            openAndroidApp(at: url)
        } else {
            openApp(at: url)
        }
    }

    /// Reads the Android app at `url` with its fetches held until the tester answers, as
    /// `openApp(at:)` does for an iOS app. Not an edit.
    func openAndroidApp(at url: URL) {
        appURL = url.standardizedFileURL
        Task { await controller.openAndroidApp(at: url) }
    }

    /// Adds the product's Android app to this session (one undo step, "Add Android App"); a
    /// file that is not an APK says why in the document's notes.
    func addAndroidApp(at url: URL) {
        Task { await controller.addAndroidApp(at: url) }
    }

    /// Adds the product's iOS app to this Android session (one undo step, "Add iOS App"), then
    /// records where it is, as `openApp(at:)` does.
    func addIOSApp(at url: URL) {
        Task {
            await controller.addIOSApp(at: url)
            guard document.app != nil else { return }
            controller.recordAppLocation(path: url.path, bookmark: AppFileLocator.bookmark(for: url))
            appLocation = .found(path: url.path)
        }
    }

    /// A file dropped on the window or chosen with Choose App…, as the package decides
    /// (`AppFileDrop`): this window takes it, another window opens it (`openElsewhere` is
    /// returned for the view, which has `openDocument`), or the tester is told why not.
    func drop(_ url: URL) -> AppFileDrop {
        guard url.isFileURL else {
            alertMessage = "Only files can be dropped here."
            return .refuse("Only files can be dropped here.")
        }
        let decision = AppFileDrop.decide(fileName: url.lastPathComponent, document: document)
        switch decision {
        case .openIOSApp: openApp(at: url)
        case .openAndroidApp: openAndroidApp(at: url)
        case .addAndroidApp: addAndroidApp(at: url)
        case .addIOSApp: addIOSApp(at: url)
        case .openElsewhere: break
        case .refuse(let reason): alertMessage = reason
        }
        return decision
    }

    /// Starts this (empty) session about `host` alone (no app): fetched as the online choice
    /// allows. Not an edit.
    func openDomain(_ host: String) {
        Task { await controller.openDomain(host) }
    }

    /// Starts this (empty) session deciding `host` against the association file at `url`
    /// (read with a size cap; nothing fetched). Not an edit.
    func openAssociationFile(at url: URL, host: String) {
        if let refusal = DropCheck.associationFileRefusal(url) {
            alertMessage = refusal
            return
        }
        do {
            let data = try BoundedFile.read(url, limit: BoundedFile.associationFileLimit)
            controller.openAssociationFile(data, host: host)
        } catch {
            alertMessage = "\(url.lastPathComponent) could not be read: \(error.localizedDescription)"
        }
    }

    /// Looks for the session's app file (moved, renamed, gone, replaced) and, when it moved,
    /// records its new place (saved with the next edit).
    func locateApp() {
        guard let source = document.source, source.path != nil || source.bookmark != nil else { return }
        Task {
            let location = await AppFileLocator.locate(
                path: source.path, sha256: source.sha256,
                bookmark: source.bookmark)
            appLocation = location
            if case .moved(_, let path) = location {
                let url = URL(fileURLWithPath: path)
                controller.recordAppLocation(path: path, bookmark: AppFileLocator.bookmark(for: url))
            }
        }
    }

    func openSession(_ data: Data) {
        do {
            try controller.open(value: data)
            locateApp()
        } catch {
            alertMessage = error.description
        }
    }

    /// The document's value changed outside the window (undo, redo, Revert, a version).
    func valueChanged(_ data: Data) {
        if let error = controller.valueChanged(data) { alertMessage = error.description }
    }

    func close() {
        cancelTools()
        document.close()
    }

    /// An untitled session is titled after its app ("LinkLabSample" rather than "Untitled");
    /// a saved one keeps its file's name.
    func titleWindowAfterApp() {
        guard let window, let name = sourceName,
            let file = NSDocumentController.shared.document(for: window), file.fileURL == nil
        else { return }
        let title = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        if !title.isEmpty, file.displayName != title { file.displayName = title }
    }

    /// ⌘.: stops the inspection or fetches in flight and every tool run.
    func cancel() {
        document.cancel()
        cancelTools()
    }

    // MARK: Online

    /// The question sheet is up while the controller waits for the tester's answer; dismissing
    /// it (Esc) stays offline.
    var isAskingToGoOnline: Bool {
        get { controller.consent.question != nil }
        set { if !newValue, controller.consent.question != nil { choose(.offline) } }
    }

    func choose(_ choice: OnlineConsent.Choice) {
        Task { await controller.choose(choice) }
    }

    func toggleOnline() {
        choose(controller.consent.isOffline ? .online : .offline)
    }

    func settingsChanged(_ settings: WorkbenchSettings) {
        Task { await controller.settingsChanged(settings) }
    }

    // MARK: Navigation

    func focusFindingSearch() { findingSearchFocusRequest += 1 }
    func focusURLTester() {
        tab = .urls
        urlFocusRequest += 1
    }
    func selectNextFinding() { selectedFinding = findingList.next(after: selectedFinding) }
    func selectPreviousFinding() { selectedFinding = findingList.previous(before: selectedFinding) }

    // MARK: Intents (each one undo step of the document)

    private func attempt(_ body: () throws(WorkbenchDocumentError) -> Void) {
        do { try body() } catch { alertMessage = error.description }
    }

    /// The triage the inspector shows for a finding: its draft, else what is saved. Each
    /// change is written into the document (dirty mark, autosave); a refused one says why.
    subscript(triageDraftFor fingerprint: String) -> TriageDraft {
        get { controller.triageDraft(for: fingerprint) }
        set {
            attempt { () throws(WorkbenchDocumentError) in try controller.setTriageDraft(newValue, for: fingerprint) }
        }
    }

    func saveTriage(_ fingerprint: String) {
        attempt { () throws(WorkbenchDocumentError) in try controller.saveTriageDraft(for: fingerprint) }
    }

    /// The what-if text the editor shows for `host` of `platform`: its draft, else the file that
    /// decides. Each change is written into the document (dirty mark, autosave); a refused one
    /// says why.
    subscript(whatIfDraftFor host: String, on platform: AppPlatform = .ios) -> String {
        get { controller.whatIfDraft(for: host, on: platform) }
        set {
            attempt { () throws(WorkbenchDocumentError) in
                try controller.setWhatIfDraft(newValue, for: host, on: platform)
            }
        }
    }

    /// Opens the what-if editor sheet of one platform's host (its draft, if any, is kept).
    func edit(_ operations: HostActions) {
        editor = HostEditor(operations)
    }

    /// Applies the what-if draft of `host` of `platform` (one undo step) and closes the editor.
    func applyWhatIf(_ host: String, on platform: AppPlatform = .ios) {
        attempt { () throws(WorkbenchDocumentError) in try controller.applyWhatIfDraft(for: host, on: platform) }
        editor = nil
    }

    /// Drops the what-if draft of `host` of `platform` (⌘Z brings it back) and closes the editor.
    func discardWhatIf(_ host: String, on platform: AppPlatform = .ios) {
        controller.discardWhatIfDraft(for: host, on: platform)
        editor = nil
    }

    /// Back to what `host` of `platform` served before the what-if (one undo step).
    func revert(host: String, on platform: AppPlatform = .ios) {
        attempt { () throws(WorkbenchDocumentError) in try controller.revert(host: host, on: platform) }
    }

    /// Replaces the URL lines; the same text again changes nothing (showing the URL tab must
    /// not mark the session edited).
    func setURLLines(_ text: String) {
        controller.setURLLines(text)
    }

    /// Uses a dropped or chosen association file for `host` of `platform` (read with a size
    /// cap). An app archive or a session dropped on a card is refused with a sentence, never read
    /// as a file.
    func useFile(at url: URL, forHost host: String, on platform: AppPlatform = .ios) {
        if let refusal = DropCheck.associationFileRefusal(url) {
            alertMessage = refusal
            return
        }
        do {
            let data = try BoundedFile.read(url, limit: BoundedFile.associationFileLimit)
            try controller.useFile(data, name: url.lastPathComponent, host: host, on: platform)
        } catch let error as WorkbenchDocumentError {
            alertMessage = error.description
        } catch {
            alertMessage = "\(url.lastPathComponent) could not be read: \(error.localizedDescription)"
        }
    }

    func refetchAll() {
        Task { await controller.refetchAll() }
    }

    /// Refetch Host: the selected host on every platform whose app claims it
    /// (`WorkbenchDocument.hosts(on:)`), one after the other; the iOS host when none lists it.
    func refetchSelectedHost() {
        guard let host = selectedHost else { return }
        let claiming = AppPlatform.allCases.filter { platform in
            document.hosts(on: platform).contains { $0.caseInsensitiveCompare(host) == .orderedSame }
        }
        Task {
            for platform in claiming.isEmpty ? [.ios] : claiming {
                do { try await controller.refetch(host: host, on: platform) } catch { alertMessage = "\(error)" }
            }
        }
    }

    /// Fetches `host` of `platform` again (one undo step once it landed); a refusal is the alert.
    func refetch(host: String, on platform: AppPlatform = .ios) {
        Task {
            do { try await controller.refetch(host: host, on: platform) } catch { alertMessage = "\(error)" }
        }
    }

    func importDeviceState(from url: URL) {
        do {
            let data = try BoundedFile.read(url, limit: DeviceTools.maximumInputBytes)
            try controller.importDeviceState(String(decoding: data, as: UTF8.self))
        } catch let error as WorkbenchDocumentError {
            alertMessage = error.description
        } catch {
            alertMessage = "\(url.lastPathComponent) could not be read: \(error.localizedDescription)"
        }
    }

    // MARK: Export

    struct ExportRequest: Identifiable {
        let id = UUID()
        let file: ReportFile
        let defaultName: String
    }

    /// One export of the document (a report, or a copy of the session: the window's own file is
    /// saved with ⌘S), then the save panel.
    func requestExport(_ format: ExportFormat) {
        do {
            let data = try document.export(format)
            exportRequest = ExportRequest(
                file: ReportFile(data: data, contentType: format.contentType),
                defaultName: ExportNaming.fileName(of: format, source: sourceName, date: Date()))
        } catch {
            alertMessage = error.description
        }
    }

    /// Export Report…: the format first, then the save panel.
    func chooseExportFormat() {
        guard isReady else { return }
        isChoosingExportFormat = true
    }

    /// The sheet's Export… button: the sheet goes first; the save panel opens from its
    /// `onDismiss` (`exportSheetDismissed`), never in the same action.
    func confirmExportFormat() {
        exportAfterSheet = true
        isChoosingExportFormat = false
    }

    func exportSheetDismissed() {
        guard exportAfterSheet else { return }
        exportAfterSheet = false
        requestExport(exportFormat)
    }

    var shareItem: ReportShareItem {
        let name = ExportNaming.fileName(of: .pdf, source: sourceName, date: Date())
        return ReportShareItem(fileName: name) { [weak self] in
            try await MainActor.run {
                guard let self else { throw CocoaError(.userCancelled) }
                return try self.document.export(.pdf)
            }
        }
    }

    // MARK: Mac-only tools

    enum AppleAnswerState: Sendable, Equatable {
        case running
        case answered(AppleMatcherAnswer)
        case failed(String)
    }

    /// Runs `work` as a tool task ⌘. can stop.
    private func runTool(_ work: @escaping @MainActor () async -> Void) {
        let id = UUID()
        runningTools += 1
        toolTasks[id] = Task {
            await work()
            toolTasks[id] = nil
            runningTools -= 1
        }
    }

    func cancelTools() {
        for task in toolTasks.values { task.cancel() }
    }

    /// Finds Xcode's tools without running `xcrun` (which raises the install prompt on a Mac
    /// without them): `xcode-select -p`, then `simctl` in that folder. Run when the tester asks.
    private func detectDeveloperTools() async -> DeveloperTools.Detection {
        if let developerTools { return developerTools }
        let result = try? await ToolRunner.run(DeveloperTools.printPath, timeout: 10)
        let detection = DeveloperTools.detect(status: result?.status ?? 1, output: result?.stdout ?? "") {
            FileManager.default.fileExists(atPath: $0)
        }
        developerTools = detection
        return detection
    }

    /// Refreshes the booted Simulators (the tester clicked Find Simulators); the picker keeps
    /// "booted" when none is chosen.
    func loadSimulators() {
        runTool { [weak self] in
            guard let self else { return }
            guard let tools = await detectDeveloperTools().tools else {
                alertMessage = developerTools?.reason
                return
            }
            guard let result = try? await ToolRunner.run(tools.listBootedDevices) else { return }
            let devices = SimulatorCommands.bootedDevices(fromJSON: Data(result.stdout.utf8))
            simulators = devices
            if simulatorUDID != "booted", !devices.contains(where: { $0.udid == simulatorUDID }) {
                simulatorUDID = "booted"
            }
        }
    }

    func openInSimulator(_ url: String) {
        let device = simulatorUDID
        runTool { [weak self] in
            guard let self else { return }
            do {
                guard let tools = await detectDeveloperTools().tools else {
                    alertMessage = developerTools?.reason
                    return
                }
                let command = try tools.openURL(url, device: device)
                let result = try await ToolRunner.run(command)
                if result.status != 0 {
                    alertMessage = SimulatorCommands.failureMessage(status: result.status, stderr: result.stderr)
                }
            } catch {
                alertMessage = "\(error)"
            }
        }
    }

    // MARK: Android device (adb)

    /// Open on Android Device and Read Device State, as the package decides them.
    var androidActions: AndroidDeviceActions { AndroidDeviceActions(document: document, detection: androidTools) }

    /// Finds `adb` (never through a shell; the tester's profile is not the app's environment).
    private func detectAndroidTools() -> AndroidTools.Detection {
        if let androidTools { return androidTools }
        let detection = AndroidTools.detect(
            environment: ProcessInfo.processInfo.environment,
            home: FileManager.default.homeDirectoryForCurrentUser.path
        ) {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        androidTools = detection
        return detection
    }

    /// `adb shell am start -a VIEW -c BROWSABLE -d URL`: the device resolves `url` as a tapped link.
    func openOnAndroidDevice(_ url: String) {
        runADB({ androidActions.openCommand(url: url, adb: $0) }) { model, result in
            if let error = AndroidTools.startError(stdout: result.stdout) { model.alertMessage = error }
        }
    }

    /// Runs the `adb` command `command` builds from adb's path as a tool task; adb not found, a
    /// command that cannot be built, a failed run or a thrown error is the alert, and `succeeded`
    /// gets the result of a run that exited 0 (what it throws is the alert too).
    private func runADB(
        _ command: (String) -> Result<ToolCommand, ToolInputError>,
        succeeded: @escaping @MainActor (WindowModel, ToolRunner.Result) throws -> Void
    ) {
        guard let adb = detectAndroidTools().adb else {
            alertMessage = androidTools?.reason
            return
        }
        let built: ToolCommand
        switch command(adb) {
        case .success(let made): built = made
        case .failure(let error):
            alertMessage = error.description
            return
        }
        runTool { [weak self] in
            guard let self else { return }
            do {
                let result = try await ToolRunner.run(built)
                guard result.status == 0 else {
                    alertMessage = AndroidTools.failureMessage(
                        status: result.status, stderr: result.stderr,
                        stdout: result.stdout)
                    return
                }
                try succeeded(self, result)
            } catch {
                alertMessage = "\(error)"
            }
        }
    }

    // MARK: Probes

    /// Records what the tester saw running probe `id` of the current kit (nil: removes the
    /// outcome): one undo step ("Record Probe Outcome").
    func recordProbeOutcome(_ id: String, outcome: ProbeFacts.Observation.Outcome?, note: String) {
        do {
            try controller.recordProbeOutcome(id: id, outcome: outcome, note: note)
        } catch {
            alertMessage = error.description
        }
    }

    /// Forgets the outcomes recorded for an earlier kit ("Clear Stale Probe Outcomes").
    func clearStaleProbeOutcomes() {
        controller.clearStaleProbeOutcomes()
    }

    /// The `adb` command that opens `url`, for the pasteboard (adb's path as found, or plain `adb`).
    func androidOpenCommandLine(_ url: String) -> String? {
        let adb = detectAndroidTools().adb ?? "/usr/local/bin/adb"
        return try? androidActions.openCommand(url: url, adb: adb).get().commandLine
    }

    /// `adb shell pm get-app-links PACKAGE` (Android 12+): what the device recorded per host.
    func readAndroidDeviceState() {
        runADB({ androidActions.stateCommand(adb: $0) }) { model, result in
            // The document keeps the package's record (saved with the session, an undo step).
            try model.controller.importAndroidDeviceState(result.stdout)
        }
    }

    /// The `swcutil verify` command for `url` on `host` with the file we decided with, or nil.
    func appleMatcherCommand(url: String, host: String) -> ToolCommand? {
        guard let data = document.associationFileData(forHost: host) else { return nil }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("linklab-\(host)-apple-app-site-association.json")
        do {
            try data.write(to: file, options: .atomic)
            return try SwcutilCommands.verify(host: host, associationFile: file.path, url: url)
        } catch {
            alertMessage = "\(error)"
            return nil
        }
    }

    /// Apple's answer for `url`, unless the host's file changed since it was asked.
    func appleAnswer(for url: String) -> AppleAnswerState? {
        appleAnswers.answer(for: url, currentFile: document.associationFileData(forHost:))
    }

    func askApple(url: String, host: String) {
        guard let command = appleMatcherCommand(url: url, host: host) else { return }
        let file = document.associationFileData(forHost: host)
        appleAnswers.record(.running, url: url, host: host, file: file)
        let ids = appIDs
        runTool { [weak self] in
            let state: AppleAnswerState
            do {
                // The administrator prompt waits for the tester: allow longer than a plain tool.
                let result = try await ToolRunner.run(SwcutilCommands.withAdministratorPrompt(command), timeout: 180)
                state = .answered(AppleMatcherAnswer.parse(stdout: result.stdout, stderr: result.stderr, appIDs: ids))
            } catch {
                state = .failed("\(error)")
            }
            self?.appleAnswers.record(state, url: url, host: host, file: file)
        }
    }

    // MARK: Copy (the strings are the package's)

    func copyToPasteboard(_ text: String) {
        NSPasteboard.general.clearContents()
        NSPasteboard.general.setString(text, forType: .string)
    }

    func copyFinding(_ item: TriagedFinding) { copyToPasteboard(CopyText.finding(item)) }

    func copySelectedFinding() {
        if let selected { copyFinding(selected) }
    }

    func copyCurl(host: String) {
        let route: FetchRoute = document.domains.first { $0.host == host }?.route == "origin" ? .origin : .cdn
        if let command = CopyText.curl(host: host, route: route, cdnBase: document.settings.fetch.cdnBase) {
            copyToPasteboard(command)
        }
    }
}

/// Whose what-if editor sheet is open: one host of one platform's app (a host both apps claim
/// has two editors, one per association file), with what the sheet shows above the text.
struct HostEditor: Identifiable, Hashable {
    let host: String
    let platform: AppPlatform
    /// "Edit assetlinks.json (what-if)", or nil (the sheet then names only the host).
    let title: String?
    /// Why the editor's text is not the served bytes, or nil.
    let note: String?
    var id: String { "\(platform.rawValue) \(host)" }

    init(_ operations: HostActions) {
        host = operations.host
        platform = operations.platform
        title = operations.editTitle
        note = operations.editorNote
    }
}

/// Reads a file the tester chose, refusing files larger than `limit` (no unbounded reads).
enum BoundedFile {
    static let associationFileLimit = 1024 * 1024

    static func read(_ url: URL, limit: Int) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let data = try handle.read(upToCount: limit + 1) ?? Data()
        guard data.count <= limit else { throw CocoaError(.fileReadTooLarge) }
        return data
    }
}

/// Every live window model, held weakly: the unit tests reach the window a real document open
/// made (Finder's path through `NSDocumentController`), not one they built themselves.
@MainActor
enum OpenWindows {
    private final class Box {
        weak var model: WindowModel?
        init(_ model: WindowModel) { self.model = model }
    }

    private static var boxes: [Box] = []

    static func register(_ model: WindowModel) {
        boxes = boxes.filter { $0.model != nil } + [Box(model)]
    }

    static var models: [WindowModel] { boxes.compactMap(\.model) }
}
