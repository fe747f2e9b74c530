import AppKit
import DeviceTools
import Findings
import Observation
import Reports
import SiteAssociation
import UniformTypeIdentifiers
import Workbench

/// One document window's state: the workbench document (the engine's, shared with the web
/// face) plus what only this window needs (selection, search, which sheet is open). Intents go
/// straight to the document; undo is registered here because only a window has an undo manager.
@MainActor @Observable
final class WindowModel {
    enum Kind { case appArchive, session }
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
    let kind: Kind

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
    var isImportingDeviceState = false
    var appleAnswers: [String: AppleAnswerState] = [:]

    /// Writes the session's bytes back into its file document (session windows only).
    @ObservationIgnored var persist: (@MainActor (Data) -> Void)?

    init(settings: WorkbenchSettings, kind: Kind) {
        document = WorkbenchDocument(settings: settings)
        self.kind = kind
    }

    // MARK: Derived state (all decisions in the package)

    var findingList: FindingList { FindingList(document.findings, query: findingQuery, statuses: statusFilter) }
    var isReady: Bool { document.phase == .ready }
    var hasDomains: Bool { !document.domains.isEmpty }
    var canSaveSessionAs: Bool { kind == .appArchive && isReady }
    var selected: TriagedFinding? { document.findings.first { $0.fingerprint == selectedFinding } }
    var appIDs: Set<String> { Set(document.app?.bundles.compactMap(\.applicationIdentifier) ?? []) }
    var sourceName: String? { document.source?.name }

    // MARK: Opening

    func openApp(at url: URL) {
        document.openApp(at: url)
    }

    func openSession(_ data: Data) {
        do { try document.openSession(data) } catch { alertMessage = error.description }
    }

    func close() { document.close() }

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

    func setURLLines(_ text: String) {
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

    func requestExport(_ format: ReportFormat) {
        do {
            let data = try document.export(format)
            exportRequest = ExportRequest(
                file: ReportFile(data: data, contentType: format.contentType),
                defaultName: ExportNaming.fileName(source: sourceName, fileExtension: format.rawValue, date: Date()))
        } catch {
            alertMessage = error.description
        }
    }

    func requestSessionExport() {
        do {
            exportRequest = ExportRequest(file: ReportFile(data: try document.save(), contentType: .linkLabSession),
                                          defaultName: ExportNaming.sessionName(source: sourceName))
        } catch {
            alertMessage = error.description
        }
    }

    var shareItem: ReportShareItem {
        let name = ExportNaming.fileName(source: sourceName, fileExtension: "pdf", date: Date())
        return ReportShareItem(fileName: name) { [weak self] in
            try await MainActor.run {
                guard let self else { throw CocoaError(.userCancelled) }
                return try self.document.export(.pdf)
            }
        }
    }

    // MARK: Mac-only tools

    enum AppleAnswerState {
        case running
        case answered(AppleMatcherAnswer)
        case failed(String)
    }

    func openInSimulator(_ url: String) {
        Task {
            do {
                let command = try SimulatorCommands.openURL(url)
                let result = try await ToolRunner.run(command)
                if result.status != 0 {
                    alertMessage = SimulatorCommands.failureMessage(status: result.status, stderr: result.stderr)
                }
            } catch {
                alertMessage = "\(error)"
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

    func askApple(url: String, host: String) {
        guard let command = appleMatcherCommand(url: url, host: host) else { return }
        appleAnswers[url] = .running
        let ids = appIDs
        Task {
            do {
                let result = try await ToolRunner.run(SwcutilCommands.withAdministratorPrompt(command))
                let answer = AppleMatcherAnswer.parse(stdout: result.stdout, stderr: result.stderr, appIDs: ids)
                appleAnswers[url] = .answered(answer)
            } catch {
                appleAnswers[url] = .failed("\(error)")
            }
        }
    }

    func copyToPasteboard(_ text: String) {
        NSPasteboard.general.clearContents()
        NSPasteboard.general.setString(text, forType: .string)
    }

    // MARK: Session persistence

    private func changed() {
        guard kind == .session, let persist else { return }
        do { persist(try document.save()) } catch { alertMessage = error.description }
    }

    private func persistWhenSettled() {
        guard kind == .session else { return }
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
