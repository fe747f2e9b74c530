import AppKit
import AssociationFetch
import DeviceTools
import Findings
import Observation
import Reports
import SiteAssociation
import UniformTypeIdentifiers
import Workbench

/// One session window's state: the workbench document (the engine's, shared with the web
/// face) plus what only this window needs (selection, search, which sheet is open). Intents go
/// straight to the document; undo is registered here because only a window has an undo manager.
@MainActor @Observable
final class WindowModel {
    enum Tab: String, CaseIterable, Identifiable {
        case app, domains, urls
        var id: String { rawValue }
        var title: String {
            switch self {
            case .app: "App"
            case .domains: "Domains"
            case .urls: "URL Tester"
            }
        }
        var hook: String { "tab-\(rawValue)" }
    }

    let document: WorkbenchDocument

    var tab: Tab = .app
    var selectedFinding: String?
    var selectedHost: String?
    var findingQuery = ""
    var statusFilter: Set<TriageStatus>?
    var urlInput = ""
    var showsInspector = true
    var alertMessage: String?

    /// Bumped to move keyboard focus (menu commands); views watch them with `onChange`.
    var findingSearchFocusRequest = 0
    var urlFocusRequest = 0

    var exportRequest: ExportRequest?
    /// Export Report… asks for the format first.
    var isChoosingExportFormat = false
    var exportFormat: ExportFormat = .pdf
    var isImportingDeviceState = false
    /// Apple's matcher's answers, each shown only while the host's file is the one it was asked about.
    var appleAnswers = AppleAnswerBook<AppleAnswerState>()
    /// Where the session's app file is now (nil until looked for).
    var appLocation: AppLocation?
    /// The booted Simulators (`xcrun simctl list devices booted -j`), and the one URLs open in.
    var simulators: [SimulatorDevice] = []
    var simulatorUDID = "booted"
    /// Tool runs in flight (⌘. stops them).
    var runningTools = 0
    @ObservationIgnored private var toolTasks: [UUID: Task<Void, Never>] = [:]

    /// Writes the session's bytes back into its file document when they differ.
    @ObservationIgnored var persist: (@MainActor (Data) -> Void)?

    init(settings: WorkbenchSettings) {
        document = WorkbenchDocument(settings: settings)
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
    /// The App tab's cards (the profile's expiry judged against now).
    var bundleCards: [AppBundleCard] {
        document.app.map { AppBundleCard.cards(for: $0, now: Date()) } ?? []
    }
    var isBusy: Bool { PhaseStatus(document.phase).isBusy || runningTools > 0 }
    var selected: TriagedFinding? { document.findings.first { $0.fingerprint == selectedFinding } }
    var appIDs: Set<String> { Set(document.app?.bundles.compactMap(\.applicationIdentifier) ?? []) }
    var sourceName: String? { document.source?.name }

    // MARK: Opening

    /// Inspects the app at `url` (streamed from disk, never read whole), then records where it
    /// is (path and bookmark) in the session so a saved session finds it again.
    func openApp(at url: URL) {
        document.openApp(at: url)
        Task {
            await document.settled()
            guard document.app != nil else { return }
            document.recordAppLocation(path: url.path, bookmark: AppFileLocator.bookmark(for: url))
            appLocation = .found(path: url.path)
            changed()
        }
    }

    /// Looks for the session's app file (moved, renamed, gone, replaced) and, when it moved,
    /// records its new place.
    func locateApp() {
        guard let source = document.source, source.path != nil || source.bookmark != nil else { return }
        Task {
            let location = await AppFileLocator.locate(path: source.path, sha256: source.sha256,
                                                       bookmark: source.bookmark)
            appLocation = location
            if case .moved(_, let path) = location {
                let url = URL(fileURLWithPath: path)
                document.recordAppLocation(path: path, bookmark: AppFileLocator.bookmark(for: url))
                changed()
            }
        }
    }

    func openSession(_ data: Data) {
        do {
            try document.openSession(data)
            locateApp()
        } catch {
            alertMessage = error.description
        }
    }

    func close() {
        cancelTools()
        document.close()
    }

    /// ⌘.: stops the inspection or fetches in flight and every tool run.
    func cancel() {
        document.cancel()
        cancelTools()
    }

    // MARK: Navigation

    func focusFindingSearch() { findingSearchFocusRequest += 1 }
    func focusURLTester() {
        tab = .urls
        urlFocusRequest += 1
    }
    func selectNextFinding() { selectedFinding = findingList.next(after: selectedFinding) }
    func selectPreviousFinding() { selectedFinding = findingList.previous(before: selectedFinding) }

    // MARK: Intents with undo

    func setTriage(_ fingerprint: String, status: TriageStatus, note: String, undoManager: UndoManager?) {
        let before = document.triage[fingerprint]
        do {
            try document.setTriage(fingerprint: fingerprint, status: status, note: note)
        } catch {
            alertMessage = error.description
            return
        }
        undoManager?.registerUndo(withTarget: self) { model in
            MainActor.assumeIsolated {
                model.setTriage(fingerprint, status: before?.status ?? .open, note: before?.note ?? "",
                                undoManager: undoManager)
            }
        }
        undoManager?.setActionName("Triage")
        changed()
    }

    func edit(_ text: String, host: String, undoManager: UndoManager?) {
        let before = document.domains.first { $0.host == host }?.editedText
        do {
            try document.edit(text, forHost: host)
        } catch {
            alertMessage = error.description
            return
        }
        undoManager?.registerUndo(withTarget: self) { model in
            MainActor.assumeIsolated {
                if let before {
                    model.edit(before, host: host, undoManager: undoManager)
                } else {
                    model.revert(host: host, undoManager: undoManager)
                }
            }
        }
        undoManager?.setActionName("Edit Association File")
        changed()
    }

    func revert(host: String, undoManager: UndoManager?) {
        let before = document.domains.first { $0.host == host }?.editedText
        do {
            try document.revert(host: host)
        } catch {
            alertMessage = error.description
            return
        }
        if let before {
            undoManager?.registerUndo(withTarget: self) { model in
                MainActor.assumeIsolated { model.edit(before, host: host, undoManager: undoManager) }
            }
            undoManager?.setActionName("Revert Association File")
        }
        changed()
    }

    /// Replaces the URL lines; the same text again changes nothing (showing the URL tab must
    /// not mark the session edited).
    func setURLLines(_ text: String) {
        guard text != document.urlLines else { return }
        document.setURLLines(text)
        changed()
    }

    /// Uses a dropped or chosen association file for `host` (read with a size cap).
    func useFile(at url: URL, forHost host: String) {
        do {
            let data = try BoundedFile.read(url, limit: BoundedFile.associationFileLimit)
            try document.useFile(data, name: url.lastPathComponent, forHost: host)
            changed()
        } catch let error as WorkbenchDocumentError {
            alertMessage = error.description
        } catch {
            alertMessage = "\(url.lastPathComponent) could not be read: \(error.localizedDescription)"
        }
    }

    func refetchAll() {
        document.refetchAll()
        persistWhenSettled()
    }

    func refetchSelectedHost() {
        guard let host = selectedHost else { return }
        refetch(host: host)
    }

    func refetch(host: String) {
        do { try document.refetch(host: host) } catch { alertMessage = error.description }
        persistWhenSettled()
    }

    func importDeviceState(from url: URL) {
        do {
            let data = try BoundedFile.read(url, limit: DeviceTools.maximumInputBytes)
            try document.importDeviceState(String(decoding: data, as: UTF8.self))
            changed()
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

    /// Refreshes the booted Simulators; the picker keeps "booted" when none is chosen.
    func loadSimulators() {
        runTool { [weak self] in
            guard let result = try? await ToolRunner.run(SimulatorCommands.listBootedDevices) else { return }
            let devices = SimulatorCommands.bootedDevices(fromJSON: Data(result.stdout.utf8))
            guard let self else { return }
            simulators = devices
            if simulatorUDID != "booted", !devices.contains(where: { $0.udid == simulatorUDID }) {
                simulatorUDID = "booted"
            }
        }
    }

    func openInSimulator(_ url: String) {
        let device = simulatorUDID
        runTool { [weak self] in
            do {
                let command = try SimulatorCommands.openURL(url, device: device)
                let result = try await ToolRunner.run(command)
                if result.status != 0 {
                    self?.alertMessage = SimulatorCommands.failureMessage(status: result.status, stderr: result.stderr)
                }
            } catch {
                self?.alertMessage = "\(error)"
            }
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

    // MARK: Session persistence

    /// Writes the session's bytes into the file document. Nothing to save yet (an app still
    /// being inspected) is not an error.
    func changed() {
        guard let persist, document.app != nil || !document.domains.isEmpty else { return }
        do { persist(try document.save()) } catch { alertMessage = error.description }
    }

    private func persistWhenSettled() {
        Task {
            await document.settled()
            changed()
        }
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
