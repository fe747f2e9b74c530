import AppInspection
import AssociationFetch
import Foundation

/// One claimed host as the Domains tab shows it (Mac app and web workbench alike).
public struct DomainCard: Sendable, Equatable, Identifiable {
    /// The editor shows at most this much of a file (larger bodies are cut by the fetcher anyway).
    public static let maximumShownFileBytes = 1024 * 1024

    public var id: String { entry.host }
    public let entry: DomainEntry

    public init(_ entry: DomainEntry) { self.entry = entry }

    public var host: String { entry.host }
    /// `data-state` / the accessibility value: `pending`, `fetching`, `done`, `failed`, `supplied`, `edited`.
    public var hookState: String { entry.state.rawValue }
    public var isEdited: Bool { entry.state == .edited }

    /// The state for people.
    public var stateText: String {
        switch entry.state {
        case .pending: "Waiting"
        case .fetching: "Fetching…"
        case .done: "Fetched"
        case .failed: "Not fetched"
        case .supplied: "Supplied file"
        case .edited: "Edited (what-if)"
        }
    }

    /// The text of the file that decides (edited text, else the deciding route's body), or nil.
    public var fileText: String? {
        if let text = entry.editedText { return text }
        guard let report = entry.report else { return nil }
        for route in [FetchRoute.local, .cdn, .origin] {
            if let result = report.result(for: route), !result.body.isEmpty {
                return String(decoding: result.body.prefix(Self.maximumShownFileBytes), as: UTF8.self)
            }
        }
        return nil
    }

    /// Lines: what the app claims, each route's answer, whether a device would accept a file.
    public var summary: [String] {
        let claims = entry.services.flatMap { service in entry.entries.map { "\(service):\($0)" } }
        var lines = ["Claimed as " + (claims.isEmpty ? entry.entries : claims).joined(separator: ", ")]
        if entry.route == "origin" { lines.append("Developer mode: fetched from the origin, not Apple's CDN") }
        if let report = entry.report {
            for result in report.routes {
                let answer = result.error.map { "\($0)" } ?? result.status.map { "HTTP \($0)" } ?? "no answer"
                lines.append("\(Self.routeName(result.route)): \(answer), \(result.bytes) bytes"
                    + (result.isUsable ? "" : " (not usable)"))
            }
            if report.effectiveFile == nil { lines.append("No file a device would accept.") }
        }
        return lines
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
