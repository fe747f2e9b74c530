import Foundation

// A finished scan as a document (`linklab scan --save`): the scan's facts, no refetch.
extension WorkbenchDocument {
    /// Takes over the facts of a finished scan: app, every host's report (supplied files stay
    /// supplied), the URL entries (written back as URL lines) and the scan's "now".
    public func adopt(_ scan: Analysis, urls: [URLListEntry]) {
        reset()
        judgedAt = scan.now
        var next = settings
        next.offline = scan.offline
        settings = next
        let snapshot = scan.snapshot
        app = snapshot
        source = DocumentSource(name: URL(fileURLWithPath: snapshot.source.path).lastPathComponent,
                                size: Int64(clamping: snapshot.source.size), sha256: snapshot.source.sha256,
                                kind: snapshot.source.kind.rawValue, openedAt: scan.now)
        installHosts(for: snapshot)
        collectorNotes = scan.notes
        let byAuthority = Dictionary(scan.domains.map { (URLDecisions.authority(of: $0), $0) },
                                     uniquingKeysWith: { first, _ in first })
        for index in domains.indices {
            guard let report = byAuthority[domains[index].host] else { continue }
            domains[index].report = report
            if report.routes.map(\.route) == [.local] {
                domains[index].state = .supplied
            } else {
                domains[index].state = .done
                domains[index].fetched = report
                domains[index].fetchedAt = scan.now
            }
            domains[index].lint = domains[index].shownLint
        }
        let lines = urls.map { entry -> String in
            switch entry.expectation {
            case .mustOpen: return "= " + entry.url
            case .mustNotOpen: return "! " + entry.url
            case .none: return entry.url
            }
        }
        applyURLLines(lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n")
        recompute()
        setPhase(.ready)
        emit(.app)
        changed()
    }
}
