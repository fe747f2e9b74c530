import Foundation
import MachOReader

/// Reads one bundle of the tree: Info.plist, executable (signature, entitlements, link
/// evidence), archived entitlements and provisioning profile. Problems become diagnostics.
struct BundleInspector: Sendable {
    let tree: BundleFileTree
    let maxExecutableBytes: UInt64
    /// Cancellation checks and progress of the whole inspection.
    let meter: InspectionMeter
    /// The executable whose bytes count in the progress (the main app's); others only check.
    let countedExecutable: String?

    static let associatedDomainsKey = "com.apple.developer.associated-domains"
    static let maxSmallFileBytes: UInt64 = 8 << 20

    /// Where the executable should be, from Info.plist's `CFBundleExecutable` or the bundle name.
    static func executablePath(tree: BundleFileTree, bundle: String) -> String? {
        let info = try? tree.read(bundle + "/Info.plist", maxBytes: InfoPlist.maxBytes)
        let declared = info.flatMap { try? PlistValue.decode($0) }.flatMap(InfoPlist.init)?.executable
        return executablePath(bundle: bundle, declared: declared)
    }

    static func executablePath(bundle: String, declared: String?) -> String? {
        if let declared {
            guard isSafeName(declared) else { return nil }
            return bundle + "/" + declared
        }
        let base = (bundle.split(separator: "/").last).map(String.init) ?? bundle
        guard let dot = base.lastIndex(of: ".") else { return nil }
        let name = String(base[..<dot])
        return name.isEmpty ? nil : bundle + "/" + name
    }

    /// A file name that stays inside its folder.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
            && !name.contains("\\")
    }

    func inspect(_ location: BundleLocation) throws(InspectionError) -> BundleInfo {
        try meter.check()
        var bundle = BundleInfo(role: location.role, path: location.path)

        var executable: String?
        if location.isDylib {
            executable = location.path
            bundle.executable = (location.path.split(separator: "/").last).map(String.init)
        } else {
            var declared: String?
            let infoPath = location.path + "/Info.plist"
            if tree.containsFile(infoPath) {
                let data = try tree.read(infoPath, maxBytes: InfoPlist.maxBytes)
                do {
                    if let info = InfoPlist(try decodePlist(data)) {
                        bundle.bundleIdentifier = info.bundleIdentifier
                        bundle.version = info.version
                        bundle.shortVersion = info.shortVersion
                        bundle.minimumOSVersion = info.minimumOSVersion
                        bundle.urlSchemes = info.urlSchemes
                        bundle.queriedSchemes = info.queriedSchemes
                        bundle.activityTypes = info.activityTypes
                        bundle.hasSceneManifest = info.hasSceneManifest
                        declared = info.executable
                        if info.bundleIdentifier == nil {
                            bundle.note(
                                "plist.missing-bundle-identifier", "warning",
                                "Info.plist has no CFBundleIdentifier")
                        }
                    } else {
                        bundle.note("plist.not-a-dictionary", "error", "Info.plist is not a dictionary")
                    }
                } catch {
                    bundle.note("plist.malformed", "error", "Info.plist could not be read: \(error)")
                }
            } else {
                bundle.note("bundle.missing-info-plist", "error", "the bundle has no Info.plist")
            }
            if let declared, !Self.isSafeName(declared) {
                bundle.note(
                    "plist.unsafe-executable-name", "error",
                    """
                    CFBundleExecutable \(InspectionError.quoted(declared)) is not a plain file name; not read
                    """)
            }
            executable = Self.executablePath(bundle: location.path, declared: declared)
            bundle.executable = executable.flatMap { $0.split(separator: "/").last.map(String.init) }
            // `directories` holds every parent of every file, so no scan of `files` is needed
            // (that scan, once per bundle, was quadratic on archives with many bundles and files).
            bundle.isAppStoreDownload = tree.directories.contains(location.path + "/SC_Info")
            if bundle.isAppStoreDownload {
                bundle.note(
                    "bundle.app-store-download", "info",
                    """
                    SC_Info/ present: an App Store (FairPlay) download; executable text is likely encrypted
                    """)
            }
        }

        if let executable {
            if tree.containsFile(executable) {
                try readExecutable(executable, into: &bundle)
            } else if location.role != .framework || !location.isDylib {
                bundle.note(
                    "bundle.missing-executable", location.role == .app ? "error" : "warning",
                    "executable \(InspectionError.quoted(executable)) is missing")
            }
        }

        if !location.isDylib {
            try readArchivedEntitlements(location.path + "/archived-expanded-entitlements.xcent", into: &bundle)
            try readProfile(location.path + "/embedded.mobileprovision", into: &bundle)
        }
        Self.finish(&bundle)
        return bundle
    }

    private func decodePlist(_ data: Data) throws -> PlistValue {
        try PlistValue.decode(data)
    }

    /// Archive errors (limits, corrupt deflate, CRC) propagate: the input is then unreadable.
    private func readExecutable(
        _ path: String, into bundle: inout BundleInfo
    ) throws(InspectionError) {
        let counted = path == countedExecutable ? tree.size(of: path) : nil
        let data = try meter.stage(path, counted: counted) { (advance) throws(InspectionError) in
            try ExecutableLoader.load(path, tree: tree, maxBytes: maxExecutableBytes, progress: advance)
        }
        do {
            let file = try MachOFile(data: data, limits: ExecutableLoader.readerLimits)
            Self.apply(file, executablePath: path, to: &bundle)
        } catch {
            bundle.note("macho.unreadable", "error", "executable is not a readable Mach-O file: \(error)")
        }
    }

    private func readArchivedEntitlements(
        _ path: String, into bundle: inout BundleInfo
    ) throws(InspectionError) {
        guard tree.containsFile(path) else { return }
        let data = try tree.read(path, maxBytes: Self.maxSmallFileBytes)
        do {
            let value = try decodePlist(data)
            if PlistAccess.dictionary(value) != nil {
                bundle.archivedEntitlements = value
            } else {
                bundle.note(
                    "xcent.not-a-dictionary", "warning",
                    "archived-expanded-entitlements.xcent is not a dictionary")
            }
        } catch {
            bundle.note(
                "xcent.malformed", "warning",
                "archived-expanded-entitlements.xcent could not be read: \(error)")
        }
    }

    private func readProfile(
        _ path: String, into bundle: inout BundleInfo
    ) throws(InspectionError) {
        guard tree.containsFile(path) else {
            if bundle.role == .app || bundle.role == .extension || bundle.role == .appclip || bundle.role == .watch {
                bundle.note(
                    "profile.missing", "info",
                    "no embedded.mobileprovision (App Store builds and simulator builds have none)")
            }
            return
        }
        let data = try tree.read(path, maxBytes: UInt64(ProvisioningProfile.maxBytes))
        do {
            let profile = try ProvisioningProfile.parse(data)
            for problem in profile.diagnostics { bundle.note("profile.incomplete", "warning", problem) }
            bundle.provisioningProfile = profile
        } catch {
            bundle.note("profile.malformed", "error", "embedded.mobileprovision could not be read: \(error)")
        }
    }

    /// Derives identifiers and associated domains once everything is read (truth order:
    /// signed entitlements > archived .xcent > profile).
    static func finish(_ bundle: inout BundleInfo) {
        if let bundleID = bundle.bundleIdentifier {
            for identifier in Set(bundle.slices.compactMap(\.signingIdentifier)).subtracting([bundleID]).sorted() {
                bundle.note(
                    "signature.identifier-mismatch", "warning",
                    """
                    the code signature's identifier \(InspectionError.quoted(identifier)) differs from \
                    CFBundleIdentifier \(InspectionError.quoted(bundleID)) (Info.plist edited after \
                    signing, or re-signed)
                    """)
            }
        }
        let signed = PlistAccess.dictionary(bundle.entitlements) ?? [:]
        let archived = PlistAccess.dictionary(bundle.archivedEntitlements) ?? [:]
        let hasSigned = bundle.entitlementsSource != .none
        bundle.applicationIdentifier =
            PlistAccess.string(signed["application-identifier"])
            ?? (hasSigned ? nil : PlistAccess.string(archived["application-identifier"]))
        bundle.teamIdentifier =
            PlistAccess.string(signed["com.apple.developer.team-identifier"])
            ?? bundle.slices.lazy.compactMap(\.teamIdentifier).first
            ?? (hasSigned ? nil : PlistAccess.string(archived["com.apple.developer.team-identifier"]))
            ?? bundle.provisioningProfile?.teamIdentifier.first
        let domainSource: [String: PlistValue]
        if hasSigned {
            domainSource = signed
        } else {
            domainSource = archived
            if archived[Self.associatedDomainsKey] != nil {
                bundle.note(
                    "entitlements.archived-only", "warning",
                    """
                    associated domains come from archived-expanded-entitlements.xcent, which is not part of the \
                    signature
                    """)
            }
        }
        if let entries = domainSource[Self.associatedDomainsKey] {
            if PlistAccess.array(entries) == nil {
                bundle.note(
                    "entitlements.associated-domains-type", "error",
                    "\(Self.associatedDomainsKey) is not an array of strings")
            }
            bundle.associatedDomains = PlistAccess.strings(entries).prefix(10_000).map(AssociatedDomain.parse)
        }
    }

    /// Fills slices, signed entitlements and signature diagnostics from a parsed executable.
    static func apply(_ file: MachOFile, executablePath: String, to bundle: inout BundleInfo) {
        for problem in file.problems {
            bundle.note("macho.slice-unreadable", "error", "a slice could not be read: \(problem)")
        }
        var chosen: (PlistValue, EntitlementsSource)?
        for slice in file.slices {
            let summary = SliceSummary(slice, file: executablePath)
            bundle.slices.append(summary)
            if let error = slice.signatureError {
                bundle.note("signature.malformed", "error", "\(slice.arch): code signature could not be read: \(error)")
            } else if slice.codeSignature == nil {
                bundle.note("signature.missing", "warning", "\(slice.arch): the executable is not signed")
            }
            if let signature = slice.codeSignature {
                // Hash-check failures are reported once, below, with their slot named plainly.
                let hashMessages = Set(signature.blobHashChecks.compactMap(CodeSignature.message(for:)))
                for problem in signature.diagnostics {
                    if case .malformed(_, let reason) = problem, hashMessages.contains(reason) { continue }
                    bundle.note("signature.problem", "warning", "\(slice.arch): \(problem)")
                }
                for check in signature.blobHashChecks where !check.ok {
                    let (id, text): (String, String)
                    switch check.status {
                    case .mismatch: (id, text) = ("mismatch", "does not match the blob (changed after signing)")
                    case .missingHash: (id, text) = ("missing", "is missing from the CodeDirectory")
                    case .missingBlob: (id, text) = ("missing-blob", "is present but the blob is absent")
                    default: (id, text) = ("unchecked", "could not be checked (\(check.status.rawValue))")
                    }
                    let blob =
                        check.slot == 5
                        ? "XML entitlements blob (special slot 5)"
                        : check.slot == 7 ? "DER entitlements blob (special slot 7)" : "special slot \(check.slot)"
                    bundle.note(
                        "signature.hash-\(id)", "error",
                        "\(slice.arch): \(blob): the CodeDirectory's \(check.hashType) hash \(text)")
                }
                if let comparison = signature.entitlementsComparison, !comparison.agree {
                    // Name what differs (capped): recent iOS enforces the DER blob, while the XML one is shown.
                    let shown = comparison.differences.prefix(8).map(\.description).joined(separator: "; ")
                    let more = comparison.differences.count > 8 ? "; and \(comparison.differences.count - 8) more" : ""
                    bundle.note(
                        "entitlements.xml-der-disagree", "error",
                        "\(slice.arch): XML and DER entitlements disagree: \(shown)\(more)")
                }
                if let entitlements = signature.entitlements {
                    if let (existing, _) = chosen {
                        if existing != entitlements {
                            bundle.note(
                                "entitlements.slices-disagree", "warning",
                                "\(slice.arch): entitlements differ from another slice's")
                        }
                    } else {
                        chosen = (entitlements, summary.entitlementsSource)
                    }
                }
            }
            if slice.isEncrypted {
                bundle.note(
                    "macho.encrypted", "warning",
                    """
                    \(slice.arch): FairPlay-encrypted (cryptid \(slice.encryption?.cryptID ?? 0)); the link-handler \
                    scan is unreliable
                    """)
            }
        }
        if let (entitlements, source) = chosen {
            bundle.entitlements = entitlements
            bundle.entitlementsSource = source
        }
    }
}

extension SliceSummary {
    init(_ slice: MachOSlice, file: String) {
        let signature = slice.codeSignature
        let directory = signature?.primaryCodeDirectory
        let evidence = slice.linkEvidence.map { hit in
            EvidenceRecord(
                kind: hit.kind.rawValue, name: hit.name, file: file, slice: slice.arch, section: hit.section,
                offset: hit.offset)
        }
        func names(_ kind: String) -> [String] {
            Array(Set(evidence.filter { $0.kind == kind }.map(\.name))).sorted()
        }
        self.init(
            arch: slice.arch,
            fileType: slice.fileType,
            signed: signature != nil,
            adhoc: signature?.isAdhoc ?? false,
            encrypted: slice.isEncrypted,
            signingIdentifier: directory?.identifier,
            teamIdentifier: directory?.teamID,
            linkHandlers: names("receiver"),
            outgoingLinks: names("outgoing"),
            webViews: names("webView"),
            linkEvidence: evidence,
            linkScanReliable: slice.linkScan.isReliable,
            entitlementsSource: EntitlementsSource(rawValue: signature?.entitlementsSource ?? "none") ?? .none,
            hashChecks: (signature?.blobHashChecks ?? []).map {
                HashCheck(slot: $0.slot, hashType: $0.hashType, status: $0.status.rawValue)
            },
            minimumOS: slice.buildVersion?.minOS,
            platform: slice.buildVersion?.platformName,
            signatureError: slice.signatureError,
            entitlementsDifferences: signature?.entitlementsComparison?.differences ?? [])
    }
}

extension BundleInfo {
    /// Records a diagnostic about this bundle.
    mutating func note(_ id: String, _ severity: String, _ message: String) {
        diagnostics.append(InspectionDiagnostic(id: id, severity: severity, message: message, path: path))
    }
}
