import AppInspection
import Findings
import Foundation
import Reports

extension Analysis {
    /// The face-neutral report of this analysis: identity, scope, findings, then the evidence
    /// as appendices (associated domains, domains per route, URL verdicts with traces,
    /// dynamic-testing helpers, entitlements). `engagement` prints client, tester, scope, dates.
    /// Deterministic: `generatedAt` is printed only when given, stage timings only when
    /// `timings` is true. `triage` (keyed by `Finding.fingerprint`) moves false-positive and
    /// accepted-risk findings to the "Triaged" section and shows other statuses inline.
    public func reportDocument(
        toolVersion: String, generatedAt: Date? = nil, triage: [String: Triage] = [:],
        timings: Bool = false, engagement: Engagement = Engagement()
    ) -> ReportDocument {
        var document = ReportDocument(
            title: "Universal links assessment: \(appName)",
            subtitle: URL(fileURLWithPath: snapshot.source.path).lastPathComponent,
            identity: identity,
            generatedBy: noteAudience.generatedBy(toolVersion: toolVersion),
            generatedAt: generatedAt,
            findings: findings,
            sections: [scopeSection(timings: timings), ReportSection(title: "Findings", blocks: [.findings(findings)])]
                + [ProbeFacts.reportSection(probeObservations)].compactMap { $0 }
                + [associatedDomainsSection, domainsSection, urlTestsSection, dynamicTestingSection].map { section in
                    ReportSection(title: section.title, blocks: section.blocks, isAppendix: true)
                },
            entitlements: snapshot.bundles.map { bundle in
                EntitlementsListing(bundle: bundle.path, text: Self.prettyJSON(bundle.entitlements))
            },
            triage: triage,
            engagement: engagement
        )
        if let notice = whatIfNotice {
            document.markWhatIf(notice: notice, hosts: whatIfHosts, dependsOnEdit: dependsOnWhatIf)
        }
        document.run = ReportRun(
            artifacts: [
                ReportRun.Artifact(
                    name: URL(fileURLWithPath: snapshot.source.path).lastPathComponent,
                    sha256: snapshot.source.sha256.isEmpty ? nil : snapshot.source.sha256)
            ],
            subject: snapshot.mainBundle?.bundleIdentifier ?? appName, whatIfHosts: whatIfHosts)
        return document
    }

    /// The app's display name: the main executable's name, else the bundle folder's.
    public var appName: String {
        guard let main = snapshot.mainBundle else {
            return URL(fileURLWithPath: snapshot.source.path).lastPathComponent
        }
        if let executable = main.executable, !executable.isEmpty { return executable }
        let last = main.path.split(separator: "/").last.map(String.init) ?? main.path
        return last.hasSuffix(".app") ? String(last.dropLast(4)) : last
    }

    private var identity: [KeyValue] {
        var pairs = [KeyValue("App", appName)]
        let main = snapshot.mainBundle
        pairs.append(KeyValue("Bundle identifier", main?.bundleIdentifier ?? "unknown"))
        pairs.append(
            KeyValue(
                "Application identifier",
                main?.applicationIdentifier ?? "none (not signed with entitlements)"))
        pairs.append(KeyValue("Team", main?.teamIdentifier ?? "unknown"))
        let version: String
        switch (main?.shortVersion, main?.version) {
        case (let short?, let build?) where short != build: version = "\(short) (\(build))"
        case (let short?, _): version = short
        case (nil, let build?): version = build
        default: version = "unknown"
        }
        pairs.append(KeyValue("Version", version))
        pairs.append(
            KeyValue(
                "Input",
                """
                \(URL(fileURLWithPath: snapshot.source.path).lastPathComponent) \
                (\(snapshot.source.kind.rawValue), \(snapshot.source.size) bytes)
                """))
        pairs.append(KeyValue("Input SHA-256", snapshot.source.sha256.isEmpty ? "unknown" : snapshot.source.sha256))
        return pairs
    }

    private func scopeSection(timings showTimings: Bool) -> ReportSection {
        let network =
            offline
            ? """
            Offline: no network was used. \(noteAudience.suppliedFiles()) stand in for what the domains serve; \
            other domains were not fetched.
            """
            : """
            Each domain's association file was fetched as Apple does: from Apple's CDN, from the origin's \
            /.well-known path and from the legacy root path, concurrently, over HTTPS only, without following \
            redirects, reading at most 128 KiB.
            """
        var facts = [
            KeyValue("Bundles", String(snapshot.bundles.count)),
            KeyValue("Associated-domain hosts", hosts.isEmpty ? "none" : hosts.map(\.entry).joined(separator: ", ")),
            KeyValue("Domains fetched or supplied", String(domains.count)),
            KeyValue("URLs tested", String(urlTests.count)),
        ]
        if showTimings {
            // Off by default: timings differ between two runs of the same input.
            facts.append(
                KeyValue(
                    "Stage timings",
                    timings.isEmpty
                        ? "n/a" : timings.map { "\($0.stage.rawValue) \($0.milliseconds) ms" }.joined(separator: ", ")))
        }
        var blocks: [ReportBlock] = [
            .paragraph(
                """
                This report covers the universal links of the app: what its bundles claim in their signed \
                entitlements, what each claimed domain serves, how Apple's matcher decides the URLs the tester \
                supplied, and the findings drawn from these facts.\n\n\(network)
                """),
            .keyValues(facts),
        ]
        if !notes.isEmpty {
            blocks.append(.heading("Not used"))
            blocks.append(.paragraph(notes.joined(separator: "\n")))
        }
        let diagnostics = snapshot.diagnostics.filter { $0.severity != "info" }
        if !diagnostics.isEmpty {
            blocks.append(.heading("Inspection diagnostics"))
            blocks.append(
                .table(
                    ReportTable(
                        columns: ["Severity", "ID", "Message"],
                        rows: diagnostics.map { diagnostic in
                            [
                                diagnostic.severity, diagnostic.id,
                                diagnostic.path.map { "\($0): \(diagnostic.message)" } ?? diagnostic.message,
                            ]
                        })))
        }
        return ReportSection(title: "Scope and method", blocks: blocks)
    }

    private var associatedDomainsSection: ReportSection {
        var rows: [[String]] = []
        for bundle in snapshot.bundles {
            for domain in bundle.associatedDomains {
                rows.append([
                    bundle.path, domain.service, domain.raw, domain.modes.joined(separator: ", "),
                    domain.problems.isEmpty
                        ? "ok"
                        : domain.problems.map { "\($0.severity.rawValue): \($0.message)" }.joined(separator: "\n"),
                ])
            }
        }
        let blocks: [ReportBlock] =
            rows.isEmpty
            ? [
                .paragraph(
                    """
                    No bundle declares com.apple.developer.associated-domains: the app does not use universal links.
                    """)
            ]
            : [.table(ReportTable(columns: ["Bundle", "Service", "Entry", "Modes", "Entry check"], rows: rows))]
        return ReportSection(title: "Associated domains", blocks: blocks)
    }

    private var domainsSection: ReportSection {
        guard !domains.isEmpty else {
            return ReportSection(title: "Domains", blocks: [.paragraph("No domain to fetch.")])
        }
        var blocks: [ReportBlock] = []
        for report in domains {
            blocks.append(.heading(domainHeading(report)))
            blocks.append(
                .table(
                    ReportTable(
                        columns: ["Route", "URL", "Status", "Bytes", "Headers ms", "Total ms", "Outcome", "Details"],
                        rows: report.routes.map { routeRow($0, report: report) })))
            var notes: [String] = []
            if let diff = report.cdnOriginDiff {
                notes.append(
                    diff.isEquivalent
                        ? "CDN and origin copies mean the same."
                        : "CDN and origin copies differ: " + diff.changes.joined(separator: "; "))
            }
            if let probe = report.browserProbe { notes.append("Browser-agent probe: \(probe.summary).") }
            if let effective = report.routes.first(where: { $0.file != nil }) {
                let ids = effective.file?.applinksAppIDs ?? []
                notes.append("applinks app IDs: " + (ids.isEmpty ? "none" : ids.joined(separator: ", ")))
                let counts = Dictionary(grouping: effective.diagnostics, by: \.severity).mapValues(\.count)
                if !effective.diagnostics.isEmpty {
                    notes.append(
                        "Lint: "
                            + ["error", "warning", "info"].compactMap { key in
                                counts[key].map { $0 == 1 || key == "info" ? "\($0) \(key)" : "\($0) \(key)s" }
                            }.joined(separator: ", ")
                            + " (" + effective.diagnostics.map(\.id).joined(separator: ", ") + ")")
                }
            }
            if !notes.isEmpty { blocks.append(.paragraph(notes.joined(separator: "\n"))) }
        }
        return ReportSection(title: "Domains", blocks: blocks)
    }

    /// The host, and where its file came from when that is another host: "fetched from" for
    /// a fetch, "file supplied for" when the tester supplied it (nothing was fetched).
    private func domainHeading(_ report: DomainReport) -> String {
        guard report.host != report.fetchedHost else { return report.host }
        let supplied = report.routes.contains { $0.route == .local }
        return "\(report.host) (\(supplied ? "file supplied for" : "fetched from") \(Self.authority(report)))"
    }

    private func routeRow(_ result: RouteResult, report: DomainReport) -> [String] {
        let url: String
        if result.route == .local {
            let file =
                hosts.first { $0.fetchHost.authority == Self.authority(report) && $0.suppliedFile != nil }?.suppliedFile
                ?? result.url
            url = "supplied file " + URL(fileURLWithPath: file).lastPathComponent
        } else {
            url = result.url
        }
        var details: [String] = []
        if let error = result.error { details.append(error.description) }
        if let location = result.redirectLocation { details.append("Location: \(location)") }
        if let reason = result.appleFailureReason { details.append("Apple-Failure-Reason: \(reason)") }
        if let type = result.contentType, result.hasUnexpectedContentType { details.append("Content-Type: \(type)") }
        if result.truncated { details.append("stopped reading at the 128 KiB cap") }
        if result.deviceAccepts == false { details.append("a device's strict JSON parser rejects this body") }
        return [
            result.route.rawValue, url, result.status.map(String.init) ?? "—", String(result.bytes),
            result.timeToHeadersMs.map(String.init) ?? "—", result.totalMs.map(String.init) ?? "—",
            result.outcome.rawValue, details.joined(separator: "\n"),
        ]
    }

    /// Most URL rows in the report's verdict table (the JSON report has them all).
    public static let maxURLRows = 1_000
    /// Most URL traces printed in the report; URLs the tester gave an expectation for come first.
    public static let maxURLTraces = 100

    private var urlTestsSection: ReportSection {
        guard !urlTests.isEmpty else {
            return ReportSection(
                title: "URL tests",
                blocks: [.paragraph("No URL was given (\(noteAudience.givingURLs)).")])
        }
        let numbered = Array(urlTests.enumerated())
        let listed = Array(numbered.prefix(Self.maxURLRows))
        // The PDF's form names "this app" once and states once the verdict another app gets in
        // most rows; a row lists that app only where its verdict differs.
        let thisApp = listed.lazy.compactMap { self.appVerdict($0.element)?.appID }.first
        let usual = TraceDigest.usualTexts(listed.map(\.element.verdicts), except: thisApp, text: Self.verdictText)
        func row(_ index: Int, _ test: URLTest, compact: Bool) -> [String] {
            // Every verdict names its app ID, the audited app's first ("this app").
            let mine = appVerdict(test)
            var lines = [
                mine.map { (compact ? "this app" : "\($0.appID) (this app)") + ": \(Self.verdictText($0))" }
                    ?? "no verdict for the app"
            ]
            for other in test.verdicts where other.appID != mine?.appID {
                let text = Self.verdictText(other)
                if compact, usual.contains(where: { $0.appID == other.appID && $0.text == text }) { continue }
                lines.append("\(other.appID): \(text)")
            }
            return [
                String(index + 1), test.url, Self.expectationText(test.expectation),
                lines.joined(separator: "\n"),
                mine.map(Self.ruleText) ?? "—",
                (test.domain ?? "—") + (test.domain.map { whatIfHosts.contains($0) } == true ? " [what-if]" : ""),
            ]
        }
        var note = thisApp.map { "In the Verdict column, \"this app\" is \($0)." } ?? ""
        for entry in usual {
            note +=
                " Where a row does not name \(entry.appID), its verdict is \(entry.text) (\(entry.count) of "
                + "\(listed.count) URLs)."
        }
        note += " The HTML and JSON reports name every app in every row."
        var blocks: [ReportBlock] = [
            .paragraph(
                """
                Each URL was decided by the matcher that reproduces iOS, for the app's IDs and every other app the \
                domain's file names. \"!\" marks a URL the tester says must not open the app, \"=\" one that must.
                """),
            .table(
                ReportTable(
                    columns: ["#", "URL", "Expected", "Verdict", "Rule", "Domain"],
                    rows: listed.map { row($0.offset, $0.element, compact: false) },
                    compact: CompactForm(
                        columns: ["#", "URL", "Expected", "Verdict", "Rule", "Domain"],
                        rows: listed.map { row($0.offset, $0.element, compact: true) },
                        note: note.trimmingCharacters(in: .whitespaces)))),
        ]
        if urlTests.count > Self.maxURLRows {
            blocks.append(
                .paragraph(
                    """
                    \(urlTests.count - Self.maxURLRows) more URLs are not listed here; \(noteAudience.jsonReport) has \
                    every verdict and trace.
                    """))
        }
        let traced =
            (numbered.filter { $0.element.expectation != .none } + numbered.filter { $0.element.expectation == .none })
            .prefix(Self.maxURLTraces)
            .sorted { $0.offset < $1.offset }
        // The decision and deciding step another app gets for most traced URLs is said once,
        // above the PDF's table; a URL's rows list that app only where it differs.
        func stepText(_ verdict: AppVerdict) -> String {
            let (decision, step) = TraceDigest.iosDecidingStep(verdict)
            return step.isEmpty ? decision : decision + " — " + step
        }
        let usualSteps = TraceDigest.usualTexts(traced.map(\.element.verdicts), except: thisApp, text: stepText)
        var traceNote = TraceDigest.iosNote(noteAudience)
        for entry in usualSteps {
            traceNote +=
                " Where a URL's rows do not name \(entry.appID), its decision is: \(entry.text) "
                + "(\(entry.count) of \(traced.count) URLs)."
        }
        for (index, test) in traced {
            var lines: [String] = []
            for verdict in test.verdicts {
                lines.append("[\(verdict.appID)] \(verdict.decision.rawValue)")
                lines.append(contentsOf: verdict.trace.map { "  " + $0 })
            }
            let shown = test.verdicts.filter { verdict in
                !usualSteps.contains { $0.appID == verdict.appID && $0.text == stepText(verdict) }
            }
            let compact = CompactForm(
                columns: TraceDigest.iosColumns,
                rows: TraceDigest.iosRows(
                    number: index + 1, url: test.url,
                    verdicts: shown.isEmpty ? test.verdicts : shown),
                note: traceNote)
            blocks.append(
                .code(
                    CodeBlock(
                        caption: "Trace \(index + 1): \(test.url)",
                        text: lines.joined(separator: "\n"),
                        compact: compact)))
        }
        if urlTests.count > traced.count {
            blocks.append(.paragraph("Traces of \(urlTests.count - traced.count) more URLs are in the JSON report."))
        }
        return ReportSection(title: "URL tests", blocks: blocks)
    }

    private var dynamicTestingSection: ReportSection {
        let commands = fridaCommands
        var blocks: [ReportBlock] = [
            .paragraph(
                """
                Static verdicts say what iOS would do; confirm them on a device. Open each link from another app \
                (Notes, Messages, or \(noteAudience.testLinkPage)): \
                universal links typed into Safari's address bar never open an app. While tapping, trace the receivers \
                below to see which URLs reach the app and what it does with them.
                """)
        ]
        if commands.isEmpty {
            blocks.append(
                .paragraph(
                    """
                    No link receiver was found in the binaries (or the main binary is encrypted): hook \
                    application:continueUserActivity:restorationHandler: and scene:continueUserActivity: on the class \
                    that \
                    implements them.
                    """))
        } else {
            blocks.append(
                .code(
                    CodeBlock(
                        caption: "frida-trace (spawns the app on a USB device)",
                        text: commands.joined(separator: "\n"), isShell: true)))
        }
        return ReportSection(title: "Dynamic testing", blocks: blocks)
    }

    /// `frida-trace` commands for the receivers found: one per receiver, plus one hooking them
    /// all, for the app (with its frameworks) and for each App Clip (its own process).
    public var fridaCommands: [String] {
        var groups: [(bundleID: String, receivers: [String])] = []
        for bundle in snapshot.bundles {
            guard let process = Self.fridaProcess(of: bundle, in: snapshot) else { continue }
            let names = bundle.slices.flatMap(\.linkHandlers)
            guard !names.isEmpty else { continue }
            if let index = groups.firstIndex(where: { $0.bundleID == process }) {
                for name in names where !groups[index].receivers.contains(name) { groups[index].receivers.append(name) }
            } else {
                var unique: [String] = []
                for name in names where !unique.contains(name) { unique.append(name) }
                groups.append((process, unique))
            }
        }
        var commands: [String] = []
        for group in groups {
            let receivers = group.receivers.sorted()
            commands += receivers.map { Self.fridaCommand(process: group.bundleID, receivers: [$0]) }
            if receivers.count > 1 { commands.append(Self.fridaCommand(process: group.bundleID, receivers: receivers)) }
        }
        return commands
    }

    /// The process whose code a bundle's receivers run in: the app's (for the app and its
    /// frameworks), an App Clip's own; nil for extensions and watch apps (not spawned this way).
    static func fridaProcess(of bundle: BundleInfo, in snapshot: AppSnapshot) -> String? {
        switch bundle.role {
        case .app, .framework: snapshot.mainBundle?.bundleIdentifier
        case .appclip: bundle.bundleIdentifier
        case .extension, .watch: nil
        }
    }

    /// `frida-trace -U -f PROCESS` hooking `receivers` (spawns the app on a USB device).
    static func fridaCommand(process: String, receivers: [String]) -> String {
        (["frida-trace -U -f \(shellQuoted(process))"] + receivers.map(fridaPattern)).joined(separator: " ")
    }

    /// `-m "-[* selector]"` for an Objective-C selector, `-i "symbol"` for a function symbol.
    static func fridaPattern(_ receiver: String) -> String {
        if receiver.contains(":"), !receiver.hasPrefix("_"), !receiver.hasPrefix("$") {
            return "-m " + shellQuoted("-[* \(receiver)]")
        }
        return "-i " + shellQuoted(receiver)
    }

    /// Quotes for a POSIX shell: plain words as is, everything else in double quotes (or single quotes when needed).
    static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:/=".contains($0)) }
        if plain, !text.isEmpty { return text }
        if !text.contains(where: { "\"$`\\!".contains($0) }) { return "\"\(text)\"" }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func expectationText(_ expectation: URLExpectation) -> String {
        switch expectation {
        case .mustOpen: return "= opens app"
        case .mustNotOpen: return "! stays in browser"
        case .none: return ""
        }
    }

    /// "match", "exclude", or "no_match: port differs" (the step that decided a no_match).
    static func verdictText(_ verdict: AppVerdict) -> String {
        verdict.decision == .noMatch
            ? "no_match: \(VerdictPresentation.location(verdict.reason))" : verdict.decision.rawValue
    }

    static func ruleText(_ verdict: AppVerdict) -> String {
        switch (verdict.detail, verdict.rule) {
        case (let detail?, let rule?): return "details[\(detail)] rule \(rule)"
        case (let detail?, nil): return "details[\(detail)]"
        default: return "—"
        }
    }

    /// Where `report`'s file was fetched from: `URLDecisions.authority(of:)`.
    static func authority(_ report: DomainReport) -> String {
        URLDecisions.authority(of: report)
    }

    static func prettyJSON(_ value: PlistValue) -> String {
        guard let data = try? JSONOutput.encode(value) else { return String(describing: value) }
        return String(decoding: data, as: UTF8.self)
    }
}

extension ReportDocument {
    /// Marks the report as hypothetical, as every report of a document holding an edit is
    /// (iOS, Android or both): the subtitle says which hosts' files were edited, each finding
    /// `dependsOnEdit` names gets a "[what-if] " title (in the overview and the findings
    /// section alike), and a "Hypothetical edit" section saying `notice` comes first.
    mutating func markWhatIf(notice: String, hosts: [String], dependsOnEdit: (Finding) -> Bool) {
        // Said on the first screen of every format, and on each finding that rests on an edit.
        subtitle =
            (subtitle.map { $0 + " — " } ?? "") + "hypothetical edit of "
            + hosts.joined(separator: ", ") + ", not what the domain serves"
        let marked = findings.map { finding in
            var marked = finding
            if dependsOnEdit(finding) { marked.title = "[what-if] " + finding.title }
            return marked
        }
        findings = marked
        // The findings section lists the same, marked, findings as the overview.
        sections = sections.map { section in
            ReportSection(
                title: section.title,
                blocks: section.blocks.map { block in
                    if case .findings = block { return .findings(marked) }
                    return block
                }, isAppendix: section.isAppendix)
        }
        sections.insert(ReportSection(title: "Hypothetical edit", blocks: [.paragraph(notice)]), at: 0)
    }
}
