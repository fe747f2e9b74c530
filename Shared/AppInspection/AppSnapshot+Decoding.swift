import Foundation
import MachOReader

// Decoding of the `inspect` JSON shape (AppSnapshot+Encoding.swift), so a saved workbench
// session (`.linklab`) restores the full snapshot without the app. Lives in this module
// because the memberwise initialisers it needs are internal here. Reading is hostile input:
// every field is typed, PlistValue bounds its own depth, and decoding never traps.

extension AppSnapshot: Decodable {
    private enum DecodingKeys: String, CodingKey { case source, bundles, diagnostics }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecodingKeys.self)
        self.init(
            source: try container.decode(Source.self, forKey: .source),
            bundles: try container.decode([BundleInfo].self, forKey: .bundles),
            diagnostics: try container.decode([InspectionDiagnostic].self, forKey: .diagnostics))
    }
}

extension InspectionDiagnostic: Decodable {
    private enum DecodingKeys: String, CodingKey { case id, severity, message, path }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            severity: try container.decode(String.self, forKey: .severity),
            message: try container.decode(String.self, forKey: .message),
            path: try container.decodeIfPresent(String.self, forKey: .path))
    }
}

extension BundleInfo: Decodable {
    private enum DecodingKeys: String, CodingKey {
        case role, path, bundleIdentifier, applicationIdentifier, teamIdentifier, urlSchemes, entitlements,
            entitlementsSource, associatedDomains, slices, provisioningProfile
        case executable, version, shortVersion, minimumOSVersion, queriedSchemes, activityTypes, hasSceneManifest,
            appStoreDownload, archivedEntitlements, diagnostics
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecodingKeys.self)
        self.init(
            role: try container.decode(BundleRole.self, forKey: .role),
            path: try container.decode(String.self, forKey: .path))
        bundleIdentifier = try container.decodeIfPresent(String.self, forKey: .bundleIdentifier)
        applicationIdentifier = try container.decodeIfPresent(String.self, forKey: .applicationIdentifier)
        teamIdentifier = try container.decodeIfPresent(String.self, forKey: .teamIdentifier)
        urlSchemes = try container.decode([String].self, forKey: .urlSchemes)
        entitlements = try container.decode(PlistValue.self, forKey: .entitlements)
        entitlementsSource = try container.decode(EntitlementsSource.self, forKey: .entitlementsSource)
        associatedDomains = try container.decode([AssociatedDomain].self, forKey: .associatedDomains)
        slices = try container.decode([SliceSummary].self, forKey: .slices)
        provisioningProfile = try container.decodeIfPresent(ProvisioningProfile.self, forKey: .provisioningProfile)
        executable = try container.decodeIfPresent(String.self, forKey: .executable)
        version = try container.decodeIfPresent(String.self, forKey: .version)
        shortVersion = try container.decodeIfPresent(String.self, forKey: .shortVersion)
        minimumOSVersion = try container.decodeIfPresent(String.self, forKey: .minimumOSVersion)
        queriedSchemes = try container.decode([String].self, forKey: .queriedSchemes)
        activityTypes = try container.decode([String].self, forKey: .activityTypes)
        hasSceneManifest = try container.decode(Bool.self, forKey: .hasSceneManifest)
        isAppStoreDownload = try container.decode(Bool.self, forKey: .appStoreDownload)
        archivedEntitlements = try container.decodeIfPresent(PlistValue.self, forKey: .archivedEntitlements)
        diagnostics = try container.decode([InspectionDiagnostic].self, forKey: .diagnostics)
    }
}

extension SliceSummary: Decodable {
    private enum DecodingKeys: String, CodingKey {
        case arch, fileType, signed, adhoc, encrypted, signingIdentifier, teamIdentifier, linkHandlers, outgoingLinks
        case webViews, linkEvidence, linkScanReliable, entitlementsSource, hashChecks, minimumOS, platform
        case signatureError, entitlementsDifferences
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecodingKeys.self)
        self.init(
            arch: try container.decode(String.self, forKey: .arch),
            fileType: try container.decode(String.self, forKey: .fileType),
            signed: try container.decode(Bool.self, forKey: .signed),
            adhoc: try container.decode(Bool.self, forKey: .adhoc),
            encrypted: try container.decode(Bool.self, forKey: .encrypted),
            signingIdentifier: try container.decodeIfPresent(String.self, forKey: .signingIdentifier),
            teamIdentifier: try container.decodeIfPresent(String.self, forKey: .teamIdentifier),
            linkHandlers: try container.decode([String].self, forKey: .linkHandlers),
            outgoingLinks: try container.decode([String].self, forKey: .outgoingLinks),
            webViews: try container.decode([String].self, forKey: .webViews),
            linkEvidence: try container.decode([EvidenceRecord].self, forKey: .linkEvidence),
            linkScanReliable: try container.decode(Bool.self, forKey: .linkScanReliable),
            entitlementsSource: try container.decode(EntitlementsSource.self, forKey: .entitlementsSource),
            hashChecks: try container.decode([HashCheck].self, forKey: .hashChecks),
            minimumOS: try container.decodeIfPresent(String.self, forKey: .minimumOS),
            platform: try container.decodeIfPresent(String.self, forKey: .platform),
            signatureError: try container.decodeIfPresent(String.self, forKey: .signatureError),
            entitlementsDifferences: try container.decodeIfPresent(
                [EntitlementsComparison.Difference].self, forKey: .entitlementsDifferences) ?? [])
    }
}

extension ProvisioningProfile: Decodable {
    private enum DecodingKeys: String, CodingKey {
        case name, teamIdentifier, expirationDate, entitlements
        case uuid, teamName, applicationIdentifierPrefix, appIDName, platforms, creationDate, provisionedDevices,
            provisionsAllDevices, developerCertificates, encoding, diagnostics
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DecodingKeys.self)
        let encoding = try container.decode(String.self, forKey: .encoding)
        guard encoding == "der" || encoding == "ber-indefinite" else {
            throw DecodingError.dataCorruptedError(
                forKey: .encoding, in: container,
                debugDescription: "encoding must be der or ber-indefinite")
        }
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name),
            uuid: try container.decodeIfPresent(String.self, forKey: .uuid),
            teamIdentifier: try container.decode([String].self, forKey: .teamIdentifier),
            teamName: try container.decodeIfPresent(String.self, forKey: .teamName),
            applicationIdentifierPrefix: try container.decode([String].self, forKey: .applicationIdentifierPrefix),
            appIDName: try container.decodeIfPresent(String.self, forKey: .appIDName),
            platforms: try container.decode([String].self, forKey: .platforms),
            creationDate: try container.decodeIfPresent(Date.self, forKey: .creationDate),
            expirationDate: try container.decodeIfPresent(Date.self, forKey: .expirationDate),
            entitlements: try container.decode(PlistValue.self, forKey: .entitlements),
            provisionedDevices: try container.decode([String].self, forKey: .provisionedDevices),
            provisionsAllDevices: try container.decode(Bool.self, forKey: .provisionsAllDevices),
            developerCertificates: try container.decode([DeveloperCertificate].self, forKey: .developerCertificates),
            usesIndefiniteLength: encoding == "ber-indefinite",
            diagnostics: try container.decode([String].self, forKey: .diagnostics))
    }
}
