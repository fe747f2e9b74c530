import AppInspection
import Findings
import Foundation
import MachOReader

/// One bundle of the app as the App tab shows it, in every face (the Mac app renders it, the
/// web server serves it as JSON): identifiers, the signed entitlements with XML and DER side by
/// side, the provisioning profile, URL schemes, associated domains with their problems, and the
/// link handlers with their evidence and a `frida-trace` command. Every value is text or a
/// flag computed here; a face decides nothing.
public struct AppBundleCard: Sendable, Equatable, Codable, Identifiable {
    /// The bundle's path inside the input (unique per app).
    public var id: String
    /// "com.example.app (app)".
    public var title: String
    /// `app`, `extension`, `appclip`, `watch`, `framework`.
    public var role: String
    /// Bundle ID, app ID, team, versions, executable, architectures, path.
    public var identifiers: [LabeledText]
    /// The signed entitlements, XML and DER side by side.
    public var entitlements: EntitlementsTable
    /// The embedded provisioning profile, when there is one.
    public var profile: ProfileSummary?
    /// `CFBundleURLSchemes`, in order.
    public var urlSchemes: [String]
    /// `LSApplicationQueriesSchemes`.
    public var queriedSchemes: [String]
    /// Every associated-domain entry with what is wrong with it.
    public var associatedDomains: [DomainClaimRow]
    /// Every link-API hit of the executable (receivers first), located.
    public var linkHandlers: [LinkHandlerRow]
    /// One `frida-trace` command hooking every receiver of this bundle, when it has any and
    /// runs in a process frida can spawn (the app, its frameworks, an App Clip).
    public var fridaCommand: String?
    /// Set when the link scan cannot be trusted (FairPlay-encrypted executable).
    public var linkScanNote: String?
    /// What could not be read in this bundle (`severity: message`).
    public var diagnostics: [String]

    /// Every bundle of `snapshot`, main app first; `now` judges the profile's expiry.
    public static func cards(for snapshot: AppSnapshot, now: Date) -> [AppBundleCard] {
        snapshot.bundles.map { AppBundleCard($0, in: snapshot, now: now) }
    }

    /// The card of `bundle`, one of `snapshot`'s bundles.
    public init(_ bundle: BundleInfo, in snapshot: AppSnapshot, now: Date) {
        id = bundle.path
        title = "\(bundle.bundleIdentifier ?? bundle.path) (\(bundle.role.rawValue))"
        role = bundle.role.rawValue
        identifiers = Self.identifiers(of: bundle)
        entitlements = EntitlementsTable(bundle)
        let signedEntries = bundle.associatedDomains.map(\.raw)
        profile = bundle.provisioningProfile.map { ProfileSummary($0, signedDomains: signedEntries, now: now) }
        urlSchemes = bundle.urlSchemes
        queriedSchemes = bundle.queriedSchemes
        let ceiling = profile?.associatedDomainsCeiling
        associatedDomains = bundle.associatedDomains.map { DomainClaimRow($0, ceiling: ceiling) }
        let process = Analysis.fridaProcess(of: bundle, in: snapshot)
        linkHandlers = bundle.slices.flatMap(\.linkEvidence)
            .sorted(by: LinkHandlerRow.precedes)
            .map { LinkHandlerRow($0, process: process) }
        var receivers: [String] = []
        for name in bundle.slices.flatMap(\.linkHandlers).sorted() where !receivers.contains(name) {
            receivers.append(name)
        }
        fridaCommand = process.flatMap {
            receivers.isEmpty ? nil : Analysis.fridaCommand(process: $0, receivers: receivers)
        }
        let unreliable = bundle.slices.filter { !$0.linkScanReliable }.map(\.arch)
        linkScanNote =
            unreliable.isEmpty
            ? nil
            : "The link scan of \(unreliable.joined(separator: ", ")) is unreliable (encrypted text): "
                + "handlers may be missing; decrypt the app or trace it on a device."
        diagnostics = bundle.diagnostics.map { "\($0.severity): \($0.message)" }
    }

    static func identifiers(of bundle: BundleInfo) -> [LabeledText] {
        var lines: [LabeledText] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append(LabeledText(label: label, text: value)) }
        }
        add("Bundle ID", bundle.bundleIdentifier)
        add("App ID", bundle.applicationIdentifier)
        add("Team", bundle.teamIdentifier)
        if let version = bundle.shortVersion ?? bundle.version {
            add("Version", version + (bundle.version.map { $0 == version ? "" : " (\($0))" } ?? ""))
        }
        add("Minimum OS", bundle.minimumOSVersion)
        add("Executable", bundle.executable)
        add("Architectures", bundle.slices.map(Self.sliceText).joined(separator: "; "))
        if bundle.isAppStoreDownload { add("Origin", "App Store download (FairPlay-encrypted)") }
        add("Path", bundle.path)
        return lines
    }

    static func sliceText(_ slice: SliceSummary) -> String {
        var parts = [slice.arch]
        if !slice.signed {
            parts.append("unsigned")
        } else if slice.adhoc {
            parts.append("ad hoc signature")
        }
        if let identifier = slice.signingIdentifier { parts.append("signed as \(identifier)") }
        if slice.encrypted { parts.append("encrypted") }
        return parts.joined(separator: ", ")
    }
}

/// A label and its text ("Team", "ABCDE12345").
public struct LabeledText: Sendable, Equatable, Hashable, Codable {
    public var label: String
    public var text: String

    public init(label: String, text: String) {
        self.label = label
        self.text = text
    }
}

/// The signed entitlements of a bundle: one row per key with the XML (slot 5) and DER (slot 7)
/// renderings side by side and the rows where they disagree marked.
public struct EntitlementsTable: Sendable, Equatable, Codable {
    /// `xml`, `der`, `xml+der` or `none`.
    public var source: String
    /// True when the signature holds the XML blob.
    public var hasXML: Bool
    /// True when the signature holds the DER blob.
    public var hasDER: Bool
    /// One sentence: which blobs were read and whether they agree.
    public var summary: String
    /// Every key, sorted.
    public var rows: [EntitlementRow]

    init(_ bundle: BundleInfo) {
        let source = bundle.entitlementsSource
        let xml = source == .xml || source == .xmlAndDER
        let der = source == .der || source == .xmlAndDER
        self.source = source.rawValue
        hasXML = xml
        hasDER = der
        let multiSlice = bundle.slices.count > 1
        let values = bundle.entitlements.dictionaryValue ?? [:]
        let valueKeys = Set(values.keys)
        let differences = bundle.slices.flatMap { slice in
            slice.entitlementsDifferences.map { difference in
                (
                    key: Self.topKey(of: difference.path, among: valueKeys),
                    arch: multiSlice ? slice.arch : nil, difference: difference
                )
            }
        }
        let keys = valueKeys.union(differences.map(\.key))
        rows = keys.sorted().map { key in
            let own = differences.filter { $0.key == key }.map { (arch: $0.arch, difference: $0.difference) }
            return EntitlementRow(key: key, value: values[key], hasXML: xml, hasDER: der, differences: own)
        }
        let differing = rows.filter(\.differs).map(\.key)
        switch source {
        case .none:
            summary = "No signed entitlements."
        case .xml:
            summary = "Only the XML blob (slot 5) is signed; iOS 15 and later enforce the DER blob (slot 7)."
        case .der:
            summary = "Only the DER blob (slot 7) is signed."
        case .xmlAndDER where differing.isEmpty:
            summary = "The XML (slot 5) and DER (slot 7) blobs agree."
        case .xmlAndDER:
            summary =
                "The XML and DER blobs disagree on \(differing.joined(separator: ", ")): "
                + "iOS enforces the DER blob, other tools show the XML one."
        }
    }

    /// The top-level key a difference's path is under: `com.apple.developer.associated-domains[0]`
    /// → `com.apple.developer.associated-domains`. Keys contain dots, so the longest known key
    /// the path starts with (followed by `.` or `[`) wins; a key only one blob has is the path.
    static func topKey(of path: String, among keys: Set<String>) -> String {
        if keys.contains(path) { return path }
        let under = keys.filter { key in
            path.hasPrefix(key) && [".", "["].contains(path.dropFirst(key.count).first.map(String.init) ?? "")
        }
        return under.max { $0.count < $1.count } ?? path
    }
}

/// One entitlement key with its XML and DER renderings (JSON text).
public struct EntitlementRow: Sendable, Equatable, Codable, Identifiable {
    public var id: String { key }
    public var key: String
    /// The XML blob's value, when that blob holds the key.
    public var xml: String?
    /// The DER blob's value, when that blob holds the key and it is known (nil with `differences`
    /// set when only parts of a large value differ).
    public var der: String?
    /// True when the two blobs disagree on this key.
    public var differs: Bool
    /// Where they disagree ("[1]: XML "applinks:a.example", DER "applinks:b.example"").
    public var differences: [String]

    init(
        key: String, value: PlistValue?, hasXML: Bool, hasDER: Bool,
        differences: [(arch: String?, difference: EntitlementsComparison.Difference)]
    ) {
        self.key = key
        differs = !differences.isEmpty
        self.differences = differences.map { item in
            let place = item.difference.path.dropFirst(key.count)
            let prefix = (item.arch.map { "\($0) " } ?? "") + (place.isEmpty ? "" : "\(place): ")
            return prefix + "XML \(item.difference.xml ?? "absent"), DER \(item.difference.der ?? "absent")"
        }
        let whole = differences.first { $0.difference.path == key }?.difference
        let rendered = value.map(Self.render)
        // The merged value is the XML blob's when there is one, else the DER blob's.
        xml = hasXML ? (whole.map { $0.xml } ?? rendered) : nil
        if let whole {
            der = hasDER ? whole.der : nil
        } else {
            der = hasDER && (differences.isEmpty || !hasXML) ? rendered : nil
        }
    }

    static func render(_ value: PlistValue) -> String {
        value.jsonString()
    }
}

/// The embedded provisioning profile: who may sign, until when, for which devices, and the
/// associated-domains ceiling (what the signature may claim).
public struct ProfileSummary: Sendable, Equatable, Codable {
    public var name: String?
    public var uuid: String?
    /// "ABCDE12345 (Example Team)".
    public var team: String
    /// `development`, `ad-hoc`, `enterprise` or `app-store`.
    public var distribution: String
    public var created: String?
    public var expires: String?
    /// True when the profile had expired at the time the card was made.
    public var isExpired: Bool
    /// "Expired 12 days ago" / "Valid for another 300 days" / "No expiration date".
    public var expiryText: String
    /// The provisioned device UDIDs.
    public var devices: [String]
    /// "3 devices" / "All devices (enterprise)" / "No device list (App Store or development)".
    public var devicesText: String
    /// `com.apple.developer.associated-domains` of the profile's entitlements (may hold `*`).
    public var associatedDomainsCeiling: [String]
    /// Signed associated-domain entries the ceiling does not allow (links for them fail).
    public var notAllowed: [String]
    /// "Allows applinks:*.example.com, …" or "Allows no associated domains".
    public var ceilingText: String
    /// The developer certificates, one line each.
    public var certificates: [String]
    /// What could not be read in the profile.
    public var problems: [String]

    init(_ profile: ProvisioningProfile, signedDomains: [String], now: Date) {
        name = profile.name
        uuid = profile.uuid
        let teams = profile.teamIdentifier.joined(separator: ", ")
        team = profile.teamName.map { teams.isEmpty ? $0 : "\(teams) (\($0))" } ?? (teams.isEmpty ? "unknown" : teams)
        distribution = profile.distribution
        created = DeviceStateRow.date(profile.creationDate, nil)
        expires = DeviceStateRow.date(profile.expirationDate, nil)
        if let expiry = profile.expirationDate {
            let days = Int((expiry.timeIntervalSince(now) / 86_400).rounded(.towardZero))
            isExpired = expiry <= now
            expiryText = isExpired ? "Expired \(Self.days(-days)) ago" : "Valid for another \(Self.days(days))"
        } else {
            isExpired = false
            expiryText = "No expiration date"
        }
        devices = profile.provisionedDevices
        if profile.provisionsAllDevices {
            devicesText = "All devices (enterprise)"
        } else if devices.isEmpty {
            devicesText = "No device list (App Store distribution)"
        } else {
            devicesText = devices.count == 1 ? "1 device" : "\(devices.count) devices"
        }
        let ceilingValue = profile.entitlements["com.apple.developer.associated-domains"]
        let ceiling = ceilingValue?.stringValue.map { [$0] } ?? ceilingValue?.stringArray ?? []
        associatedDomainsCeiling = ceiling
        notAllowed = signedDomains.filter { !ENT005DomainNotInProfile.allowed($0, by: ceiling) }
        ceilingText = ceiling.isEmpty ? "Allows no associated domains" : "Allows " + ceiling.joined(separator: ", ")
        certificates = profile.developerCertificates.map { certificate in
            let name = certificate.commonName ?? certificate.subject
            if let error = certificate.error { return "\(name): \(error)" }
            return name + (DeviceStateRow.date(certificate.notValidAfter, nil).map { ", valid until \($0)" } ?? "")
        }
        problems = profile.diagnostics
    }

    static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }
}

/// One associated-domain entry, with what iOS would make of it.
public struct DomainClaimRow: Sendable, Equatable, Codable, Identifiable {
    public var id: String { entry }
    /// As written in the entitlements.
    public var entry: String
    public var service: String
    public var host: String
    public var wildcard: Bool
    public var modes: [String]
    /// False when iOS rejects or ignores the entry.
    public var isAccepted: Bool
    /// nil without a profile; false when the profile's ceiling does not allow it.
    public var allowedByProfile: Bool?
    /// "error: …" / "warning: …", one line each.
    public var problems: [String]

    init(_ domain: AssociatedDomain, ceiling: [String]?) {
        entry = domain.raw
        service = domain.service
        host = domain.host
        wildcard = domain.wildcard
        modes = domain.modes
        isAccepted = domain.isAccepted
        allowedByProfile = ceiling.map { ENT005DomainNotInProfile.allowed(domain.raw, by: $0) }
        var problems = domain.problems.map { "\($0.severity.rawValue): \($0.message)" }
        if allowedByProfile == false {
            problems.append("error: the provisioning profile does not allow this entry (ENT-005)")
        }
        self.problems = problems
    }
}

/// One link-API hit in an executable, located (file, slice, section, offset).
public struct LinkHandlerRow: Sendable, Equatable, Codable, Identifiable {
    public var id: String { "\(file)#\(slice)#\(section)#\(offset)#\(name)" }
    /// `receiver`, `outgoing` or `webView`.
    public var kind: String
    /// "Receives links", "Opens links", "Web view".
    public var kindText: String
    /// The selector or symbol.
    public var name: String
    public var file: String
    public var slice: String
    public var section: String
    public var offset: Int
    /// `0x1a2b`.
    public var offsetText: String
    /// `frida-trace` hooking this receiver (receivers in a spawnable process only).
    public var fridaCommand: String?

    init(_ record: SliceSummary.EvidenceRecord, process: String?) {
        kind = record.kind
        switch record.kind {
        case "receiver": kindText = "Receives links"
        case "outgoing": kindText = "Opens links"
        case "webView": kindText = "Web view"
        case "authentication": kindText = "Sign-in"
        case "parameter": kindText = "Redirect parameter"
        default: kindText = record.kind
        }
        name = record.name
        file = record.file
        slice = record.slice
        section = record.section
        offset = record.offset
        offsetText = "0x" + String(record.offset, radix: 16)
        fridaCommand =
            record.kind == "receiver"
            ? process.map { Analysis.fridaCommand(process: $0, receivers: [record.name]) } : nil
    }

    /// Receivers first, then outgoing calls, then web views; by name, file, slice and offset.
    static func precedes(_ a: SliceSummary.EvidenceRecord, _ b: SliceSummary.EvidenceRecord) -> Bool {
        func rank(_ kind: String) -> Int { ["receiver": 0, "outgoing": 1, "webView": 2][kind] ?? 3 }
        if rank(a.kind) != rank(b.kind) { return rank(a.kind) < rank(b.kind) }
        return (a.name, a.file, a.slice, a.offset) < (b.name, b.file, b.slice, b.offset)
    }
}
