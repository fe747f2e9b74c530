import AndroidApp
import AssociationFetch
import Foundation

/// What an Android host served before a what-if edit, and its state then.
public struct AndroidServedFile: Sendable, Equatable {
    public var report: AssetLinksReport
    /// `done`, `supplied`, `pending` or `failed` (a fetch the edit overtook reads as `pending`).
    public var state: HostState

    public init(report: AssetLinksReport, state: HostState) {
        self.report = report
        self.state = state
    }
}

// The Android what-if: a host's `assetlinks.json` edited as text and decided as if the host
// served it, then reverted to what was fetched or supplied before, as the iOS what-if does.
extension WorkbenchDocument {
    /// The text the what-if editor shows for `host`'s `assetlinks.json`: the body that decides
    /// now (the edited text while edited), nil when nothing was fetched or supplied.
    func assetLinksText(forHost host: String) throws(WorkbenchDocumentError) -> ServedText? {
        let (part, index) = try androidHost(host)
        return part.assetLinks[index].result.map(ServedText.init)
    }

    /// What-if on Android: decides `host` as if it served `text` (UTF-8) as its
    /// `assetlinks.json`. An answer that came with HTTP 200 keeps its URL, status and headers
    /// and gets `text` as its body; with no such answer (not fetched, an error, a redirect, a
    /// supplied file) `text` is read as a file (`edited`). Lists the edited file no longer
    /// includes are dropped; lists it newly includes are not fetched. A browser's LF line
    /// breaks are put back to the served file's (`ServedText.restoringLineBreaks`). The host
    /// says `edited` until reverted, refetched or given a file; text equal to what it served
    /// before the edit is a revert. A fetch of the host still running is dropped. Throws
    /// `notClaimed` for a host the Android app does not verify.
    func editAssetLinks(_ text: String, forHost host: String) throws(WorkbenchDocumentError) {
        let (found, index) = try androidHost(host)
        var part = found
        let key = part.hosts[index]
        let served = part.servedBeforeEdit(at: index).report.result.map(ServedText.init)?.text
        let data = Data((served.map { ServedText.restoringLineBreaks(text, like: $0) } ?? text).utf8)
        // As long as a session may hold (SessionLimits), so every edit can be saved and reopened:
        // counted after the line breaks are put back (LF to CRLF may double a file).
        guard data.count <= SessionLimits.maxWhatIfDraftLength else {
            throw .unreadableInput("an edited file over \(SessionLimits.maxWhatIfDraftLength) bytes")
        }
        guard part.applyEdit(data, at: index) else {
            if part.beforeEdit[key] != nil { try revertAssetLinks(host: key) }
            return
        }
        androidHostGenerations[key, default: 0] += 1
        android = part
        androidChanged(host: key)
    }

    /// Returns an edited Android host to what it served before the edit (fetched, supplied or
    /// not fetched), in the state it had. A host that is not edited stays as it is.
    func revertAssetLinks(host: String) throws(WorkbenchDocumentError) {
        let (found, index) = try androidHost(host)
        var part = found
        let key = part.hosts[index]
        guard let before = part.beforeEdit[key] else { return }
        androidHostGenerations[key, default: 0] += 1
        part.assetLinks[index] = before.report
        part.states[key] = before.state
        part.beforeEdit[key] = nil
        android = part
        androidChanged(host: key)
    }

    /// The Android hosts edited by a what-if, in the APK's order.
    var editedAssetLinksHosts: [String] {
        guard let part = android else { return [] }
        return part.hosts.filter { part.states[$0] == .edited }
    }

    /// The Android half and the index of `host` among its file hosts, read as `index(of:)` reads
    /// an iOS host (case-insensitive, surrounding spaces ignored).
    func androidHost(_ host: String) throws(WorkbenchDocumentError) -> (AndroidDocumentApp, Int) {
        let key = host.lowercased().trimmingCharacters(in: .whitespaces)
        guard let part = android, let index = part.hosts.firstIndex(of: key) else {
            throw .notClaimed(host)
        }
        return (part, index)
    }

    /// `base` (a 200 answer: its URL, status, headers and timings kept) answering `data`, or
    /// `data` as an edited file when `base` is no such answer. Cut at Android's 1 MiB cap.
    nonisolated static func assetLinksWhatIf(_ data: Data, on base: RouteResult?) -> RouteResult {
        let limit = AssetLinksPolicy.bodyLimit
        guard var result = base, result.route != .local, result.error == nil, result.status == 200 else {
            return localRoute(data, name: "edited", limit: limit)
        }
        result.redirect = nil
        return carrying(result, body: data, limit: limit)
    }
}

extension AndroidDocumentApp {
    /// What host `index` served before any what-if: kept from the first edit, else what it holds
    /// now (a fetch still running reads as `pending`).
    func servedBeforeEdit(at index: Int) -> AndroidServedFile {
        let key = hosts[index]
        return beforeEdit[key]
            ?? AndroidServedFile(
                report: assetLinks[index], state: states[key] == .fetching ? .pending : states[key] ?? .pending)
    }

    /// Host `index` decided as if it served `data` (see `WorkbenchDocument.edit(_:forHost:on:)`):
    /// its report, its state `edited` and what it served before. False, and nothing changed,
    /// when `data` is what it served before the edit.
    mutating func applyEdit(_ data: Data, at index: Int) -> Bool {
        let key = hosts[index]
        let before = servedBeforeEdit(at: index)
        if let body = before.report.result?.body, body == data { return false }
        var report = AssetLinksReport(
            host: key, result: WorkbenchDocument.assetLinksWhatIf(data, on: before.report.result),
            google: before.report.google)
        let includes = report.file?.includes ?? []
        report.included = before.report.included.filter { includes.contains($0.url) }
        assetLinks[index] = report
        beforeEdit[key] = before
        states[key] = .edited
        return true
    }
}
