import Foundation
import MachOReader

/// Encodes an optional as an explicit `null` (the contract shows `null`, never a missing key).
extension KeyedEncodingContainer {
    fileprivate mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

extension AppSnapshot: Encodable {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, source, bundles, diagnostics
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(source, forKey: .source)
        try container.encode(bundles, forKey: .bundles)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}

extension InspectionDiagnostic {
    private enum CodingKeys: String, CodingKey {
        case id, severity, message, path
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encodeOrNull(path, forKey: .path)
    }
}

extension BundleInfo: Encodable {
    private enum CodingKeys: String, CodingKey {
        case role, path, bundleIdentifier, applicationIdentifier, teamIdentifier, urlSchemes, entitlements,
            entitlementsSource, associatedDomains, slices, provisioningProfile
        case executable, version, shortVersion, minimumOSVersion, queriedSchemes, activityTypes, hasSceneManifest,
            appStoreDownload, archivedEntitlements, diagnostics
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(path, forKey: .path)
        try container.encodeOrNull(bundleIdentifier, forKey: .bundleIdentifier)
        try container.encodeOrNull(applicationIdentifier, forKey: .applicationIdentifier)
        try container.encodeOrNull(teamIdentifier, forKey: .teamIdentifier)
        try container.encode(urlSchemes, forKey: .urlSchemes)
        try container.encode(entitlements, forKey: .entitlements)
        try container.encode(entitlementsSource, forKey: .entitlementsSource)
        try container.encode(associatedDomains, forKey: .associatedDomains)
        try container.encode(slices, forKey: .slices)
        try container.encodeOrNull(provisioningProfile, forKey: .provisioningProfile)
        try container.encodeOrNull(executable, forKey: .executable)
        try container.encodeOrNull(version, forKey: .version)
        try container.encodeOrNull(shortVersion, forKey: .shortVersion)
        try container.encodeOrNull(minimumOSVersion, forKey: .minimumOSVersion)
        try container.encode(queriedSchemes, forKey: .queriedSchemes)
        try container.encode(activityTypes, forKey: .activityTypes)
        try container.encode(hasSceneManifest, forKey: .hasSceneManifest)
        try container.encode(isAppStoreDownload, forKey: .appStoreDownload)
        try container.encodeOrNull(archivedEntitlements, forKey: .archivedEntitlements)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}

extension SliceSummary {
    private enum CodingKeys: String, CodingKey {
        case arch, fileType, signed, adhoc, encrypted, signingIdentifier, teamIdentifier, linkHandlers, outgoingLinks
        case webViews, linkEvidence, linkScanReliable, entitlementsSource, hashChecks, minimumOS, platform,
            signatureError
        case entitlementsDifferences
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(arch, forKey: .arch)
        try container.encode(fileType, forKey: .fileType)
        try container.encode(signed, forKey: .signed)
        try container.encode(adhoc, forKey: .adhoc)
        try container.encode(encrypted, forKey: .encrypted)
        try container.encodeOrNull(signingIdentifier, forKey: .signingIdentifier)
        try container.encodeOrNull(teamIdentifier, forKey: .teamIdentifier)
        try container.encode(linkHandlers, forKey: .linkHandlers)
        try container.encode(outgoingLinks, forKey: .outgoingLinks)
        try container.encode(webViews, forKey: .webViews)
        try container.encode(linkEvidence, forKey: .linkEvidence)
        try container.encode(linkScanReliable, forKey: .linkScanReliable)
        try container.encode(entitlementsSource, forKey: .entitlementsSource)
        try container.encode(hashChecks, forKey: .hashChecks)
        try container.encodeOrNull(minimumOS, forKey: .minimumOS)
        try container.encodeOrNull(platform, forKey: .platform)
        try container.encodeOrNull(signatureError, forKey: .signatureError)
        if !entitlementsDifferences.isEmpty {
            try container.encode(entitlementsDifferences, forKey: .entitlementsDifferences)
        }
    }
}

extension ProvisioningProfile: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name, teamIdentifier, expirationDate, entitlements
        case uuid, teamName, applicationIdentifierPrefix, appIDName, platforms, creationDate, provisionedDevices,
            provisionsAllDevices, developerCertificates, distribution, encoding, diagnostics
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeOrNull(name, forKey: .name)
        try container.encode(teamIdentifier, forKey: .teamIdentifier)
        try container.encodeOrNull(expirationDate, forKey: .expirationDate)
        try container.encode(entitlements, forKey: .entitlements)
        try container.encodeOrNull(uuid, forKey: .uuid)
        try container.encodeOrNull(teamName, forKey: .teamName)
        try container.encode(applicationIdentifierPrefix, forKey: .applicationIdentifierPrefix)
        try container.encodeOrNull(appIDName, forKey: .appIDName)
        try container.encode(platforms, forKey: .platforms)
        try container.encodeOrNull(creationDate, forKey: .creationDate)
        try container.encode(provisionedDevices, forKey: .provisionedDevices)
        try container.encode(provisionsAllDevices, forKey: .provisionsAllDevices)
        try container.encode(developerCertificates, forKey: .developerCertificates)
        try container.encode(distribution, forKey: .distribution)
        try container.encode(usesIndefiniteLength ? "ber-indefinite" : "der", forKey: .encoding)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}
