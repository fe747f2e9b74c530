import Crypto
import Foundation
import MachOReader
import X509

/// The signing identity of an APK: the certificates of each signature scheme found (APK
/// Signature Scheme v2/v3/v3.1 blocks, v1 JAR signatures) and the v3 key-rotation lineage.
/// Nothing is verified cryptographically: this reads what the package declares.
public struct APKSigning: Sendable, Equatable, Codable {
    public enum Scheme: String, Sendable, Codable, Comparable, CaseIterable {
        case v1, v2, v3
        case v31 = "v3.1"

        private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
        public static func < (lhs: Scheme, rhs: Scheme) -> Bool { lhs.rank < rhs.rank }
    }

    public struct Signer: Sendable, Equatable, Codable {
        public var scheme: Scheme
        /// Signer certificates, the signing certificate first.
        public var certificates: [SigningCertificate]
        /// Platform range the signer applies to (v3, v3.1).
        public var minSDK: Int?
        public var maxSDK: Int?

        public init(scheme: Scheme, certificates: [SigningCertificate], minSDK: Int? = nil, maxSDK: Int? = nil) {
            self.scheme = scheme
            self.certificates = certificates
            self.minSDK = minSDK
            self.maxSDK = maxSDK
        }

        private enum CodingKeys: String, CodingKey { case scheme, certificates, minSDK, maxSDK }

        /// Every key is written: `minSDK` and `maxSDK` are `null` for v1 and v2 signers, which
        /// carry no platform range (`docs/cli.md`).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scheme, forKey: .scheme)
            try container.encode(certificates, forKey: .certificates)
            try container.encode(minSDK, forKey: .minSDK)
            try container.encode(maxSDK, forKey: .maxSDK)
        }
    }

    /// One node of a proof-of-rotation lineage, oldest first.
    public struct LineageNode: Sendable, Equatable, Codable {
        public var certificate: SigningCertificate
        /// Capability flags granted to this (older) key: 1 installed data, 2 shared UID,
        /// 4 permission, 8 rollback, 16 auth.
        public var flags: UInt32
    }

    public var signers: [Signer]
    public var lineage: [LineageNode]
    /// IDs of other pairs in the signing block (padding, source stamp, …), in order.
    public var otherBlockIDs: [UInt32]

    public init(signers: [Signer], lineage: [LineageNode], otherBlockIDs: [UInt32]) {
        self.signers = signers
        self.lineage = lineage
        self.otherBlockIDs = otherBlockIDs
    }

    /// Schemes present, in order.
    public var schemes: [Scheme] { Array(Set(signers.map(\.scheme))).sorted() }

    /// The certificates Android treats as the app's signer on `sdk`: v3.1 (read from API 33) when
    /// its range covers the platform, else v3 (from API 28), else v2, else v1 — the newest scheme
    /// the platform understands.
    public func effectiveCertificates(sdk: Int) -> [SigningCertificate] {
        for (scheme, since) in [(Scheme.v31, 33), (.v3, 28)] where sdk >= since {
            if let signer = signers.first(where: {
                $0.scheme == scheme && sdk >= ($0.minSDK ?? 0) && sdk <= ($0.maxSDK ?? Int.max)
            }) {
                return Array(signer.certificates.prefix(1))
            }
        }
        for scheme in [Scheme.v2, .v1] {
            let found = signers.filter { $0.scheme == scheme }.compactMap(\.certificates.first)
            if !found.isEmpty { return found }
        }
        return []
    }
}

/// One X.509 certificate by its fingerprints.
public struct SigningCertificate: Sendable, Equatable, Hashable, Codable {
    /// SHA-256 of the DER certificate as `AA:BB:…` (the form `assetlinks.json` uses).
    public var sha256: String
    /// Subject distinguished name, when the certificate parses.
    public var subject: String?

    public init(der: Data) {
        sha256 = SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":")
        subject = (try? Certificate(derEncoded: [UInt8](der)))?.subject.description
    }
}

/// Reader of the APK Signing Block (the bytes just before the ZIP central directory).
public enum APKSigningBlock {
    static let magic = Array("APK Sig Block 42".utf8)
    static let v2ID: UInt32 = 0x7109_871A
    static let v3ID: UInt32 = 0xF053_68C0
    static let v31ID: UInt32 = 0x1B93_AD61
    static let rotationAttributeID: UInt32 = 0x3BA0_6F8C

    /// Locates the block ending at `centralDirectoryOffset`: nil when there is none (v1-only APK).
    /// `read(offset, count)` reads raw APK bytes.
    public static func locate(
        centralDirectoryOffset: UInt64, limits: AndroidLimits,
        read: (UInt64, Int) throws -> Data
    ) throws -> Data? {
        guard centralDirectoryOffset >= 32 else { return nil }
        let footer = ByteReader(try read(centralDirectoryOffset - 24, 24))
        guard let footerMagic = try? footer.bytes(at: 8, count: 16), footerMagic.elementsEqual(magic),
            let size = try? footer.uint64(at: 0, .little)
        else { return nil }
        guard size >= 24, size <= UInt64(limits.maxSigningBlockBytes) else {
            throw AndroidAppError.limitExceeded(
                what: "signing block size", limit: limits.maxSigningBlockBytes,
                actual: Int(min(size, UInt64(Int.max))))
        }
        guard size + 8 <= centralDirectoryOffset else {
            throw AndroidAppError.malformedSigningBlock(
                reason: "declares \(size) bytes before offset \(centralDirectoryOffset)",
                offset: Int(centralDirectoryOffset))
        }
        let start = centralDirectoryOffset - size - 8
        let block = try read(start, Int(size) + 8)
        guard (try? ByteReader(block).uint64(at: 0, .little)) == size else {
            throw AndroidAppError.malformedSigningBlock(reason: "its two size fields disagree", offset: Int(start))
        }
        return block
    }

    /// Parses a whole block (both size fields and the magic included).
    public static func parse(_ block: Data, limits: AndroidLimits = AndroidLimits()) throws -> APKSigning {
        let bytes = ByteReader(block)
        var signing = APKSigning(signers: [], lineage: [], otherBlockIDs: [])
        var offset = 8
        let end = bytes.count - 24
        guard end >= 8 else {
            throw AndroidAppError.malformedSigningBlock(reason: "shorter than its header", offset: 0)
        }
        var pairs = 0
        while offset < end {
            // A pair is 8 bytes of length, then an ID and its value: fewer than 12 bytes left is no pair
            // (and `end - offset - 8` would be negative).
            guard end - offset >= 12, let length = try? bytes.uint64(at: offset, .little), length >= 4,
                length <= UInt64(end - offset - 8), let id = try? bytes.uint32(at: offset + 8, .little)
            else {
                throw AndroidAppError.malformedSigningBlock(reason: "pair runs past the block", offset: offset)
            }
            pairs += 1
            guard pairs <= 256 else {
                throw AndroidAppError.limitExceeded(what: "signing block pair count", limit: 256, actual: pairs)
            }
            let value = Cursor(bytes: bytes, start: offset + 12, end: offset + 8 + Int(length))
            switch id {
            case v2ID: try readScheme(value, scheme: .v2, into: &signing, limits: limits)
            case v3ID: try readScheme(value, scheme: .v3, into: &signing, limits: limits)
            case v31ID: try readScheme(value, scheme: .v31, into: &signing, limits: limits)
            default: signing.otherBlockIDs.append(id)
            }
            offset += 8 + Int(length)
        }
        return signing
    }

    private static func readScheme(
        _ value: Cursor, scheme: APKSigning.Scheme, into signing: inout APKSigning,
        limits: AndroidLimits
    ) throws {
        var outer = value
        var signers = try outer.lengthPrefixed()
        var count = 0
        while !signers.isAtEnd {
            count += 1
            guard count <= limits.maxSigners else {
                throw AndroidAppError.limitExceeded(
                    what: "\(scheme.rawValue) signer count", limit: limits.maxSigners,
                    actual: count)
            }
            var signer = try signers.lengthPrefixed()
            var signedData = try signer.lengthPrefixed()
            _ = try signedData.lengthPrefixed()  // digests
            var certificates = try signedData.lengthPrefixed()
            var found: [SigningCertificate] = []
            while !certificates.isAtEnd {
                guard found.count < limits.maxSigners else {
                    throw AndroidAppError.limitExceeded(
                        what: "certificate count", limit: limits.maxSigners,
                        actual: found.count + 1)
                }
                found.append(SigningCertificate(der: try certificates.lengthPrefixed().data))
            }
            var entry = APKSigning.Signer(scheme: scheme, certificates: found)
            if scheme != .v2 {
                entry.minSDK = Int(try signedData.u32())
                entry.maxSDK = Int(try signedData.u32())
            }
            var attributes = try signedData.lengthPrefixed()
            while !attributes.isAtEnd {
                var attribute = try attributes.lengthPrefixed()
                if try attribute.u32() == rotationAttributeID, scheme != .v2, signing.lineage.isEmpty {
                    signing.lineage = try lineage(attribute, limits: limits)
                }
            }
            signing.signers.append(entry)
        }
    }

    /// Proof-of-rotation: a version, then length-prefixed nodes of
    /// (length-prefixed (length-prefixed certificate, algorithm), flags, algorithm, length-prefixed signature).
    private static func lineage(_ value: Cursor, limits: AndroidLimits) throws -> [APKSigning.LineageNode] {
        var cursor = value
        _ = try cursor.u32()  // version
        var nodes: [APKSigning.LineageNode] = []
        while !cursor.isAtEnd {
            guard nodes.count < limits.maxSigners else {
                throw AndroidAppError.limitExceeded(
                    what: "lineage length", limit: limits.maxSigners,
                    actual: nodes.count + 1)
            }
            var node = try cursor.lengthPrefixed()
            var signed = try node.lengthPrefixed()
            let certificate = try signed.lengthPrefixed().data
            let flags = try node.u32()
            nodes.append(APKSigning.LineageNode(certificate: SigningCertificate(der: certificate), flags: flags))
        }
        return nodes
    }

    /// A bounded window of the block with u32 length prefixes.
    struct Cursor {
        let bytes: ByteReader
        var position: Int
        let end: Int

        init(bytes: ByteReader, start: Int, end: Int) {
            self.bytes = bytes
            self.position = start
            self.end = end
        }

        var isAtEnd: Bool { position >= end }
        /// The bytes from `position` to `end` (empty when none are left); throws if they lie outside the block.
        var data: Data {
            get throws {
                guard position < end else { return Data() }
                guard let value = try? bytes.bytes(at: position, count: end - position) else {
                    throw AndroidAppError.malformedSigningBlock(reason: "truncated field", offset: position)
                }
                return value
            }
        }

        mutating func u32() throws -> UInt32 {
            guard position + 4 <= end, let value = try? bytes.uint32(at: position, .little) else {
                throw AndroidAppError.malformedSigningBlock(reason: "truncated field", offset: position)
            }
            position += 4
            return value
        }

        mutating func lengthPrefixed() throws -> Cursor {
            let start = position
            let length = Int(try u32())
            guard length <= end - position else {
                throw AndroidAppError.malformedSigningBlock(
                    reason: "length \(length) runs past its container (\(end - position) bytes left)", offset: start)
            }
            defer { position += length }
            return Cursor(bytes: bytes, start: position, end: position + length)
        }
    }
}
