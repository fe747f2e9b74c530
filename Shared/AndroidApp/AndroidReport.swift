import Foundation
import SiteAssociation

/// Plain-text presentations of the Android side, computed here so every face shows the same.
public enum AndroidReport {
    /// `linklab inspect app.apk` as text.
    public static func inspectText(_ snapshot: APKSnapshot) -> String {
        let manifest = snapshot.manifest
        var out = "\(snapshot.source)" + (snapshot.baseEntry.map { " (base APK: \($0))" } ?? "") + "\n"
        out += "  package      \(manifest.packageName)\n"
        out += "  version      \(manifest.versionName ?? "—") (\(manifest.versionCode.map(String.init) ?? "—"))\n"
        out +=
            "  SDK          min \(manifest.minSDK.map(String.init) ?? "—"), "
            + "target \(manifest.targetSDK.map(String.init) ?? "—")\n"
        if manifest.debuggable || manifest.testOnly {
            out +=
                "  build        "
                + [manifest.debuggable ? "debuggable" : nil, manifest.testOnly ? "testOnly" : nil]
                .compactMap { $0 }.joined(separator: ", ") + "\n"
        }
        out +=
            "  signing      "
            + (snapshot.signing.schemes.isEmpty
                ? "unsigned"
                : "schemes " + snapshot.signing.schemes.map(\.rawValue).joined(separator: ", ")) + "\n"
        for certificate in snapshot.signing.effectiveCertificates(sdk: 35) {
            out += "    SHA-256    \(certificate.sha256)\n"
            if let subject = certificate.subject { out += "    subject    \(subject)\n" }
        }
        if !snapshot.signing.lineage.isEmpty {
            out += "  rotation lineage (oldest first)\n"
            for node in snapshot.signing.lineage { out += "    \(node.certificate.sha256) flags \(node.flags)\n" }
        }
        let linked = manifest.activities.filter { activity in activity.intentFilters.contains { !$0.data.isEmpty } }
        out += "  link-handling activities: \(linked.count)\n"
        for activity in linked {
            var flags: [String] = [
                activity.isAlias ? "alias of \(activity.targetActivity ?? "?")" : nil,
                activity.isEffectivelyExported ? "exported" : "not exported",
                activity.permission.map { "permission \($0)" },
            ].compactMap { $0 }
            if !activity.enabled { flags.append("disabled") }
            out += "    \(activity.name) (line \(activity.line); \(flags.joined(separator: ", ")))\n"
            for filter in activity.intentFilters where !filter.data.isEmpty {
                out += "      filter line \(filter.line)" + (filter.autoVerify ? " autoVerify" : "") + "\n"
                for data in filter.data { out += "        <data \(describe(data))>\n" }
                for group in filter.relativeFilterGroups {
                    out +=
                        "        <uri-relative-filter-group allow=\(group.allow)> "
                        + group.data.map(describe).joined(separator: "; ") + "\n"
                }
            }
        }
        if !snapshot.linkEvidence.isEmpty {
            out += "  link evidence in DEX code\n"
            for reference in snapshot.linkEvidence {
                out += "    \(reference.symbol) (\(reference.file) @ \(reference.offset))\n"
            }
        }
        for note in manifest.notes { out += "  note: \(note)\n" }
        return out
    }

    /// One `<data>` element as written: its attributes in a fixed order, `name="value"` each.
    public static func describe(_ data: AndroidManifest.DataElement) -> String {
        let fields: [(String, String?)] = [
            ("scheme", data.scheme), ("host", data.host), ("port", data.port), ("path", data.path),
            ("pathPrefix", data.pathPrefix), ("pathPattern", data.pathPattern),
            ("pathAdvancedPattern", data.pathAdvancedPattern), ("pathSuffix", data.pathSuffix),
            ("mimeType", data.mimeType), ("query", data.query), ("queryPrefix", data.queryPrefix),
            ("queryPattern", data.queryPattern), ("querySuffix", data.querySuffix), ("fragment", data.fragment),
            ("fragmentPrefix", data.fragmentPrefix), ("fragmentPattern", data.fragmentPattern),
        ]
        return fields.compactMap { name, value in value.map { "\(name)=\"\($0)\"" } }.joined(separator: " ")
    }

    /// `linklab assetlinks lint FILE` as text.
    public static func lintText(_ file: AssetLinksFile, name: String) -> String {
        var out =
            "\(name): \(file.statements.count) statement(s), "
            + "\(file.statements.filter(\.grantsLinks).count) granting handle_all_urls\n"
        for statement in file.statements where statement.grantsLinks {
            if case .androidApp(let package, let fingerprints) = statement.target {
                out +=
                    "  line \(statement.line): \(package) — \(fingerprints.count) fingerprint(s)"
                    + (statement.dynamicComponents.map { ", \($0.count) dynamic rule(s)" } ?? "") + "\n"
            }
        }
        for diagnostic in file.diagnostics {
            out +=
                "\(name):\(diagnostic.lineColumnText): \(diagnostic.severity) \(diagnostic.id): "
                + "\(diagnostic.message)\n"
        }
        if file.diagnostics.isEmpty { out += "no problems found\n" }
        return out
    }
}

extension AndroidReport {
    /// One `<data>` element as `scheme="https" host="example.com" …` (reports, tables).
    public static func dataText(_ data: AndroidManifest.DataElement) -> String {
        describe(data)
    }
}
