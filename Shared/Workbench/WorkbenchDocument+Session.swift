import AssociationFetch
import Foundation
import Reports

// Save and open: the document as a `.linklab` session file (docs/workbench.md).
extension WorkbenchDocument {
    /// The bytes of a session file of the current state. `savedAt` stays the opened file's when
    /// nothing changed since it was opened, so re-saving an unchanged session keeps every byte.
    /// The opened session's drafts (`SessionFile.drafts`, the Mac app's) are written back as
    /// they were: a face that does not show them never drops them.
    public func save() throws(WorkbenchDocumentError) -> Data {
        try save(drafts: openedSession?.drafts)
    }

    /// The bytes of a session file of the current state with `drafts` as its drafts part (nil:
    /// none). `SessionController` writes its window's drafts this way.
    public func save(drafts: SessionDrafts?) throws(WorkbenchDocumentError) -> Data {
        guard app != nil || !domains.isEmpty || android != nil else { throw .notReady }
        let savedAt = changedSinceOpen ? now() : (openedSession?.savedAt ?? now())
        var file = sessionFile(savedAt: savedAt)
        file.drafts = drafts.flatMap { $0.isEmpty ? nil : $0 }
        do {
            return try file.encoded()
        } catch {
            throw .exportFailed(error.description)
        }
    }

    /// The session file of the current state.
    public func sessionFile(savedAt: Date) -> SessionFile {
        let stored = domains.map { entry -> SessionHost in
            var state = entry.state
            if state == .fetching { state = entry.report == nil ? .pending : .done }
            if state == .pending, entry.fetched != nil { state = .done }
            let decides = state == .supplied || state == .edited
            return SessionHost(
                host: entry.host, entries: entry.entries, services: entry.services, route: entry.route,
                state: state, fetchedAt: entry.fetchedAt, fetched: entry.fetched.map(SessionReport.init),
                previous: entry.previous.map(SessionReport.init),
                decided: decides ? entry.report.map(SessionReport.init) : nil,
                editedText: state == .edited ? entry.editedText : nil,
                served: state == .edited ? entry.served.map(SessionReport.init) : nil)
        }
        // Supplied files are recorded by the names the tester gave them, not the folders they sit in.
        var recorded = describedSettings
        recorded.suppliedFiles = recorded.suppliedFiles.mapValues { ShownFileName.of($0) }
        recorded.suppliedAssetLinks = recorded.suppliedAssetLinks.mapValues { ShownFileName.of($0) }
        var file = SessionFile(
            format: SessionFile.formatName, schemaVersion: android == nil ? 1 : 2,
            tool: .current, savedAt: savedAt, judgedAt: judgedAt, source: source, settings: recorded,
            app: app, hosts: stored, urlLines: urlLines, triage: triage, urlTests: urlTests,
            findings: findings.map(SessionFinding.init), notes: collectorNotes,
            deviceState: deviceState.isEmpty ? nil : deviceState,
            engagement: engagement.isEmpty ? nil : engagement)
        file.android = android.map(SessionAndroidApp.init)
        file.probes = sessionProbes
        return file
    }

    /// Restores every fact of a session file without network and recomputes verdicts and
    /// findings with this engine. A refused file leaves the document as it was.
    public func openSession(_ data: Data) throws(WorkbenchDocumentError) {
        let file: SessionFile
        do {
            file = try SessionFile.read(data)
        } catch {
            throw .unreadableSession(error.description)
        }
        var restored: [String: (SessionHost, DomainReport?, DomainReport?, DomainReport?, DomainReport?)] = [:]
        for (index, host) in file.hosts.enumerated() {
            do {
                let fetched = try host.fetched?.domainReport()
                let previous = try host.previous?.domainReport()
                let decided = try host.decided?.domainReport()
                let served = try host.served?.domainReport()
                restored[host.host] = (host, fetched, previous, decided, served)
            } catch {
                throw .unreadableSession(
                    SessionFileError.invalidField(
                        "hosts[\(index)]",
                        error.description
                    ).description)
            }
        }
        let androidApp: AndroidDocumentApp?
        do {
            androidApp = try file.android?.documentApp()
        } catch {
            throw .unreadableSession(error.description)
        }
        reset()
        android = androidApp
        // Recorded, not applied (`recordedSettings`): offline, the CDN base, timeouts, routes and
        // supplied files keep coming from this document's own settings.
        recordedSettings = file.settings
        judgedAt = file.judgedAt
        source = file.source
        if let snapshot = file.app {
            app = snapshot
            installHosts(for: snapshot)
        } else {
            for host in file.hosts {
                guard let fetchHost = try? FetchHost.parse(host.entries.first ?? host.host) else { continue }
                let scanHost =
                    ScanHost(
                        entry: fetchHost.entry, fetchHost: fetchHost, services: host.services, modes: [],
                        bundles: [], appIDs: [], suppliedFile: nil)
                hosts.append(scanHost)
                plan.append(scanHost)
                domains.append(
                    DomainEntry(
                        host: host.host, entries: host.entries, services: host.services,
                        state: .pending, route: host.route))
            }
        }
        collectorNotes = file.notes
        deviceState = file.deviceState ?? []
        for index in domains.indices {
            guard let (host, fetched, previous, decided, served) = restored[domains[index].host] else { continue }
            var entry = domains[index]
            entry.fetched = fetched
            entry.previous = previous
            entry.fetchedAt = host.fetchedAt
            entry.route = host.route
            switch host.state {
            case .supplied, .edited:
                entry.state = host.state
                entry.report = decided
                entry.editedText = host.state == .edited ? host.editedText : nil
                entry.served = host.state == .edited ? served : nil
                if host.state == .edited {
                    // An edit changes one route's body, not what was served: the CDN/origin
                    // comparison stays the served one's (as `edit(_:forHost:)` keeps it), never
                    // the edited copy's against the origin's.
                    entry.report?.cdnOriginDiff = (served ?? fetched)?.cdnOriginDiff
                }
            case .done, .failed:
                entry.state = host.state
                entry.report = fetched
            case .pending, .fetching:
                entry.state = .pending
                entry.report = nil
            }
            entry.lint = entry.shownLint
            domains[index] = entry
        }
        triage = file.triage
        engagement = file.engagement ?? Engagement()
        attackerHost = file.probes?.attackerHost ?? ProbeKit.defaultAttackerHost
        probeOutcomes = file.probes?.outcomes ?? []
        applyURLLines(file.urlLines)
        recompute()
        var evaluation: [String] = []
        if file.tool.ruleSet != SessionTool.ruleSetIdentifier || file.tool.version != Workbench.version {
            evaluation.append(
                "re-evaluated with linklab \(Workbench.version) (\(SessionTool.ruleSetIdentifier)); "
                    + "saved by \(SessionFileError.clip(file.tool.version)) "
                    + "(\(SessionFileError.clip(file.tool.ruleSet)))"
            )
        }
        let saved = Set(file.findings.map(\.fingerprint))
        let now = Set(findings.map(\.fingerprint))
        if saved != now {
            evaluation.append(
                "findings differ from those saved: \(now.subtracting(saved).count) new, "
                    + "\(saved.subtracting(now).count) gone with this engine")
        }
        if let note = Self.recordedSettingsNote(file.settings, applied: settings) { evaluation.append(note) }
        evaluationNotes = evaluation
        notes = evaluationNotes + (analysis?.notes ?? collectorNotes)
        setPhase(.ready)
        emit(.app)
        for entry in domains { emit(.host(entry.host)) }
        emit(.urlTests)
        emit(.findings)
        emit(.probes)
        changed()
        openedSession = file
        changedSinceOpen = false
    }

    /// Parses URL lines into entries (bad lines become problems), without recomputing. With an
    /// Android app, custom-scheme URLs are entries too (Android decides them; iOS decides only
    /// the http(s) ones), as `scan app.ipa app.apk` reads its list.
    func applyURLLines(_ text: String) {
        let schemes: URLSchemes = android == nil ? .web : .webOrCustom
        urlLines = text
        var entries: [URLListEntry] = []
        var problems: [String] = []
        var issues: [URLLineIssue] = []
        for (number, line) in URLList.numberedLines(text) {
            guard entries.count < URLList.maxURLs else {
                problems.append("more than \(URLList.maxURLs) URLs: the rest are not decided")
                issues.append(URLLineIssue(line: nil, text: "", message: problems[problems.count - 1]))
                break
            }
            guard line.utf8.count <= URLList.maxLineLength else {
                problems.append(FindingsError.lineTooLong(line: number, limit: URLList.maxLineLength).description)
                issues.append(
                    URLLineIssue(
                        line: number, text: String(line.prefix(200)) + "…",
                        message: problems[problems.count - 1]))
                continue
            }
            do {
                if let entry = try URLList.entry(String(line), line: number, schemes: schemes) {
                    entries.append(entry)
                }
            } catch {
                problems.append(error.description)
                issues.append(URLLineIssue(line: number, text: String(line), message: error.reason))
            }
        }
        urlEntries = entries
        urlLineProblems = problems
        urlLineIssues = issues
    }
}

extension WorkbenchDocument {
    /// How the hosts are described (offline or not): as the opened session recorded them, until
    /// a refetch makes them this document's own.
    var describedSettings: WorkbenchSettings { recordedSettings ?? settings }

    /// After a refetch the hosts are this document's own: the recorded settings (and their note)
    /// no longer describe them.
    func forgetRecordedSettings() {
        guard let recorded = recordedSettings else { return }
        recordedSettings = nil
        if let note = Self.recordedSettingsNote(recorded, applied: settings) {
            evaluationNotes.removeAll { $0 == note }
            notes.removeAll { $0 == note }
        }
    }

    /// What a session's recorded fetch settings say when they differ from the ones applied: shown,
    /// so a tester sees how the file was made, and that it does not change this workbench.
    static func recordedSettingsNote(_ recorded: WorkbenchSettings, applied: WorkbenchSettings) -> String? {
        let recordedFetch = FetchSettingsRecord(recorded.fetch)
        let appliedFetch = FetchSettingsRecord(applied.fetch)
        var differences: [String] = []
        if recorded.offline != applied.offline { differences.append(recorded.offline ? "offline" : "online") }
        if recordedFetch.cdnBase != appliedFetch.cdnBase {
            differences.append("CDN base \(SessionFileError.clip(recordedFetch.cdnBase))")
        }
        if recordedFetch.routes != appliedFetch.routes {
            differences.append("routes " + recordedFetch.routes.map(\.rawValue).joined(separator: ", "))
        }
        if recordedFetch.timeoutMs != appliedFetch.timeoutMs {
            differences.append("timeout \(recordedFetch.timeoutMs) ms")
        }
        if recordedFetch.bodyLimit != appliedFetch.bodyLimit {
            differences.append("body limit \(recordedFetch.bodyLimit) bytes")
        }
        if recordedFetch.userAgent != appliedFetch.userAgent
            || recordedFetch.browserUserAgent != appliedFetch.browserUserAgent
            || recordedFetch.browserProbe != appliedFetch.browserProbe
        {
            differences.append("other user agents")
        }
        if recorded.askGoogle != applied.askGoogle {
            differences.append(recorded.askGoogle ? "Google's Digital Asset Links API asked" : "Google's API not asked")
        }
        if !recorded.suppliedFiles.isEmpty {
            differences.append(
                """
                \(recorded.suppliedFiles.count) supplied file\(recorded.suppliedFiles.count == 1 ? "" : "s")
                """)
        }
        if !recorded.suppliedAssetLinks.isEmpty {
            let count = recorded.suppliedAssetLinks.count
            differences.append("\(count) supplied assetlinks.json file\(count == 1 ? "" : "s")")
        }
        guard !differences.isEmpty else { return nil }
        return "the session was recorded with other fetch settings (" + differences.joined(separator: "; ")
            + "): shown, not applied — a refetch here uses this workbench's own settings ("
            + (applied.offline ? "offline" : "online") + ")"
    }
}
