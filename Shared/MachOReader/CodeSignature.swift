import Foundation

/// An embedded code signature (`LC_CODE_SIGNATURE` → SuperBlob), parsed but not trusted.
///
/// Nothing here validates certificates or code-page hashes: it reports what the signature
/// declares and whether the entitlements blobs match the hashes every CodeDirectory holds.
public struct CodeSignature: Sendable {
    /// `length` of the SuperBlob (bytes actually parsed; padding after it is ignored).
    public internal(set) var length: Int
    /// Every index entry: slot, offset, and the blob's magic and length.
    public internal(set) var blobs: [BlobEntry]
    /// Every CodeDirectory: slot 0 first, then alternates (`0x1000`–`0x1004`) in index order.
    public internal(set) var codeDirectories: [CodeDirectory]
    /// True when a requirements blob (slot 2, `0xFADE0C01`) is present.
    public internal(set) var hasRequirements: Bool
    /// The XML entitlements plist (slot 5, bytes after the 8-byte blob header).
    public internal(set) var entitlementsXML: Data?
    /// The DER entitlements (slot 7, bytes after the 8-byte blob header).
    public internal(set) var entitlementsDER: Data?
    /// `entitlementsXML` decoded, when it is a valid plist.
    public internal(set) var xmlEntitlements: PlistValue?
    /// `entitlementsDER` decoded, when it is valid DER.
    public internal(set) var derEntitlements: PlistValue?
    /// Slot 5 and slot 7 hash checks, one per entitlements slot per CodeDirectory.
    public internal(set) var blobHashChecks: [BlobHashCheck]
    /// The CMS signature blob (slot `0x10000`): absent, empty (ad hoc) or present.
    public internal(set) var cms: CMSState
    /// The CMS bytes after the blob header, when non-empty (for certificate inspection).
    public internal(set) var cmsData: Data?
    /// Problems that did not stop parsing (bad blob, hash mismatch, undecodable entitlements…).
    public internal(set) var diagnostics: [MachOError]

    /// The state of the CMS blob.
    public enum CMSState: String, Sendable, Equatable, Codable {
        /// No slot `0x10000` blob.
        case absent
        /// A CMS blob with no content (typical of ad hoc signatures).
        case empty
        /// A CMS blob with content (a real certificate-based signature).
        case present
    }

    /// True when a non-empty CMS blob is present.
    public var hasCMS: Bool { cms == .present }

    /// The signed entitlements: XML when it decodes, otherwise DER.
    public var entitlements: PlistValue? { xmlEntitlements ?? derEntitlements }

    /// Where entitlements come from: `xml`, `der`, `xml+der` or `none` (per `cli.md`).
    public var entitlementsSource: String {
        switch (entitlementsXML != nil, entitlementsDER != nil) {
        case (true, true): return "xml+der"
        case (true, false): return "xml"
        case (false, true): return "der"
        case (false, false): return "none"
        }
    }

    /// The primary CodeDirectory (slot 0), or the first one found.
    public var primaryCodeDirectory: CodeDirectory? {
        codeDirectories.first { $0.slot == 0 } ?? codeDirectories.first
    }

    /// True when every CodeDirectory is ad hoc (no identity) — `false` when there is none.
    public var isAdhoc: Bool { !codeDirectories.isEmpty && codeDirectories.allSatisfy(\.isAdhoc) }

    /// True when every entitlements hash check matched (and there was at least one).
    public var entitlementsHashesMatch: Bool { !blobHashChecks.isEmpty && blobHashChecks.allSatisfy(\.ok) }

    /// One SuperBlob index entry.
    public struct BlobEntry: Sendable, Equatable {
        /// Slot type (0 CodeDirectory, 2 requirements, 5 XML entitlements, …).
        public var slot: UInt32
        /// Offset of the blob from the SuperBlob start.
        public var offset: Int
        /// Magic found at that offset (0 when unreadable).
        public var magic: UInt32
        /// Blob length from its header (0 when unreadable).
        public var length: Int
    }
}

/// Hash algorithms a CodeDirectory may use.
public enum CodeSignatureHashType: UInt8, Sendable, Equatable, Codable, CustomStringConvertible {
    /// `CS_HASHTYPE_SHA1` (20 bytes).
    case sha1 = 1
    /// `CS_HASHTYPE_SHA256` (32 bytes).
    case sha256 = 2
    /// `CS_HASHTYPE_SHA256_TRUNCATED`: first 20 bytes of SHA-256.
    case sha256Truncated = 3
    /// `CS_HASHTYPE_SHA384` (48 bytes).
    case sha384 = 4

    /// Digest length in bytes.
    public var digestSize: Int {
        switch self {
        case .sha1, .sha256Truncated: return 20
        case .sha256: return 32
        case .sha384: return 48
        }
    }

    /// `data` hashed with this algorithm (SHA-256/20 is the first 20 bytes of SHA-256).
    public func digest(_ data: Data) -> Data { SignatureDigest.digest(data, self) }

    public var description: String {
        switch self {
        case .sha1: return "sha1"
        case .sha256: return "sha256"
        case .sha256Truncated: return "sha256-20"
        case .sha384: return "sha384"
        }
    }
}

/// One CodeDirectory (`0xFADE0C02`).
public struct CodeDirectory: Sendable, Equatable {
    /// Slot it came from: 0, or an alternate `0x1000`–`0x1004`.
    public internal(set) var slot: UInt32
    /// Offset of the blob from the SuperBlob start.
    public internal(set) var offset: Int
    /// `version` (e.g. `0x20400`).
    public internal(set) var version: UInt32
    /// `flags` (`0x2` ad hoc, `0x10000` hardened runtime, `0x20000` linker-signed, …).
    public internal(set) var flags: UInt32
    /// Raw `hashType`.
    public internal(set) var hashTypeValue: UInt8
    /// Hash algorithm, when known.
    public internal(set) var hashType: CodeSignatureHashType?
    /// `hashSize`.
    public internal(set) var hashSize: Int
    /// Signing identifier (usually the bundle identifier).
    public internal(set) var identifier: String?
    /// Team identifier (version ≥ `0x20200` and a non-zero `teamOffset`).
    public internal(set) var teamID: String?
    /// `nSpecialSlots`.
    public internal(set) var specialSlotCount: Int
    /// `nCodeSlots`.
    public internal(set) var codeSlotCount: Int
    /// `codeLimit` (or `codeLimit64` when set).
    public internal(set) var codeLimit: UInt64
    /// `platform` byte.
    public internal(set) var platform: UInt8
    /// Page size as a power of two (`pageSize` byte; 12 → 4096).
    public internal(set) var pageSizeLog2: UInt8
    /// `execSegFlags` (version ≥ `0x20400`).
    public internal(set) var execSegmentFlags: UInt64?
    /// `runtime` version (version ≥ `0x20500`), packed `xxxx.yy.zz`.
    public internal(set) var runtimeVersion: UInt32?
    /// Special-slot hashes present in this directory (slot number → hash; all-zero hashes omitted).
    public internal(set) var specialSlotHashes: [Int: Data]
    /// The CDHash: this blob's hash with its own algorithm, truncated to 20 bytes.
    public internal(set) var cdHash: Data?

    /// `CS_ADHOC` (0x2): signed without an identity.
    public var isAdhoc: Bool { flags & 0x2 != 0 }
    /// `CS_RUNTIME` (0x10000): hardened runtime.
    public var hasRuntime: Bool { flags & 0x1_0000 != 0 }
    /// `CS_LINKER_SIGNED` (0x20000): ad hoc signature written by the linker.
    public var isLinkerSigned: Bool { flags & 0x2_0000 != 0 }
}

/// Whether one entitlements blob matches the hash one CodeDirectory holds for its slot.
public struct BlobHashCheck: Sendable, Equatable, Codable {
    /// Outcome of the comparison.
    public enum Status: String, Sendable, Equatable, Codable {
        /// The CodeDirectory's hash equals the blob's hash.
        case match
        /// The hashes differ: the blob was changed after signing.
        case mismatch
        /// The blob exists but this CodeDirectory has no hash for its slot.
        case missingHash
        /// This CodeDirectory has a hash for the slot but the blob is absent.
        case missingBlob
        /// The CodeDirectory uses a hash type this reader does not know.
        case unsupportedHashType
    }

    /// Special slot: 5 (XML entitlements) or 7 (DER entitlements).
    public var slot: Int
    /// The CodeDirectory's slot (0 or `0x1000`–`0x1004`).
    public var codeDirectorySlot: UInt32
    /// Hash type name of that CodeDirectory.
    public var hashType: String
    /// Hex hash recorded in the CodeDirectory, if any.
    public var expected: String?
    /// Hex hash of the blob (header included), if the blob exists.
    public var actual: String?
    /// Outcome.
    public var status: Status

    /// True when the hashes match.
    public var ok: Bool { status == .match }
}
