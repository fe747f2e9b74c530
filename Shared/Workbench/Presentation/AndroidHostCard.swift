import AndroidApp
import AssociationFetch
import Foundation
import SiteAssociation

/// One host's `assetlinks.json` as the Domains tab shows it beside the host's
/// `apple-app-site-association` (web page and Mac app alike): how it came, each request's
/// answer, Google's Digital Asset Links API beside the origin's answer when it was asked, the
/// lint with its `ANDROID-L…` IDs, the grants, whether Android verifies the host on the API
/// level modelled and why, and the text served. Every word is decided here.
public struct AndroidHostCard: Sendable, Equatable, Codable {
    /// One request: the origin's `/.well-known/assetlinks.json`, a supplied file, an `include`
    /// target, or Google's statement-list API.
    public struct Route: Sendable, Equatable, Codable {
        /// `assetlinks`, `local`, `include` or `google` (`data-route`).
        public var route: String
        /// "assetlinks.json", "Supplied file", "Included list", "Google Digital Asset Links API".
        public var name: String
        /// The URL asked (`file://NAME` for a supplied file, never a path).
        public var url: String
        /// "HTTP 200", "no answer", "" for a supplied file.
        public var status: String
        /// Bytes read ("" when nothing answered).
        public var bytes: String
        /// `AssetLinksOutcome` of the request (`ok`, `redirect`, …), or Google's verdict in one word.
        public var outcome: String
        public var contentType: String
        /// "120 ms", or "".
        public var time: String
        /// `ok`, `warn` or `bad`.
        public var tone: String
        /// Why this answer cannot be used, nil when it can.
        public var problem: String?
    }

    /// A column of the requests table: the `Route` field it shows (`status`, `contentType`,
    /// `bytes`, `time`) and its title. Only columns some request has a value in are listed.
    public struct Column: Sendable, Equatable, Codable {
        public var key: String
        public var title: String
    }

    /// Whether one declared host (`*.example.com` kept) verifies, and why.
    public struct Verification: Sendable, Equatable, Codable {
        public var host: String
        public var verified: Bool
        public var reason: String
    }

    /// Google's statement-list API compared with the host's own file.
    public struct Google: Sendable, Equatable, Codable {
        /// "agrees with the host's file — 1 grant(s)", "no answer (…)".
        public var summary: String
        /// Nil when there is nothing to compare (no answer, or no file of the host's own).
        public var agrees: Bool?
        public var onlyInFile: [String]
        public var onlyInGoogle: [String]
        /// Google's own words (`debugString`), when it gave any.
        public var debug: String?
    }

    public var host: String
    /// `data-state`: `pending`, `fetching`, `done`, `failed`, `supplied`, `edited`, and for a
    /// host with no answer `not-fetched` (offline) or `unreachable`.
    public var state: String
    public var stateText: String
    /// `ok`, `warn`, `bad`, `busy`, `edited` or `muted`.
    public var tone: String
    /// The file's outcome as `AssetLinksOutcome` names it (`ok`, `supplied`, `redirect`, …).
    public var outcome: String
    /// The hosts the app's `autoVerify` filters declare that this file decides, with wildcards.
    public var claims: String
    /// True when Android verifies every declared host this file decides, on `sdk`.
    public var verified: Bool
    /// "Android 15 (API 35) verifies example.com: …", one sentence per declared host.
    public var verdict: String
    public var verification: [Verification]
    /// Why the file cannot be used, the content type, unread includes, all-or-nothing.
    public var notes: [String]
    public var routes: [Route]
    /// The requests table's columns after the route and its outcome (which are always shown).
    public var columns: [Column]
    /// The App Links grants the file (with its includes) lists: `package SHA-256`.
    public var grants: [String]
    public var google: Google?
    /// The file's lint: errors first, then warnings, then the rest, in file order within each.
    public var lint: [DomainPresentation.Lint]
    public var lintSummary: String
    /// The text served (or supplied), with its lint on its lines; nil when nothing was read.
    public var file: DomainPresentation.File?
    /// False while a fetch runs.
    public var canRefetch: Bool
    /// True while a what-if edit decides (`state` `edited`).
    public var isEdited: Bool
    /// True when Revert has something to go back to: the host is edited.
    public var canRevert: Bool
    /// The text the what-if editor starts from: the body that decides now ("" when nothing was
    /// read).
    public var editorText: String
    /// Why the editor's text is not the served bytes (not UTF-8, cut at the read limit), or nil.
    public var editorNote: String?
}

extension AndroidHostCard {
    /// The card of `report` (the host's `assetlinks.json`), `state` how it came, `verification`
    /// the analysis's per-host verdicts (all of them: the card keeps those this file decides).
    public init(_ report: AssetLinksReport, state: HostState, verification: AndroidVerification?, offline: Bool) {
        host = report.host
        let hostName = (report.host.split(separator: ":").first.map(String.init) ?? report.host).lowercased()
        let answered = report.result?.status != nil || report.result?.route == .local
        let hook: String
        switch state {
        case .done where report.outcome == .notFetched: hook = offline ? "not-fetched" : "pending"
        case .done where report.outcome == .unreachable && !answered: hook = offline ? "not-fetched" : "unreachable"
        case .pending where offline: hook = "not-fetched"
        default: hook = state.rawValue
        }
        self.state = hook
        outcome = report.outcome.rawValue
        let covering = (verification?.hosts ?? []).filter { $0.fileHost.lowercased() == hostName }
        claims = covering.map(\.host).joined(separator: ", ")
        self.verification = covering.map { Verification(host: $0.host, verified: $0.verified, reason: $0.reason) }
        verified = !covering.isEmpty && covering.allSatisfy(\.verified)
        let level = verification.map { "API \($0.sdk)" } ?? "Android"
        verdict =
            covering.isEmpty
            ? "No autoVerify filter of the app names this host: Android does not verify it."
            : covering.map { "\(level) \($0.verified ? "verifies" : "does not verify") \($0.host): \($0.reason)." }
                .joined(separator: " ")
        switch hook {
        case "pending": stateText = "Waiting"
        case "fetching": stateText = "Fetching…"
        case "failed": stateText = "Not fetched: the fetch could not start"
        case "not-fetched": stateText = "Not fetched (offline)"
        case "unreachable": stateText = "Unreachable: " + (report.problem ?? "no answer")
        case "supplied": stateText = "Supplied file"
        case "edited": stateText = "Edited (what-if)"
        default: stateText = report.outcome.hasFile ? "Fetched" : "Fetched: no statement list Android can read"
        }
        switch hook {
        case "pending", "not-fetched": tone = "muted"
        case "fetching": tone = "busy"
        case "edited": tone = "edited"
        case "failed", "unreachable": tone = "bad"
        default: tone = !report.outcome.hasFile ? "bad" : verified ? "ok" : "warn"
        }
        var notes: [String] = []
        if let problem = report.problem, hook != "not-fetched", hook != "pending" {
            notes.append("Not usable: \(problem).")
        }
        if let type = report.contentTypeProblem { notes.append("Content type: \(type).") }
        for url in report.unreadIncludes { notes.append("include \(url) was not read, so it grants nothing here.") }
        if verification?.allOrNothing == true, !covering.isEmpty {
            notes.append("\(level) verifies all of the app's hosts or none: one failing host fails them all.")
        }
        self.notes = notes
        routes = Self.routes(report)
        let rows = routes
        columns = [
            ("status", "HTTP", \Route.status), ("contentType", "Content type", \Route.contentType),
            ("bytes", "Bytes", \Route.bytes), ("time", "Total", \Route.time),
        ]
        .filter { _, _, path in rows.contains { !$0[keyPath: path].isEmpty } }
        .map { Column(key: $0.0, title: $0.1) }
        grants = (report.effectiveFile ?? report.file)?.linkGrants.map(\.description) ?? []
        google = report.google.map { google in
            let comparison = report.comparison
            return Google(
                summary: AssetLinksFetchText.googleSummary(google, comparison: comparison),
                agrees: comparison?.agree, onlyInFile: comparison?.onlyInFile.map(\.description) ?? [],
                onlyInGoogle: comparison?.onlyInGoogle.map(\.description) ?? [],
                debug: google.debugString)
        }
        let diagnostics = report.file?.diagnostics ?? []
        let rank = ["error": 0, "warning": 1]
        lint = diagnostics.enumerated().sorted { lhs, rhs in
            let left = rank[lhs.element.severity] ?? 2
            let right = rank[rhs.element.severity] ?? 2
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map { DomainPresentation.Lint(androidDiagnostic: $0.element) }
        lintSummary = DomainCard.lintSummary(diagnostics)
        file = report.result.flatMap { result in
            guard answered, !result.body.isEmpty else { return nil }
            let title =
                state == .edited
                ? "Edited (what-if): decides now"
                : result.route == .local ? "Supplied file" : "As served by the origin"
            return Self.fileView(result, title: title, lint: diagnostics)
        }
        canRefetch = hook != "fetching"
        isEdited = state == .edited
        canRevert = isEdited
        let deciding = report.result.map(ServedText.init)
        editorText = deciding?.text ?? ""
        editorNote = deciding?.note
    }

    static func routes(_ report: AssetLinksReport) -> [Route] {
        var rows: [Route] = []
        if let result = report.result {
            let local = result.route == .local
            rows.append(
                row(
                    result, route: local ? "local" : "assetlinks",
                    name: local ? "Supplied file" : "assetlinks.json", outcome: report.outcome.rawValue,
                    usable: report.outcome.hasFile, problem: report.problem))
        }
        for include in report.included {
            let readable = include.problem == nil
            if let result = include.result {
                rows.append(
                    row(
                        result, route: "include", name: "Included list", outcome: readable ? "ok" : "unusable",
                        usable: readable, problem: include.problem))
            } else {
                rows.append(
                    Route(
                        route: "include", name: "Included list", url: include.url, status: "", bytes: "",
                        outcome: "not-fetched", contentType: "", time: "", tone: "warn",
                        problem: include.problem))
            }
        }
        if let google = report.google {
            let answered = google.error == nil && google.problem == nil && google.status == 200
            let agrees = report.comparison?.agree
            var result = RouteResult(route: .googleAPI, url: google.url, userAgent: nil)
            result.status = google.status
            result.error = google.error
            rows.append(
                row(
                    result, route: "google", name: "Google Digital Asset Links API",
                    outcome: !answered
                        ? "no-answer"
                        : agrees == false
                            ? "differs"
                            : agrees == true
                                ? "agrees"
                                : "answered",
                    usable: answered && agrees != false,
                    problem: google.problem ?? google.error.map(\.description)))
        }
        return rows
    }

    static func row(
        _ result: RouteResult, route: String, name: String, outcome: String, usable: Bool,
        problem: String?
    ) -> Route {
        let local = result.route == .local
        let answered = result.status != nil || local
        let status = local ? "" : result.status.map { "HTTP \($0)" } ?? "no answer"
        let bytes = answered && result.route != .googleAPI ? "\(result.bytes)" + (result.truncated ? " (cut)" : "") : ""
        let time = result.totalMs.map { "\($0) ms" } ?? ""
        let failed = result.error != nil || (!local && (result.status ?? 200) != 200)
        // A supplied file is named, never located: the URL the document keeps is `file://NAME`.
        return Route(
            route: route, name: name, url: result.url, status: status, bytes: bytes, outcome: outcome,
            contentType: result.contentType ?? "", time: time, tone: usable ? "ok" : failed ? "bad" : "warn",
            problem: usable ? nil : problem)
    }

    static func fileView(_ result: RouteResult, title: String, lint: [LintDiagnostic]) -> DomainPresentation.File {
        let text = String(decoding: result.body, as: UTF8.self)
        let exact = Data(text.utf8) == result.body
        var notes: [String] = []
        if result.truncated { notes.append("Cut at the \(result.body.count)-byte read limit.") }
        if !exact { notes.append("Not valid UTF-8: invalid bytes are shown as \u{FFFD}.") }
        let markers = DomainPresentation.Marker.markers(lint)
        return DomainPresentation.File(
            title: title, text: text, isExact: exact && !result.truncated,
            note: notes.isEmpty ? nil : notes.joined(separator: " "), markers: markers)
    }
}

extension DomainPresentation.Lint {
    init(androidDiagnostic diagnostic: LintDiagnostic) {
        self.init(
            id: diagnostic.id, severity: diagnostic.severity, message: diagnostic.message,
            place: diagnostic.line.map { line in "line \(line)" + (diagnostic.column.map { ":\($0)" } ?? "") }
                ?? "",
            location: diagnostic.location)
    }
}

/// One host of the product as the Domains tab lists it: the hosts both apps claim, each with a
/// slot per platform, side by side.
public struct ProductHostPresentation: Sendable, Equatable, Codable {
    public var host: String
    /// One slot per platform, iOS first: what every face renders in the host's row.
    public var slots: [HostSlot]
    /// "iOS", "Android": the platforms whose apps claim the host, in slot order.
    public var platformNames: [String]
    /// `ios`, `android`: the same platforms by their hooks (`data-platforms`).
    public var platforms: [String]

    /// The row of `host`: `ios` the index of its iOS card in `DocumentPresentation.domains`
    /// (nil when only the Android app claims it: the card is not repeated, so the view stays
    /// one size), `android` its `assetlinks.json` card, and what a face shows in place of an
    /// absent one ("The iOS app does not claim this host.", "No iOS app in this document.").
    init(
        host: String, ios: Int?, android: Panel?, iosAbsent: String? = nil, androidAbsent: String? = nil,
        iosActions: HostActions? = nil, androidActions: HostActions? = nil
    ) {
        self.host = host
        slots = [
            HostSlot(platform: .ios, domain: ios, panel: nil, absent: iosAbsent, actions: iosActions),
            HostSlot(platform: .android, domain: nil, panel: android, absent: androidAbsent, actions: androidActions),
        ]
        let claiming = slots.filter { $0.domain != nil || $0.panel != nil }
        platformNames = claiming.map(\.platformName)
        platforms = claiming.map(\.platform)
    }
}

/// One platform's place in a host's row of the Domains tab: the host's association-file card of
/// the document's `domains`, a panel, or the sentence that says why the platform has none; and,
/// on every platform whose app claims the host, the host's actions (`actions`).
public struct HostSlot: Sendable, Equatable, Codable {
    public var platform: String
    public var platformName: String
    /// An index into `DocumentPresentation.domains`.
    public var domain: Int?
    public var panel: Panel?
    public var absent: String?
    /// What a face offers on this slot (nil when the platform's app does not claim the host).
    public var actions: HostActions?

    init(platform: AppPlatform, domain: Int?, panel: Panel?, absent: String?, actions: HostActions?) {
        self.platform = platform.rawValue
        platformName = platform.name
        self.domain = domain
        self.panel = panel
        self.absent = absent
        self.actions = actions
    }
}

/// What a face offers on one platform's host: `WorkbenchDocument`'s one set of host operations
/// (`refetch`, `useFile`, `editFromTextArea`, `revert`, each `on:` this platform; the web API's
/// host routes with `?platform=`), whether each can run now, and the what-if editor's text. The
/// web page and the Mac app render these the same way for every platform.
public struct HostActions: Sendable, Hashable, Codable {
    /// The platform the operations take (`ios`, `android` in JSON: `?platform=` on the web API).
    public var platform: AppPlatform
    /// The host as the operations name it.
    public var host: String
    /// The file the host serves on this platform: "apple-app-site-association", "assetlinks.json".
    public var fileName: String
    /// "Edit apple-app-site-association (what-if)", "Edit assetlinks.json (what-if)".
    public var editTitle: String
    /// False while a fetch of the host runs.
    public var canRefetch: Bool
    /// True when Revert has something to go back to.
    public var canRevert: Bool
    /// True while a what-if edit decides.
    public var isEdited: Bool
    /// The text the what-if editor starts from (the body that decides now; "" when none).
    public var editorText: String
    /// Why the editor's text is not the served bytes, or nil.
    public var editorNote: String?

    init(
        platform: AppPlatform, host: String, canRefetch: Bool, canRevert: Bool, isEdited: Bool,
        editorText: String, editorNote: String?
    ) {
        self.platform = platform
        self.host = host
        fileName = Self.fileName(platform)
        editTitle = "Edit \(fileName) (what-if)"
        self.canRefetch = canRefetch
        self.canRevert = canRevert
        self.isEdited = isEdited
        self.editorText = editorText
        self.editorNote = editorNote
    }

    /// The actions of an iOS host's card (also of a card outside a host's row: a document with
    /// no Android app lists its iOS cards alone).
    public init(_ card: DomainPresentation) {
        self.init(
            platform: .ios, host: card.host, canRefetch: card.canRefetch, canRevert: card.canRevert,
            isEdited: card.isEdited, editorText: card.editorText, editorNote: card.editorNote)
    }

    /// The actions of an Android host's card.
    init(_ card: AndroidHostCard) {
        self.init(
            platform: .android, host: card.host, canRefetch: card.canRefetch, canRevert: card.canRevert,
            isEdited: card.isEdited, editorText: card.editorText, editorNote: card.editorNote)
    }

    /// The association file a host serves to `platform`.
    static func fileName(_ platform: AppPlatform) -> String {
        switch platform {
        case .ios: "apple-app-site-association"
        case .android: "assetlinks.json"
        }
    }
}

extension WorkbenchDocument {
    /// Each host Android verifies for the document's APK, as the Domains tab shows it (empty
    /// without an Android app), in the APK's order.
    public var androidHostCards: [AndroidHostCard] {
        guard let part = android else { return [] }
        let verification = androidAnalysis?.facts.verification
        return part.assetLinks.map { report in
            AndroidHostCard(
                report, state: part.states[report.host] ?? .pending, verification: verification,
                offline: describedSettings.offline)
        }
    }

    /// The union of the hosts both apps claim, in one order: the iOS app's hosts as `domains`
    /// lists them, then the hosts only the Android app claims, in the APK's order. A host both
    /// claim is one row with both cards (hosts compared without case; an iOS `host:port` is a
    /// host of its own). Empty when the document holds no Android app (`domains` says it all).
    public func productHosts(domains ios: [DomainPresentation]) -> [ProductHostPresentation] {
        let cards = androidHostCards
        guard android != nil else { return [] }
        let device = androidDeviceStateCard
        var byHost: [String: (panel: Panel, actions: HostActions)] = [:]
        for card in cards {
            var panel = card.panel
            panel.blocks += device?.blocks(for: card) ?? []
            byHost[card.host.lowercased()] = (panel, HostActions(card))
        }
        var rows: [ProductHostPresentation] = []
        var seen: Set<String> = []
        for (index, domain) in ios.enumerated() {
            let key = domain.host.lowercased()
            let card = byHost[key]
            seen.insert(key)
            rows.append(
                ProductHostPresentation(
                    host: domain.host, ios: index, android: card?.panel,
                    androidAbsent: card == nil ? "No autoVerify filter of the Android app names this host." : nil,
                    iosActions: HostActions(domain), androidActions: card?.actions))
        }
        for card in cards where !seen.contains(card.host.lowercased()) {
            seen.insert(card.host.lowercased())
            let shown = byHost[card.host.lowercased()]
            rows.append(
                ProductHostPresentation(
                    host: card.host, ios: nil, android: shown?.panel,
                    iosAbsent: app == nil ? "No iOS app in this document." : "The iOS app does not claim this host.",
                    androidActions: shown?.actions))
        }
        return rows
    }
}
