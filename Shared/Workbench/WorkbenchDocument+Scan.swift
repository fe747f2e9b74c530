import Foundation

// A finished scan as a document (`linklab scan --save`): the scan's facts, no refetch.
extension WorkbenchDocument {
    /// Takes over the facts of a finished product scan (`ProductScan`): each app it holds, by
    /// `adopt(_:urls:)` and `adopt(android:urlLines:)`, with `urls` as the document's URL lines.
    public func adopt(_ product: ProductAnalysis, urls: [URLListEntry]) {
        if let ios = product.ios { adopt(ios, urls: urls) }
        if let android = product.android {
            adopt(android: android, urlLines: product.ios == nil ? urls.map(URLList.line) : nil)
        }
    }

    /// Takes over the facts of a finished Android scan (`scan app.apk`, or the Android half of
    /// `scan app.ipa app.apk` after `adopt(_:urls:)`): the APK as read, the API level modelled and
    /// each host's answer (a supplied file stays supplied; a host not fetched stays pending). An
    /// iOS half the document holds is kept; alone, the scan's URL lines become the document's.
    public func adopt(android scan: AndroidAnalysis, urlLines lines: [String]? = nil) {
        androidGeneration += 1
        if app == nil, domains.isEmpty {
            reset()
            var next = settings
            next.offline = scan.facts.offline
            settings = next
            source = DocumentSource(name: scan.inputName, size: 0, sha256: "", kind: "apk", openedAt: now())
        }
        let reports = scan.facts.assetLinks
        android = AndroidDocumentApp(
            name: scan.inputName, sdk: scan.facts.sdk, snapshot: scan.snapshot, assetLinks: reports,
            states: Dictionary(
                reports.map { report in
                    (
                        report.host,
                        report.result == nil
                            ? HostState.pending
                            : report.result?.route == .local ? .supplied : .done
                    )
                }, uniquingKeysWith: { first, _ in first }))
        androidNotes = []
        androidHostGenerations = [:]
        applyURLLines(lines.map { $0.isEmpty ? "" : $0.joined(separator: "\n") + "\n" } ?? urlLines)
        recompute()
        if app == nil, domains.isEmpty { setPhase(.ready) }
        emit(.app)
        changed()
    }

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
        source = DocumentSource(
            name: URL(fileURLWithPath: snapshot.source.path).lastPathComponent,
            size: Int64(clamping: snapshot.source.size), sha256: snapshot.source.sha256,
            kind: snapshot.source.kind.rawValue, openedAt: scan.now)
        installHosts(for: snapshot)
        collectorNotes = scan.notes
        let byAuthority = Dictionary(
            scan.domains.map { (URLDecisions.authority(of: $0), $0) },
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
