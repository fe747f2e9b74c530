import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// One claimed host as the Domains tab shows it (Mac app and web workbench alike): every word
/// and every value a face renders, decided here.
public struct DomainCard: Sendable, Equatable, Identifiable {
    public var id: String { entry.host }
    public let entry: DomainEntry
    /// The document was opened offline (hosts without a file are "not fetched", not unreachable).
    public let offline: Bool
    /// This machine could not reach Apple's CDN at all (hosts are "not checked").
    public let noPathToApple: Bool

    public init(_ entry: DomainEntry, offline: Bool = false, noPathToApple: Bool = false) {
        self.entry = entry
        self.offline = offline
        self.noPathToApple = noPathToApple
    }

    public var host: String { entry.host }
    public var isEdited: Bool { entry.state == .edited }

    /// Every route answered nothing (no HTTP status): the host could not be reached.
    var isUnanswered: Bool {
        guard entry.state == .done, let report = entry.report, !report.routes.isEmpty else { return false }
        return report.routes.allSatisfy { $0.status == nil && $0.error != nil }
    }

    /// `data-state` / the accessibility value: `pending`, `fetching`, `done`, `failed`,
    /// `supplied`, `edited`, and for a fetched host that nothing answered `not-fetched`
    /// (offline), `not-checked` (no path to Apple) or `unreachable`.
    public var hookState: String {
        guard isUnanswered else { return entry.state.rawValue }
        if offline { return "not-fetched" }
        return noPathToApple ? "not-checked" : "unreachable"
    }

    /// The state for people.
    public var stateText: String {
        switch hookState {
        case "pending": return "Waiting"
        case "fetching": return "Fetching…"
        case "failed": return "Not fetched: the fetch could not start"
        case "supplied": return "Supplied file"
        case "edited": return "Edited (what-if)"
        case "not-fetched": return "Not fetched (offline)"
        case "not-checked": return "Not checked: this machine has no path to Apple"
        case "unreachable": return "Unreachable: " + unreachableReason
        default: return entry.report?.effectiveFile == nil ? "Fetched: no file a device would accept" : "Fetched"
        }
    }

    /// `ok`, `warn`, `bad`, `busy`, `edited` or `muted`: how a face colours the state.
    public var tone: String {
        switch hookState {
        case "pending", "not-fetched", "not-checked": return "muted"
        case "fetching": return "busy"
        case "failed", "unreachable": return "bad"
        case "edited": return "edited"
        default: return entry.report?.effectiveFile == nil ? "bad" : "ok"
        }
    }

    /// The failure class of an unreachable host ("DNS", "connection refused", "TLS", "timeout").
    var unreachableReason: String {
        let kinds = (entry.report?.routes ?? []).compactMap { $0.error?.kind }
        var names: [String] = []
        for kind in kinds {
            let name = Self.failureClass(kind)
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? "no answer" : names.joined(separator: ", ")
    }

    static func failureClass(_ kind: String) -> String {
        switch kind {
        case "dns": "DNS failure"
        case "connection-refused": "connection refused"
        case "connect": "could not connect"
        case "tls-untrusted", "tls-name-mismatch", "tls", "not-https", "tls-unclean-close": "TLS failure"
        case "timeout", "deadline": "timed out"
        case "configuration": "not fetched (configuration)"
        default: "no answer"
        }
    }

    /// The answer that decides, as text (the edited text once edited), or nil when nothing
    /// answered with a body.
    public var file: ServedText? {
        if let text = entry.editedText { return ServedText(text: text, isExact: true, note: nil) }
        return entry.shownRoute.map(ServedText.init)
    }

    /// While edited: what was served (the what-if editor's starting point), else nil.
    public var served: ServedText? {
        guard isEdited else { return nil }
        return entry.servedReport?.shownRoute(developerMode: entry.isDeveloperMode).map(ServedText.init)
    }

    /// The text of the file that decides, or nil (kept for the faces that show plain text).
    public var fileText: String? { file?.text }

    /// Lines: what the app claims, each route's answer, whether a device would accept a file.
    public var summary: [String] {
        var lines = ["Claimed as " + claims]
        if entry.isDeveloperMode { lines.append("Developer mode: fetched from the origin, not Apple's CDN") }
        if let report = entry.report {
            for result in report.routes {
                let answer = result.error.map { "\($0)" } ?? result.status.map { "HTTP \($0)" } ?? "no answer"
                lines.append(
                    "\(Self.routeName(result.route)): \(answer), \(result.bytes) bytes"
                        + (result.isUsable ? "" : " (not usable)"))
            }
            if report.effectiveFile == nil { lines.append("No file a device would accept.") }
        }
        return lines
    }

    /// "applinks:example.com, webcredentials:example.com".
    public var claims: String {
        let claims = entry.services.flatMap { service in entry.entries.map { "\(service):\($0)" } }
        return (claims.isEmpty ? entry.entries : claims).joined(separator: ", ")
    }

    /// Lint of the deciding file, one line each (`AASA-…: message`).
    public var lint: [String] {
        entry.lint.map { "\($0.id): \($0.message)" }
    }

    static func routeName(_ route: FetchRoute) -> String {
        switch route {
        case .cdn: "Apple CDN"
        case .origin: "Origin"
        case .legacy: "Legacy path"
        case .local: "Supplied file"
        case .assetLinks: "assetlinks.json"
        case .googleAPI: "Google Digital Asset Links API"
        }
    }
}

/// One bundle of the app as the App tab shows it.
public struct BundleCard: Sendable, Equatable {
    public let bundle: BundleInfo

    public init(_ bundle: BundleInfo) { self.bundle = bundle }

    public var path: String { bundle.path }
    /// "com.example.app (app)".
    public var title: String { "\(bundle.bundleIdentifier ?? bundle.path) (\(bundle.role.rawValue))" }

    /// Identity and versions, one line each.
    public var lines: [String] {
        var lines: [String] = []
        if let id = bundle.applicationIdentifier { lines.append("App ID: \(id)") }
        if let version = bundle.shortVersion ?? bundle.version {
            lines.append("Version: \(version)" + (bundle.version.map { $0 == version ? "" : " (\($0))" } ?? ""))
        }
        if let minimum = bundle.minimumOSVersion { lines.append("Minimum OS: \(minimum)") }
        if !bundle.urlSchemes.isEmpty { lines.append("URL schemes: \(bundle.urlSchemes.joined(separator: ", "))") }
        lines.append("Path: \(bundle.path)")
        return lines
    }

    /// The signed associated-domains entitlement entries.
    public var claims: [String] {
        bundle.entitlements["com.apple.developer.associated-domains"]?.stringArray ?? []
    }
}
