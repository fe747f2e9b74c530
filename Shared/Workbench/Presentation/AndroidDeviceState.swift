import DeviceTools
import Foundation

/// What an Android device recorded for the audited app (`adb shell pm get-app-links PACKAGE`,
/// Android 12 and later) beside what the workbench decided from the hosts' `assetlinks.json`:
/// the Android counterpart of the device state a `swcutil show` dump gives on iOS. Computed
/// here so every face shows the same rows; the Mac app runs the command and renders this.
public struct AndroidDeviceStateCard: Sendable, Equatable {
    /// One host the app declares or the device lists.
    public struct Row: Sendable, Equatable, Identifiable {
        public var id: String { host }
        /// As declared (`*.example.org` kept).
        public var host: String
        /// The device's state as printed (`verified`, `none`, `1026`), or "not listed".
        public var deviceState: String
        /// Whether the device opens the host's links in the app without asking (nil: not listed).
        public var deviceOpensInApp: Bool?
        /// Whether the workbench's files verify the host (nil: the workbench does not decide it).
        public var workbenchVerifies: Bool?
        /// One line: the two answers, and whether they agree.
        public var summary: String
        /// True when both answered and they differ (a stale device, a file changed since, a CDN).
        public var disagrees: Bool
    }

    /// The package asked about.
    public var package: String
    /// The app's hosts first (in the workbench's order), then those only the device lists.
    public var rows: [Row]
    /// Sentences above the rows: no block for the package, a user who turned the app's links
    /// off, signing certificates that differ from the APK's.
    public var notes: [String]

    /// The card of `output` (`pm get-app-links` output) for `package`; `verification` is the
    /// workbench's answer per declared host (`host` → verified), in its order; `certificates`
    /// the APK's signing certificates' SHA-256 (any case, colons or not).
    public init(
        output: String, package: String, verification: [(host: String, verified: Bool)],
        certificates: [String]
    ) {
        self.init(
            block: AndroidAppLinksState.parse(output).first { $0.package == package }, package: package,
            verification: verification, certificates: certificates)
    }

    /// The card of `block` (the package's block of `pm get-app-links` output, nil when the output
    /// had none) for `package`, with `verification` and `certificates` as in `init(output:…)`.
    public init(
        block: AndroidAppLinksState?, package: String, verification: [(host: String, verified: Bool)],
        certificates: [String]
    ) {
        self.package = package
        var notes: [String] = []
        var rows: [Row] = []
        let listed = Dictionary(
            (block?.domains ?? []).map { ($0.host.lowercased(), $0.state) },
            uniquingKeysWith: { first, _ in first })
        if block == nil {
            notes.append(
                "The device has no App Links record for \(package): the app is not installed there, "
                    + "or the device runs Android 11 or lower (pm get-app-links needs Android 12).")
        }
        for (host, verified) in verification {
            rows.append(Self.row(host: host, state: listed[host.lowercased()], verifies: verified))
        }
        let declared = Set(verification.map { $0.host.lowercased() })
        for domain in block?.domains ?? [] where !declared.contains(domain.host.lowercased()) {
            rows.append(Self.row(host: domain.host, state: domain.state, verifies: nil))
        }
        for user in block?.users ?? [] where user.linkHandlingAllowed == false {
            notes.append(
                "User \(user.id) turned off opening supported links in this app: links go to the browser "
                    + "whatever the hosts' states.")
        }
        if let block, !block.signatures.isEmpty {
            let ours = Set(certificates.compactMap(Self.normalisedFingerprint))
            let device = Set(block.signatures.compactMap(Self.normalisedFingerprint))
            if !ours.isEmpty, !device.isEmpty, ours.isDisjoint(with: device) {
                notes.append(
                    "The installed app is signed with other certificates than this APK: the device's "
                        + "states are about another build.")
            }
        }
        self.rows = rows
        self.notes = notes
    }

    static func row(host: String, state: AndroidDomainState?, verifies: Bool?) -> Row {
        let device = state.map { "device: \($0.text)" } ?? "device: not listed"
        let workbench =
            verifies.map { $0 ? "workbench: verifies" : "workbench: does not verify" }
            ?? "workbench: not declared by this APK"
        let disagrees = state != nil && verifies != nil && state!.opensInApp != verifies!
        let summary = [device, workbench].joined(separator: " · ") + (disagrees ? " — they disagree" : "")
        return Row(
            host: host, deviceState: state?.text ?? "not listed", deviceOpensInApp: state?.opensInApp,
            workbenchVerifies: verifies, summary: summary, disagrees: disagrees)
    }

    /// A SHA-256 fingerprint as 64 upper-case hex digits (colons and spaces dropped), or nil.
    static func normalisedFingerprint(_ text: String) -> String? {
        let hex = text.uppercased().filter { $0 != ":" && $0 != " " }
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else { return nil }
        return hex
    }
}

extension AndroidDeviceStateCard {
    /// The heading of what the device recorded, in a panel.
    static let panelHeading = "On the device (pm get-app-links)"

    /// What the device recorded about the hosts `card`'s `assetlinks.json` decides (its declared
    /// hosts, wildcards kept, and the host itself): a heading and a row each, a row the device and
    /// the files disagree on marked; nothing when the device lists none of them.
    func blocks(for card: AndroidHostCard) -> [PanelBlock] {
        let declared = Set(card.verification.map { $0.host.lowercased() } + [card.host.lowercased()])
        let rows = rows.filter { declared.contains($0.host.lowercased()) }
        guard !rows.isEmpty else { return [] }
        return [
            .heading(Self.panelHeading, level: 5, hook: "device-state"),
            .list(
                rows.map { row in
                    PanelCell(
                        row.host + ": " + row.summary,
                        badge: row.disagrees ? Badge("disagrees", tone: "warn") : nil)
                }, hook: "device-state-rows"),
        ]
    }

    /// What the device recorded that is about no one host (no record for the package, links
    /// turned off, another build): a heading and the notes; nothing without a note.
    var noteBlocks: [PanelBlock] {
        notes.isEmpty ? [] : [.heading(Self.panelHeading, hook: "device-state"), .problems(notes)]
    }
}

/// Open on Android Device and Read Device State: whether they apply, which package they ask
/// about, and the `adb` commands (`AndroidDeviceCommands`) — decided here, run by the Mac app.
public struct AndroidDeviceActions: Sendable, Equatable {
    /// The audited package (`pm get-app-links` asks about it); nil without an Android app.
    public var package: String?
    /// Whether the buttons are shown at all (the document holds an Android app).
    public var isShown: Bool { package != nil }
    /// Why the buttons cannot run (adb not found), or nil.
    public var unavailableReason: String?

    public init(package: String?, detection: AndroidTools.Detection?) {
        self.package = package
        unavailableReason = detection?.reason
    }

    /// The actions for `document` (`detection`: nil until looked for).
    @MainActor
    public init(document: WorkbenchDocument, detection: AndroidTools.Detection?) {
        self.init(package: document.android?.snapshot.manifest.packageName, detection: detection)
    }

    /// The `adb … am start -a VIEW -c BROWSABLE -d URL` command for `url`, or why not.
    public func openCommand(url: String, adb: String) -> Result<ToolCommand, ToolInputError> {
        Result { () throws(ToolInputError) in try AndroidDeviceCommands.openURL(url, adb: adb) }
    }

    /// The `adb shell pm get-app-links PACKAGE` command, or why not (no Android app, an invalid
    /// package name).
    public func stateCommand(adb: String) -> Result<ToolCommand, ToolInputError> {
        guard let package else { return .failure(.invalidPackage("")) }
        return Result { () throws(ToolInputError) in
            try AndroidDeviceCommands.appLinksState(package: package, adb: adb)
        }
    }
}

extension WorkbenchDocument {
    /// The device-state card of `pm get-app-links` output for this document's Android app (nil
    /// without one): the workbench's per-host verification from the current files beside it.
    public func androidDeviceState(output: String) -> AndroidDeviceStateCard? {
        guard let part = android else { return nil }
        let package = part.snapshot.manifest.packageName
        return androidDeviceCard(block: AndroidAppLinksState.parse(output).first { $0.package == package })
    }

    /// The device-state card of the record the document holds (`importAndroidDeviceState`, or a
    /// reopened session's), against the current files; nil without an Android app or a record.
    public var androidDeviceStateCard: AndroidDeviceStateCard? {
        guard let record = android?.deviceRecord else { return nil }
        return androidDeviceCard(block: record.state)
    }

    /// The card of `block` for the Android app: the workbench's per-host verification from the
    /// current files (every host unverified before the first decision) and the APK's certificates.
    func androidDeviceCard(block: AndroidAppLinksState?) -> AndroidDeviceStateCard? {
        guard let part = android else { return nil }
        let hosts =
            androidAnalysis?.facts.verification.hosts.map { (host: $0.host, verified: $0.verified) }
            ?? part.hosts.map { (host: $0, verified: false) }
        return AndroidDeviceStateCard(
            block: block, package: part.snapshot.manifest.packageName,
            verification: hosts,
            certificates: part.snapshot.signing.effectiveCertificates(sdk: part.sdk)
                .map(\.sha256))
    }
}
