import Foundation
import MachOReader

/// An `embedded.mobileprovision`: what the signing identity was allowed (a ceiling, not what
/// the app has).
public struct ProvisioningProfile: Sendable, Equatable {
    /// `Name`.
    public var name: String?
    /// `UUID`.
    public var uuid: String?
    /// `TeamIdentifier`.
    public var teamIdentifier: [String]
    /// `TeamName`.
    public var teamName: String?
    /// `ApplicationIdentifierPrefix`.
    public var applicationIdentifierPrefix: [String]
    /// `AppIDName`.
    public var appIDName: String?
    /// `Platform`.
    public var platforms: [String]
    /// `CreationDate`.
    public var creationDate: Date?
    /// `ExpirationDate`.
    public var expirationDate: Date?
    /// `Entitlements`: the ceiling (may hold wildcards such as `"*"`).
    public var entitlements: PlistValue
    /// `ProvisionedDevices` (UDIDs).
    public var provisionedDevices: [String]
    /// `ProvisionsAllDevices` (enterprise).
    public var provisionsAllDevices: Bool
    /// `DeveloperCertificates`, decoded.
    public var developerCertificates: [DeveloperCertificate]
    /// True when the CMS envelope used BER indefinite lengths (not DER).
    public var usesIndefiniteLength: Bool
    /// Problems met while reading the profile (it was still read).
    public var diagnostics: [String]

    /// `development`, `ad-hoc`, `enterprise` or `app-store`, from the profile's own keys.
    public var distribution: String {
        if PlistAccess.bool(PlistAccess.dictionary(entitlements)?["get-task-allow"]) == true { return "development" }
        if provisionsAllDevices { return "enterprise" }
        if !provisionedDevices.isEmpty { return "ad-hoc" }
        return "app-store"
    }

    /// A developer certificate named in the profile.
    public struct DeveloperCertificate: Sendable, Equatable, Codable {
        /// The subject, RFC 4514 style.
        public var subject: String
        /// The subject's common name.
        public var commonName: String?
        /// End of validity.
        public var notValidAfter: Date?
        /// Start of validity.
        public var notValidBefore: Date?
        /// Serial number (hex).
        public var serialNumber: String?
        /// Why the certificate could not be decoded, when it could not.
        public var error: String?
    }
}
