import Foundation
import Workbench

/// ANSI styling, on only when standard output is a terminal and `NO_COLOR` is unset.
struct InspectStyle: Sendable {
    var enabled: Bool

    static func forStandardOutput() -> InspectStyle {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return InspectStyle(enabled: isatty(STDOUT_FILENO) == 1 && !noColor)
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// The human-readable form of an `AppSnapshot` (may change; the JSON is the contract).
struct InspectTextRenderer {
    let style: InspectStyle
    private let labelWidth = 19
    /// Set when the input is a bare Mach-O file (no bundle around it).
    var isBareBinary = false
    /// Longest line written (values wrap at spaces; longer words are cut).
    static let lineWidth = 120

    func render(_ snapshot: AppSnapshot) -> String {
        var renderer = self
        renderer.isBareBinary = snapshot.source.kind == .macho
        return renderer.renderAll(snapshot)
    }

    private func renderAll(_ snapshot: AppSnapshot) -> String {
        var lines: [String] = []
        let source = snapshot.source
        lines.append(
            style.bold(safe(source.path)) + "  "
                + style.dim("\(source.kind.rawValue), \(source.size) bytes, sha256 \(source.sha256)"))
        for bundle in snapshot.bundles {
            lines.append("")
            lines.append(contentsOf: render(bundle))
        }
        let diagnostics = snapshot.diagnostics
        if !diagnostics.isEmpty {
            lines.append("")
            lines.append(style.bold("Diagnostics"))
            let width = diagnostics.map(\.severity.count).max() ?? 0
            for diagnostic in diagnostics {
                let severity = diagnostic.severity.padding(toLength: width, withPad: " ", startingAt: 0)
                let coloured =
                    diagnostic.severity == "error"
                    ? style.red(severity)
                    : diagnostic.severity == "warning" ? style.yellow(severity) : style.dim(severity)
                let place = diagnostic.path.map { " [\(safe($0))]" } ?? ""
                let text = Self.wrapped(safe(diagnostic.message) + place, width: Self.lineWidth - 4 - width)
                for (index, line) in text.enumerated() {
                    lines.append("  " + (index == 0 ? coloured : String(repeating: " ", count: width)) + "  " + line)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func render(_ bundle: BundleInfo) -> [String] {
        let platform = bundle.slices.lazy.compactMap(\.platform).first.map(Self.platformName)
        // A bare Mach-O has no bundle to say what it is: name its platform ("macOS binary").
        let kind = isBareBinary && platform != nil ? "  " + style.dim("(\(platform ?? "") binary)") : ""
        var lines = [style.bold("\(bundle.role.rawValue)  \(safe(bundle.path))") + kind]
        func row(_ label: String, _ value: String) {
            let width = Self.lineWidth - 2 - labelWidth
            for (index, line) in Self.wrapped(value, width: width).enumerated() {
                lines.append("  " + pad(index == 0 ? label : "", labelWidth) + line)
            }
        }
        row("Bundle ID", bundle.bundleIdentifier.map(safe) ?? "—")
        row("Application ID", bundle.applicationIdentifier.map(safe) ?? "—")
        row("Team", bundle.teamIdentifier.map(safe) ?? "—")
        var version = bundle.shortVersion ?? "—"
        if let build = bundle.version { version += " (\(build))" }
        if let minimum = bundle.minimumOSVersion ?? bundle.slices.lazy.compactMap(\.minimumOS).first {
            version += ", minimum \(platform ?? "OS") \(minimum)"
        }
        row("Version", safe(version))
        row("Executable", bundle.executable.map(safe) ?? "—")
        for slice in bundle.slices {
            var facts = [slice.fileType]
            if let name = slice.platform.map(Self.platformName) {
                facts.append(name + (slice.minimumOS.map { " " + $0 + "+" } ?? ""))
            }
            facts.append(slice.signed ? (slice.adhoc ? "ad hoc signed" : "signed") : "unsigned")
            facts.append(slice.encrypted ? style.yellow("encrypted (FairPlay)") : "not encrypted")
            if let identifier = slice.signingIdentifier { facts.append("identifier \(safe(identifier))") }
            if let team = slice.teamIdentifier { facts.append("team \(safe(team))") }
            row("  " + slice.arch, facts.joined(separator: ", "))
        }
        row("Entitlements", entitlementsSummary(bundle))
        if bundle.archivedEntitlements != nil {
            row("Archived (.xcent)", "present (not authoritative)")
        }
        if bundle.associatedDomains.isEmpty {
            row("Associated domains", "none")
        } else {
            lines.append("  Associated domains")
            lines.append(contentsOf: domainTable(bundle.associatedDomains).map { "    " + $0 })
        }
        row("URL schemes", list(bundle.urlSchemes))
        if !bundle.queriedSchemes.isEmpty { row("Queried schemes", list(bundle.queriedSchemes)) }
        if !bundle.activityTypes.isEmpty { row("Activity types", list(bundle.activityTypes)) }
        if bundle.hasSceneManifest {
            row("Scenes", "UIApplicationSceneManifest present (links arrive in the scene delegate)")
        }
        lines.append(contentsOf: evidence(bundle))
        lines.append(contentsOf: profile(bundle))
        return lines
    }

    private func entitlementsSummary(_ bundle: BundleInfo) -> String {
        guard bundle.entitlementsSource != .none, let keys = bundle.entitlements.dictionaryValue?.keys.sorted() else {
            return bundle.slices.isEmpty ? "— (no executable read)" : style.yellow("none signed")
        }
        if keys.isEmpty { return "\(bundle.entitlementsSource.rawValue), empty" }
        return "\(bundle.entitlementsSource.rawValue), \(keys.count) keys: " + keys.map(safe).joined(separator: ", ")
    }

    private func domainTable(_ domains: [AssociatedDomain]) -> [String] {
        let header = ["SERVICE", "HOST", "WILDCARD", "PORT", "MODES", "PROBLEMS"]
        let rows = domains.map { domain -> [String] in
            [
                safe(domain.service), safe(domain.host), domain.wildcard ? "yes" : "no",
                domain.port.map(String.init) ?? "-",
                domain.modes.isEmpty ? "-" : domain.modes.joined(separator: "+"),
                domain.problems.isEmpty
                    ? "-"
                    : domain.problems.map { "\($0.severity.rawValue): \(safe($0.message))" }.joined(separator: "; "),
            ]
        }
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func format(_ cells: [String]) -> String {
            cells.enumerated().map {
                index,
                cell in index == cells.count - 1 ? cell : pad(cell, widths[index] + 2)
            }.joined()
        }
        var lines = [style.dim(format(header))]
        for (row, domain) in zip(rows, domains) {
            let text = format(row)
            lines.append(domain.isAccepted ? (domain.problems.isEmpty ? text : style.yellow(text)) : style.red(text))
        }
        return lines
    }

    private func evidence(_ bundle: BundleInfo) -> [String] {
        var lines: [String] = []
        let groups: [(String, String)] = [
            ("Link handlers", "receiver"), ("Outgoing links", "outgoing"),
            ("Web views", "webView"), ("Sign-in", "authentication"),
        ]
        for (label, kind) in groups {
            let hits = bundle.slices.flatMap(\.linkEvidence).filter { $0.kind == kind }
            if hits.isEmpty {
                if kind == "receiver" || kind == "outgoing" {
                    let unreliable = bundle.slices.contains { !$0.linkScanReliable }
                    lines.append(
                        "  " + pad(label, labelWidth)
                            + (bundle.slices.isEmpty
                                ? "—" : unreliable ? style.yellow("unknown (encrypted text)") : "none found"))
                }
                continue
            }
            lines.append("  " + label)
            var seen: Set<String> = []
            for hit in hits {
                let key = "\(hit.slice) \(hit.name) \(hit.section)"
                guard seen.insert(key).inserted else { continue }
                lines.append(
                    "    " + pad(safe(hit.name), 54)
                        + style.dim("\(safe(hit.slice)) \(safe(hit.section)) @0x\(String(hit.offset, radix: 16))"))
            }
        }
        return lines
    }

    private func profile(_ bundle: BundleInfo) -> [String] {
        guard let profile = bundle.provisioningProfile else {
            return ["  " + pad("Profile", labelWidth) + "none"]
        }
        var lines = ["  Profile"]
        func row(_ label: String, _ value: String) {
            lines.append("    " + pad(label, labelWidth - 2) + value)
        }
        row("Name", profile.name.map(safe) ?? "—")
        row("Kind", profile.distribution + (profile.usesIndefiniteLength ? " (BER indefinite-length CMS)" : ""))
        row("Team", safe(Self.team(name: profile.teamName, identifiers: profile.teamIdentifier)))
        row("UUID", profile.uuid.map(safe) ?? "—")
        row("Expires", profile.expirationDate.map(date) ?? "—")
        if let domains = profile.entitlements["com.apple.developer.associated-domains"] {
            row("Allows domains", safe(describe(domains)))
        }
        if profile.provisionsAllDevices {
            row("Devices", "all (enterprise)")
        } else if !profile.provisionedDevices.isEmpty {
            row("Devices", "\(profile.provisionedDevices.count)")
        }
        for certificate in profile.developerCertificates {
            let expiry = certificate.notValidAfter.map { ", expires " + date($0) } ?? ""
            row("Certificate", safe(certificate.commonName ?? certificate.subject) + expiry)
        }
        return lines
    }

    private func describe(_ value: PlistValue) -> String {
        if let string = value.stringValue { return string }
        if let strings = value.stringArray { return strings.joined(separator: ", ") }
        return value.typeName
    }

    private func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.map(safe).joined(separator: ", ") }

    /// Input text made harmless for a terminal: control characters (C0, DEL, C1) and bidirectional
    /// overrides are shown as `\u{…}` escapes, so a hostile app cannot clear the screen, retitle
    /// the window, recolour or reorder what a tester reads.
    private func safe(_ text: String) -> String { Self.terminalSafe(text) }

    /// `safe(_:)` for callers outside the renderer (the one-line error on exit 3).
    static func terminalSafe(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            let isBidi =
                value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            if isControl || isBidi {
                let hex = String(value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Splits `text` into lines of at most `width` characters, at spaces; a longer word is cut.
    static func wrapped(_ text: String, width: Int) -> [String] {
        let width = max(width, 20)
        var lines: [String] = []
        var current = ""
        for var word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            while word.count > width - current.count - (current.isEmpty ? 0 : 1) {
                let room = width - current.count - (current.isEmpty ? 0 : 1)
                current += (current.isEmpty ? "" : " ") + word.prefix(room)
                lines.append(current)
                current = ""
                word = String(word.dropFirst(room))
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// A team once: "Name (ID)", or the ID alone when the name is missing or the same.
    static func team(name: String?, identifiers: [String]) -> String {
        let ids = identifiers.joined(separator: ", ")
        guard let name, !name.isEmpty, name != ids else { return ids.isEmpty ? (name ?? "—") : ids }
        return ids.isEmpty ? name : "\(name) (\(ids))"
    }

    /// How Apple writes a platform (`LC_BUILD_VERSION` names are lower case).
    static func platformName(_ platform: String) -> String {
        let names = [
            "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "bridgeos": "bridgeOS",
            "maccatalyst": "Mac Catalyst", "iossimulator": "iOS Simulator", "tvossimulator": "tvOS Simulator",
            "watchossimulator": "watchOS Simulator", "driverkit": "DriverKit", "visionos": "visionOS",
            "visionossimulator": "visionOS Simulator",
        ]
        return names[platform] ?? platform
    }

    private func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
