import AppInspection
import AssociationFetch
import Foundation
import MachOReader
import SiteAssociation

/// Names and shared vocabulary of the rules.
enum LinkNames {
    /// The entitlement holding associated domains.
    static let associatedDomainsKey = "com.apple.developer.associated-domains"
    /// Receivers that get universal links (NSUserActivity, or SwiftUI's handlers).
    static let universalLinkReceivers: Set<String> = [
        "application:continueUserActivity:restorationHandler:", "scene:continueUserActivity:",
        "scene:willConnectToSession:options:", "onContinueUserActivity", "onOpenURL",
    ]
    /// Receivers that only get custom-scheme URLs, and are deprecated.
    static let legacyReceivers: Set<String> = [
        "application:handleOpenURL:", "application:openURL:sourceApplication:annotation:",
    ]
    /// Outgoing APIs that only probe (`canOpenURL:`) rather than open.
    static let probeOnly: Set<String> = ["canOpenURL:"]
}

/// A bundle that runs code of its own (app, extension, App Clip, watch app) together with the
/// frameworks embedded in it: link handling may live in either.
struct CodeUnit {
    var bundle: BundleInfo
    var frameworks: [BundleInfo]

    var members: [BundleInfo] { [bundle] + frameworks }
    var slices: [SliceSummary] { members.flatMap(\.slices) }
    var evidence: [SliceSummary.EvidenceRecord] { slices.flatMap(\.linkEvidence) }
    /// True when some slice's scan cannot be trusted (FairPlay-encrypted text).
    var scanUnreliable: Bool { slices.contains { $0.encrypted || !$0.linkScanReliable } }

    static func units(of app: AppSnapshot?) -> [CodeUnit] {
        guard let bundles = app?.bundles else { return [] }
        return bundles.filter { $0.role != .framework }.map { bundle in
            CodeUnit(
                bundle: bundle,
                frameworks: bundles.filter {
                    $0.role == .framework && $0.path.hasPrefix(bundle.path + "/Frameworks/")
                })
        }
    }
}

extension BundleInfo {
    /// How findings name a bundle: its path, and its bundle identifier when known.
    var label: String {
        bundleIdentifier.map { "\(path) (\($0))" } ?? path
    }

    /// The signed `get-task-allow`, when present.
    var getTaskAllow: Bool? { entitlements["get-task-allow"]?.boolValue }

    /// Where the executable is, for evidence.
    var executablePath: String { slices.first?.linkEvidence.first?.file ?? executable.map { "\(path)/\($0)" } ?? path }
}

enum EvidenceBuilder {
    /// A link-evidence hit as binary evidence (file, slice, section or symbol table, offset).
    static func binary(_ record: SliceSummary.EvidenceRecord) -> Evidence {
        .binary(
            BinaryLocation(
                file: record.file, slice: record.slice, section: record.section,
                symbol: record.name, offset: UInt64(clamping: record.offset)))
    }

    /// An associated-domain entry as entitlement evidence.
    static func domain(_ entry: AssociatedDomain) -> Evidence {
        .entitlement(key: LinkNames.associatedDomainsKey, value: entry.raw)
    }

    /// A place in a host's association file.
    static func file(_ host: String, _ pointer: String, line: Int? = nil, column: Int? = nil) -> Evidence {
        .associationFile(AssociationFileLocation(host: host, pointer: pointer, line: line, column: column))
    }

    /// What one route answered, optionally naming one header.
    static func network(_ report: DomainReport, _ result: RouteResult, header: String? = nil) -> Evidence {
        .network(
            NetworkObservation(
                host: report.host, route: result.route.rawValue, url: result.url,
                status: result.status, headerName: header,
                headerValue: header.flatMap { result.header($0) }))
    }

    /// RFC 6901 escaping of one pointer token.
    static func token(_ text: String) -> String {
        text.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Pointer to an app ID inside `applinks.details` (by its key: `appIDs`, `appID`, dictionary key).
    static func appIDPointer(_ file: AssociationFile, detail: Int, appID: String) -> String {
        guard let details = file.applinks?.details, detail < details.count else { return "/applinks/details" }
        let entry = details[detail]
        switch entry.appIDSource {
        case .appIDs:
            let index = entry.appIDs.firstIndex(of: appID) ?? 0
            return "/applinks/details/\(detail)/appIDs/\(index)"
        case .appID:
            return "/applinks/details/\(detail)/appID"
        case .key:
            return "/applinks/details/\(token(appID))"
        case .none:
            return "/applinks/details/\(detail)"
        }
    }
}

extension FindingRule {
    /// One finding per lint diagnostic of each report's effective file that feeds this rule
    /// (`relatedFinding == id`), except informational ones and those `lintIDs` leaves out.
    func lintFindings(_ facts: AnalysisFacts, lintIDs: Set<String>? = nil) -> [Finding] {
        var findings: [Finding] = []
        for report in facts.domains {
            guard let result = report.effectiveResult else { continue }
            for diagnostic in result.diagnostics where diagnostic.relatedFinding == id && diagnostic.severity != "info"
            {
                if let lintIDs, !lintIDs.contains(diagnostic.id) { continue }
                let route = result.route == .local ? "supplied file" : "\(result.route.rawValue) copy"
                findings.append(
                    finding(
                        subject: report.host,
                        detail: "\(diagnostic.message) (\(diagnostic.id), \(route)).",
                        evidence: [
                            EvidenceBuilder.file(
                                report.host, diagnostic.location, line: diagnostic.line,
                                column: diagnostic.column)
                        ]))
            }
        }
        return findings
    }
}

/// Linear-time `*` glob over whole strings (case-insensitive), for profile ceilings.
enum CeilingGlob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.lowercased())
        let t = Array(text.lowercased())
        var pi = 0
        var ti = 0
        var star = -1
        var mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] != "*", p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
