import Crypto
import Foundation

extension CodeSignature {
    static let superBlobMagic: UInt32 = 0xFADE_0CC0
    static let codeDirectoryMagic: UInt32 = 0xFADE_0C02
    static let requirementsMagic: UInt32 = 0xFADE_0C01
    static let xmlEntitlementsMagic: UInt32 = 0xFADE_7171
    static let derEntitlementsMagic: UInt32 = 0xFADE_7172
    static let cmsMagic: UInt32 = 0xFADE_0B01

    /// Parses the bytes `LC_CODE_SIGNATURE` points at (`datasize` bytes; the SuperBlob's own
    /// `length` decides how much is read). Throws only when the SuperBlob header is unusable.
    public init(reader data: ByteReader, limits: MachOLimits = .standard) throws(MachOError) {
        let (magic, declaredLength, count) = try MachOError.reading { () throws(ByteReaderError) in
            (
                try data.uint32(at: 0, .big, reading: "SuperBlob magic"),
                try data.int32Value(at: 4, .big, reading: "SuperBlob length"),
                try data.int32Value(at: 8, .big, reading: "SuperBlob count")
            )
        }
        guard magic == Self.superBlobMagic else {
            throw .malformed(
                offset: data.baseOffset,
                reason: "code signature does not start with a SuperBlob (magic 0x\(String(magic, radix: 16)))")
        }
        var diagnostics: [MachOError] = []
        var usable = declaredLength
        if declaredLength > data.count {
            diagnostics.append(
                .malformed(
                    offset: data.absoluteOffset(4),
                    reason: """
                        SuperBlob length \(declaredLength) exceeds LC_CODE_SIGNATURE datasize \(data.count); reading \
                        only \(data.count) bytes
                        """))
            usable = data.count
        }
        guard usable >= 12 else {
            throw .malformed(
                offset: data.absoluteOffset(4),
                reason: "SuperBlob length \(declaredLength) is smaller than its header")
        }
        guard count <= limits.maxSignatureBlobs else {
            throw .limitExceeded(
                offset: data.absoluteOffset(8), what: "SuperBlob blob count", value: count,
                limit: limits.maxSignatureBlobs)
        }
        guard 12 + count * 8 <= usable else {
            throw .malformed(
                offset: data.absoluteOffset(8),
                reason: "SuperBlob index of \(count) entries does not fit in its length \(usable)")
        }
        let superBlob = try MachOError.reading {
            () throws(ByteReaderError) in try data.subReader(at: 0, count: usable, reading: "SuperBlob")
        }

        var parser = SignatureParser(superBlob: superBlob, limits: limits, diagnostics: diagnostics)
        for index in 0..<count {
            parser.readEntry(index)
        }
        self.length = usable
        self.blobs = parser.entries
        self.codeDirectories = parser.codeDirectories
        self.hasRequirements = parser.hasRequirements
        self.entitlementsXML = parser.xmlBlob.map { $0.dropFirstBytes(8) }
        self.entitlementsDER = parser.derBlob.map { $0.dropFirstBytes(8) }
        self.cms = parser.cms
        self.cmsData = parser.cmsData
        self.xmlEntitlements = nil
        self.derEntitlements = nil
        self.blobHashChecks = []
        self.diagnostics = parser.diagnostics

        if let xml = entitlementsXML {
            do {
                xmlEntitlements =
                    try PlistValue.decode(xml, maxBytes: limits.maxEntitlementsBytes, maxDepth: limits.maxNestingDepth)
            } catch {
                self.diagnostics.append(.invalidPlist(reason: "XML entitlements (slot 5): \(error.reasonText)"))
            }
        }
        if let der = entitlementsDER {
            if der.count > limits.maxEntitlementsBytes {
                self.diagnostics.append(
                    .limitExceeded(
                        offset: superBlob.baseOffset, what: "DER entitlements size",
                        value: der.count, limit: limits.maxEntitlementsBytes))
            } else {
                do {
                    derEntitlements = try DEREntitlements.decode(der, maxDepth: limits.maxNestingDepth)
                } catch {
                    self.diagnostics.append(error)
                }
            }
        }
        blobHashChecks =
            Self.hashChecks(codeDirectories: codeDirectories, blobs: [5: parser.xmlBlob, 7: parser.derBlob])
        for check in blobHashChecks {
            if let message = Self.message(for: check) {
                self.diagnostics.append(.malformed(offset: superBlob.baseOffset, reason: message))
            }
        }
    }

    /// The diagnostic text of a failed slot-5/7 hash check (nil when it passed). Callers that
    /// report `blobHashChecks` themselves use it to leave these diagnostics out.
    public static func message(for check: BlobHashCheck) -> String? {
        let name = check.slot == 5 ? "XML entitlements (slot 5)" : "DER entitlements (slot 7)"
        let directory = "CodeDirectory slot 0x\(String(check.codeDirectorySlot, radix: 16)) (\(check.hashType))"
        return switch check.status {
        case .match: nil
        case .mismatch:
            """
            \(name) hash does not match \(directory): expected \(check.expected ?? "-"), blob hashes \
            to \(check.actual ?? "-")
            """
        case .missingHash: "\(name) present but \(directory) has no hash for it"
        case .missingBlob: "\(directory) has a hash for \(name) but the blob is absent"
        case .unsupportedHashType: "\(directory) uses an unknown hash type; \(name) not verified"
        }
    }

    /// Compares every CodeDirectory's slot-5/7 hash with the hash of the blob (header included).
    static func hashChecks(codeDirectories: [CodeDirectory], blobs: [Int: Data?]) -> [BlobHashCheck] {
        var checks: [BlobHashCheck] = []
        for directory in codeDirectories {
            for slot in blobs.keys.sorted() {
                let blob = blobs[slot] ?? nil
                let expected = directory.specialSlotHashes[slot]
                if blob == nil && expected == nil { continue }
                let typeName = directory.hashType?.description ?? "unknown(\(directory.hashTypeValue))"
                guard let hashType = directory.hashType else {
                    checks.append(
                        BlobHashCheck(
                            slot: slot, codeDirectorySlot: directory.slot, hashType: typeName,
                            expected: expected?.hexString, actual: nil,
                            status: .unsupportedHashType))
                    continue
                }
                let actual = blob.map { SignatureDigest.digest($0, hashType) }
                let status: BlobHashCheck.Status
                switch (expected, actual) {
                case (nil, _): status = .missingHash
                case (_, nil): status = .missingBlob
                case (let expected?, let actual?): status = expected == actual ? .match : .mismatch
                }
                checks.append(
                    BlobHashCheck(
                        slot: slot, codeDirectorySlot: directory.slot, hashType: typeName,
                        expected: expected?.hexString, actual: actual?.hexString, status: status))
            }
        }
        return checks
    }
}

/// Walks the SuperBlob index, collecting blobs and diagnostics.
private struct SignatureParser {
    let superBlob: ByteReader
    let limits: MachOLimits
    var diagnostics: [MachOError]
    var entries: [CodeSignature.BlobEntry] = []
    var codeDirectories: [CodeDirectory] = []
    var hasRequirements = false
    var xmlBlob: Data?
    var derBlob: Data?
    var cms: CodeSignature.CMSState = .absent
    var cmsData: Data?
    var seenSlots: Set<UInt32> = []

    init(superBlob: ByteReader, limits: MachOLimits, diagnostics: [MachOError]) {
        self.superBlob = superBlob
        self.limits = limits
        self.diagnostics = diagnostics
    }

    mutating func readEntry(_ index: Int) {
        let at = 12 + index * 8
        do {
            let (slot, offset) = try MachOError.reading { () throws(ByteReaderError) in
                (
                    try superBlob.uint32(at: at, .big, reading: "blob index type"),
                    try superBlob.int32Value(at: at + 4, .big, reading: "blob index offset")
                )
            }
            var entry = CodeSignature.BlobEntry(slot: slot, offset: offset, magic: 0, length: 0)
            defer { entries.append(entry) }
            let (magic, length) = try MachOError.reading { () throws(ByteReaderError) in
                (
                    try superBlob.uint32(at: offset, .big, reading: "blob magic (slot 0x\(String(slot, radix: 16)))"),
                    try superBlob.int32Value(
                        at: offset + 4, .big,
                        reading: "blob length (slot 0x\(String(slot, radix: 16)))")
                )
            }
            entry.magic = magic
            entry.length = length
            guard length >= 8 else {
                throw MachOError.malformed(
                    offset: superBlob.absoluteOffset(offset),
                    reason: "blob in slot 0x\(String(slot, radix: 16)) has length \(length)")
            }
            let blob = try MachOError.reading { () throws(ByteReaderError) in
                try superBlob.subReader(at: offset, count: length, reading: "blob (slot 0x\(String(slot, radix: 16)))")
            }
            guard seenSlots.insert(slot).inserted else {
                throw MachOError.malformed(
                    offset: superBlob.absoluteOffset(at),
                    reason: "slot 0x\(String(slot, radix: 16)) appears twice; the later entry is ignored")
            }
            try handle(slot: slot, magic: magic, blob: blob, offset: offset)
        } catch let error as MachOError {
            diagnostics.append(error)
        } catch {
            diagnostics.append(.malformed(offset: superBlob.absoluteOffset(at), reason: "\(error)"))
        }
    }

    private mutating func handle(slot: UInt32, magic: UInt32, blob: ByteReader, offset: Int) throws(MachOError) {
        func expect(_ wanted: UInt32, _ name: String) throws(MachOError) {
            guard magic == wanted else {
                throw .malformed(
                    offset: blob.baseOffset,
                    reason: """
                        \(name) slot 0x\(String(slot, radix: 16)) holds magic 0x\(String(magic, radix: 16)), expected \
                        0x\(String(wanted, radix: 16))
                        """)
            }
        }
        switch slot {
        case 0, 0x1000...0x1004:
            try expect(CodeSignature.codeDirectoryMagic, "CodeDirectory")
            var problems: [MachOError] = []
            let directory =
                try CodeDirectory(blob: blob, slot: slot, offset: offset, limits: limits, problems: &problems)
            diagnostics.append(contentsOf: problems)
            codeDirectories.append(directory)
        case 2:
            try expect(CodeSignature.requirementsMagic, "requirements")
            hasRequirements = true
        case 5:
            try expect(CodeSignature.xmlEntitlementsMagic, "XML entitlements")
            xmlBlob = blob.data
        case 7:
            try expect(CodeSignature.derEntitlementsMagic, "DER entitlements")
            derBlob = blob.data
        case 0x1_0000:
            try expect(CodeSignature.cmsMagic, "CMS signature")
            if blob.count > 8 {
                cms = .present
                cmsData = blob.data.dropFirstBytes(8)
            } else {
                cms = .empty
            }
        default:
            break
        }
    }
}

extension CodeDirectory {
    /// Parses a CodeDirectory blob; structural problems that still allow a partial result go to `problems`.
    init(
        blob r: ByteReader, slot: UInt32, offset: Int, limits: MachOLimits,
        problems: inout [MachOError]
    ) throws(MachOError) {
        let header = try MachOError.reading { () throws(ByteReaderError) in
            (
                version: try r.uint32(at: 8, .big, reading: "CodeDirectory version"),
                flags: try r.uint32(at: 12, .big, reading: "CodeDirectory flags"),
                hashOffset: try r.int32Value(at: 16, .big, reading: "hashOffset"),
                identOffset: try r.int32Value(at: 20, .big, reading: "identOffset"),
                special: try r.int32Value(at: 24, .big, reading: "nSpecialSlots"),
                code: try r.int32Value(at: 28, .big, reading: "nCodeSlots"),
                codeLimit: try r.uint32(at: 32, .big, reading: "codeLimit"),
                hashSize: try r.uint8(at: 36, reading: "hashSize"),
                hashType: try r.uint8(at: 37, reading: "hashType"),
                platform: try r.uint8(at: 38, reading: "platform"),
                pageSize: try r.uint8(at: 39, reading: "pageSize")
            )
        }
        self.slot = slot
        self.offset = offset
        version = header.version
        flags = header.flags
        hashTypeValue = header.hashType
        hashType = CodeSignatureHashType(rawValue: header.hashType)
        hashSize = Int(header.hashSize)
        specialSlotCount = header.special
        codeSlotCount = header.code
        codeLimit = UInt64(header.codeLimit)
        platform = header.platform
        pageSizeLog2 = header.pageSize
        specialSlotHashes = [:]
        let name = "CodeDirectory slot 0x\(String(slot, radix: 16))"

        identifier = nil
        do {
            identifier = try MachOError.reading { () throws(ByteReaderError) in
                try r.cString(at: header.identOffset, maxLength: 4096, reading: "\(name) identifier")
            }
        } catch {
            problems.append(error)
        }
        teamID = nil
        if version >= 0x20200 {
            do {
                let teamOffset = try MachOError.reading {
                    () throws(ByteReaderError) in try r.int32Value(at: 48, .big, reading: "teamOffset")
                }
                if teamOffset != 0 {
                    teamID = try MachOError.reading { () throws(ByteReaderError) in
                        try r.cString(at: teamOffset, maxLength: 256, reading: "\(name) team identifier")
                    }
                }
            } catch {
                problems.append(error)
            }
        }
        if version >= 0x20300, let limit64 = try? r.uint64(at: 56, .big), limit64 != 0 {
            codeLimit = limit64
        }
        execSegmentFlags = version >= 0x20400 ? try? r.uint64(at: 80, .big) : nil
        runtimeVersion = version >= 0x20500 ? try? r.uint32(at: 88, .big) : nil
        cdHash = hashType.map { SignatureDigest.digest(r.data, $0).prefix(20) }

        if let hashType, hashType.digestSize != hashSize {
            problems.append(
                .malformed(
                    offset: r.absoluteOffset(36),
                    reason: "\(name): hashSize \(hashSize) does not fit hash type \(hashType)"))
        }
        guard hashSize > 0, hashSize <= 64 else {
            problems.append(
                .malformed(
                    offset: r.absoluteOffset(36),
                    reason: "\(name): implausible hashSize \(hashSize)"))
            return
        }
        var special = header.special
        if special > limits.maxSpecialSlots {
            problems.append(
                .limitExceeded(
                    offset: r.absoluteOffset(24), what: "\(name) nSpecialSlots", value: special,
                    limit: limits.maxSpecialSlots))
            special = limits.maxSpecialSlots
        }
        guard special > 0 else { return }
        let fixedHeaderEnd =
            switch version {
            case ..<0x20100: 44
            case ..<0x20200: 48
            case ..<0x20300: 52
            case ..<0x20400: 64
            case ..<0x20500: 88
            case ..<0x20600: 96
            default: 108  // 0x20600 adds linkageHashType, linkageApplicationType(+SubType), linkageOffset, linkageSize
            }
        for slotNumber in 1...special {
            let position = header.hashOffset - slotNumber * hashSize
            guard position >= fixedHeaderEnd else {
                problems.append(
                    .malformed(
                        offset: r.absoluteOffset(16),
                        reason: """
                            \(name): special slot \(slotNumber) would overlap the CodeDirectory header \
                            (hashOffset \(header.hashOffset) too small for \(header.special) special slots)
                            """))
                break
            }
            guard let hash = try? r.bytes(at: position, count: hashSize) else {
                problems.append(
                    .malformed(
                        offset: r.absoluteOffset(16),
                        reason: "\(name): special slot \(slotNumber) lies outside the blob"))
                continue
            }
            if hash.contains(where: { $0 != 0 }) {
                specialSlotHashes[slotNumber] = hash
            }
        }
    }
}

/// Digests used by code signatures.
enum SignatureDigest {
    /// `data` hashed with `type` (SHA-256/20 is the first 20 bytes of SHA-256).
    static func digest(_ data: Data, _ type: CodeSignatureHashType) -> Data {
        switch type {
        case .sha1: return Data(Insecure.SHA1.hash(data: data))
        case .sha256: return Data(SHA256.hash(data: data))
        case .sha256Truncated: return Data(SHA256.hash(data: data).prefix(20))
        case .sha384: return Data(SHA384.hash(data: data))
        }
    }
}

extension Data {
    /// Lowercase hexadecimal.
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes after the first `count`, re-based to start at index 0.
    func dropFirstBytes(_ count: Int) -> Data { Data(dropFirst(count)) }
}

extension MachOError {
    /// The message without the generic prefix, for embedding in another message.
    var reasonText: String {
        switch self {
        case .invalidPlist(let reason): return reason
        default: return description
        }
    }
}
