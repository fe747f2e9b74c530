import Foundation
import MachOReader

/// Everything `linklab inspect` learned about one input; encodes to the `inspect` JSON
/// document of docs/cli.md (field names are a contract).
public struct AppSnapshot: Sendable, Equatable {
    /// Version of the JSON document.
    public static let schemaVersion = 1
    /// The input.
    public var source: Source
    /// The main app first, then nested bundles.
    public var bundles: [BundleInfo]
    /// Input-level diagnostics (bundle-level ones are also listed here with the bundle path).
    public var diagnostics: [InspectionDiagnostic]

    /// Creates a snapshot.
    public init(source: Source, bundles: [BundleInfo], diagnostics: [InspectionDiagnostic]) {
        self.source = source
        self.bundles = bundles
        self.diagnostics = diagnostics
    }

    /// The main app bundle, when the input was an app.
    public var mainBundle: BundleInfo? { bundles.first { $0.role == .app } ?? bundles.first }

    /// The inspected input.
    public struct Source: Sendable, Equatable, Codable {
        /// The path as given.
        public var path: String
        /// `ipa`, `app` or `macho`.
        public var kind: Kind
        /// SHA-256 of the input file (hex); for a folder, of its main executable.
        public var sha256: String
        /// Size in bytes of the input file (folder: of the main executable).
        public var size: UInt64

        /// What kind of input was read.
        public enum Kind: String, Sendable, Codable, Equatable {
            /// A ZIP archive with `Payload/X.app`.
            case ipa
            /// An unpacked `.app` folder (or a folder holding `Payload/X.app`).
            case app
            /// A bare Mach-O file.
            case macho
        }

        /// Creates a source description.
        public init(path: String, kind: Kind, sha256: String, size: UInt64) {
            self.path = path
            self.kind = kind
            self.sha256 = sha256
            self.size = size
        }
    }
}

/// A problem found while inspecting that did not stop the inspection.
public struct InspectionDiagnostic: Sendable, Equatable, Hashable, Encodable {
    /// Stable identifier (e.g. `bundle.missing-executable`).
    public var id: String
    /// `error` (something could not be read), `warning` or `info`.
    public var severity: String
    /// A sentence a tester understands.
    public var message: String
    /// The bundle (or file) it concerns, when there is one.
    public var path: String?

    /// Creates a diagnostic.
    public init(id: String, severity: String, message: String, path: String? = nil) {
        self.id = id
        self.severity = severity
        self.message = message
        self.path = path
    }
}

/// Where the signed entitlements were read from.
public enum EntitlementsSource: String, Sendable, Codable, Equatable {
    /// Only the XML blob (slot 5).
    case xml
    /// Only the DER blob (slot 7).
    case der
    /// Both blobs (they should agree; a diagnostic says when they do not).
    case xmlAndDER = "xml+der"
    /// No signed entitlements.
    case none
}

/// One bundle of the app (main app, extension, App Clip, watch app, framework).
public struct BundleInfo: Sendable, Equatable {
    /// What the bundle is.
    public var role: BundleRole
    /// Its folder (or dylib) inside the input, '/'-separated.
    public var path: String
    /// `CFBundleIdentifier`.
    public var bundleIdentifier: String?
    /// `application-identifier` from the signed entitlements (else the archived ones).
    public var applicationIdentifier: String?
    /// Team: entitlements' `com.apple.developer.team-identifier`, else the CodeDirectory's, else the profile's.
    public var teamIdentifier: String?
    /// `CFBundleExecutable` (or the bundle name).
    public var executable: String?
    /// `CFBundleVersion`.
    public var version: String?
    /// `CFBundleShortVersionString`.
    public var shortVersion: String?
    /// `MinimumOSVersion`.
    public var minimumOSVersion: String?
    /// `CFBundleURLTypes[].CFBundleURLSchemes`, in order, without duplicates.
    public var urlSchemes: [String]
    /// `LSApplicationQueriesSchemes`.
    public var queriedSchemes: [String]
    /// `NSUserActivityTypes`.
    public var activityTypes: [String]
    /// True when Info.plist has a `UIApplicationSceneManifest` (links arrive through the scene delegate).
    public var hasSceneManifest: Bool
    /// True when the bundle has `SC_Info/` (an App Store download, FairPlay-encrypted).
    public var isAppStoreDownload: Bool
    /// The signed entitlements (XML/DER) of the executable; an empty dictionary when none.
    public var entitlements: PlistValue
    /// Which signature blobs the entitlements came from.
    public var entitlementsSource: EntitlementsSource
    /// `archived-expanded-entitlements.xcent` (not authoritative: not part of the signature).
    public var archivedEntitlements: PlistValue?
    /// `com.apple.developer.associated-domains` entries, parsed (from the signed entitlements,
    /// else from the archived ones).
    public var associatedDomains: [AssociatedDomain]
    /// The executable's architectures.
    public var slices: [SliceSummary]
    /// `embedded.mobileprovision`, when present and readable.
    public var provisioningProfile: ProvisioningProfile?
    /// What could not be read in this bundle.
    public var diagnostics: [InspectionDiagnostic]

    /// An empty bundle record at `path`.
    public init(role: BundleRole, path: String) {
        self.role = role
        self.path = path
        urlSchemes = []
        queriedSchemes = []
        activityTypes = []
        hasSceneManifest = false
        isAppStoreDownload = false
        entitlements = .dictionary([:])
        entitlementsSource = .none
        associatedDomains = []
        slices = []
        diagnostics = []
    }
}

/// One architecture of a bundle's executable.
public struct SliceSummary: Sendable, Equatable, Encodable {
    /// `arm64`, `arm64e`, `x86_64`, …
    public var arch: String
    /// `execute`, `dylib`, `bundle`, …
    public var fileType: String
    /// Has a code signature.
    public var signed: Bool
    /// The CodeDirectory is ad hoc.
    public var adhoc: Bool
    /// `cryptid` ≠ 0 (FairPlay): string scans are unreliable.
    public var encrypted: Bool
    /// The CodeDirectory identifier.
    public var signingIdentifier: String?
    /// The CodeDirectory team identifier.
    public var teamIdentifier: String?
    /// Receivers found (selectors and symbols that take incoming links), sorted.
    public var linkHandlers: [String]
    /// Outgoing link APIs found, sorted.
    public var outgoingLinks: [String]
    /// Web-view APIs found, sorted.
    public var webViews: [String]
    /// Every hit with file, slice, section and offset.
    public var linkEvidence: [EvidenceRecord]
    /// False when the scan cannot be trusted (encrypted text).
    public var linkScanReliable: Bool
    /// Where the entitlements of this slice came from.
    public var entitlementsSource: EntitlementsSource
    /// Special-slot hash checks of the CodeDirectory (entitlements blobs, Info.plist…).
    public var hashChecks: [HashCheck]
    /// `LC_BUILD_VERSION` / `LC_VERSION_MIN_*` minimum OS.
    public var minimumOS: String?
    /// The platform `minimumOS` is for (`ios`, `macos`, `maccatalyst`, …), from the same command.
    public var platform: String? = nil
    /// Why the signature could not be read, when it could not.
    public var signatureError: String?
    /// Where the XML (slot 5) and DER (slot 7) entitlements disagree, when both were read; empty
    /// when they agree or only one exists (encoded only when non-empty, so documents keep their bytes).
    public var entitlementsDifferences: [EntitlementsComparison.Difference] = []

    /// One link-evidence hit, located.
    public struct EvidenceRecord: Sendable, Equatable, Codable {
        /// `receiver`, `outgoing`, `webView` or `authentication` (sign-in and PKCE evidence).
        public var kind: String
        /// The selector or symbol.
        public var name: String
        /// The executable's path in the input.
        public var file: String
        /// The slice's architecture.
        public var slice: String
        /// Section (`__TEXT,__objc_methname`) or `symtab`.
        public var section: String
        /// Offset in the file (slice offset added).
        public var offset: Int
    }

    /// One special-slot hash check.
    public struct HashCheck: Sendable, Equatable, Codable {
        /// The slot (5 XML entitlements, 7 DER entitlements, …).
        public var slot: Int
        /// Hash type of the CodeDirectory that holds the expected hash (`sha1`, `sha256`, …).
        public var hashType: String
        /// `ok`, `mismatch` or `missing`.
        public var status: String
    }
}
