import Foundation

/// The facts a second Mach-O reader can check, in a shape both readers fill: per slice the CPU
/// and file type, `LC_BUILD_VERSION`, linked dylibs, code-signature blobs and encryption info.
///
/// ``init(data:)`` fills it from this package's reader; the macOS app tests fill the same
/// value from MachOKit and compare with ``differences(_:_:)`` (see `docs/machokit.md`).
public struct MachOSummary: Sendable, Equatable {
    /// One architecture.
    public struct Slice: Sendable, Equatable {
        /// `cputype` from the Mach-O header.
        public var cpuType: Int32
        /// `cpusubtype` without the capability bits (`& 0x00FF_FFFF`).
        public var cpuSubtype: Int32
        /// `filetype` (`MH_EXECUTE` = 2, `MH_DYLIB` = 6, …).
        public var fileType: UInt32
        /// `LC_BUILD_VERSION`'s platform (`PLATFORM_IOS` = 2), nil without that command.
        public var platform: UInt32?
        /// `LC_BUILD_VERSION`'s minimum OS as ``versionString(major:minor:patch:)`` writes it.
        public var minimumOS: String?
        /// Linked dylibs in load-command order: `kind name` (`load /usr/lib/libSystem.B.dylib`).
        public var dylibs: [String]
        /// The XML entitlements blob's payload (after its 8-byte header), byte for byte.
        public var entitlementsXML: Data?
        /// The DER entitlements blob's payload, byte for byte.
        public var entitlementsDER: Data?
        /// Every CodeDirectory, in blob order: identifier, team and hash type.
        public var codeDirectories: [CodeDirectorySummary]
        /// `LC_ENCRYPTION_INFO(_64)`: offset, size, id; nil without the command.
        public var encryption: Encryption?

        public init(
            cpuType: Int32, cpuSubtype: Int32, fileType: UInt32, platform: UInt32? = nil,
            minimumOS: String? = nil, dylibs: [String] = [], entitlementsXML: Data? = nil,
            entitlementsDER: Data? = nil, codeDirectories: [CodeDirectorySummary] = [],
            encryption: Encryption? = nil
        ) {
            self.cpuType = cpuType
            self.cpuSubtype = cpuSubtype
            self.fileType = fileType
            self.platform = platform
            self.minimumOS = minimumOS
            self.dylibs = dylibs
            self.entitlementsXML = entitlementsXML
            self.entitlementsDER = entitlementsDER
            self.codeDirectories = codeDirectories
            self.encryption = encryption
        }
    }

    /// A CodeDirectory's identity.
    public struct CodeDirectorySummary: Sendable, Equatable, CustomStringConvertible {
        public var identifier: String
        public var teamID: String?
        /// `CS_HASHTYPE_*` (1 SHA-1, 2 SHA-256, 3 SHA-256 truncated, 4 SHA-384).
        public var hashType: UInt32

        public init(identifier: String, teamID: String?, hashType: UInt32) {
            self.identifier = identifier
            self.teamID = teamID
            self.hashType = hashType
        }

        public var description: String { "\(identifier) team \(teamID ?? "none") hash \(hashType)" }
    }

    /// `LC_ENCRYPTION_INFO(_64)`.
    public struct Encryption: Sendable, Equatable, CustomStringConvertible {
        public var offset: UInt32
        public var size: UInt32
        public var id: UInt32

        public init(offset: UInt32, size: UInt32, id: UInt32) {
            self.offset = offset
            self.size = size
            self.id = id
        }

        public var description: String { "cryptoff \(offset) cryptsize \(size) cryptid \(id)" }
    }

    public var slices: [Slice]

    public init(slices: [Slice]) {
        self.slices = slices
    }

    /// The summary of `data` as this package reads it.
    public init(data: Data) throws(MachOError) {
        let file = try MachOFile(data: data)
        slices = file.slices.map(Self.summary)
    }

    /// The summary when this package's reader reads `data` without any problem (file, slice or
    /// signature), else nil. What a second reader that trusts its input (MachOKit reads
    /// through pointers) may be given.
    public static func wellFormed(_ data: Data) -> MachOSummary? {
        guard let file = try? MachOFile(data: data), file.problems.isEmpty,
            file.slices.allSatisfy({ $0.problems.isEmpty && $0.signatureError == nil })
        else { return nil }
        return MachOSummary(slices: file.slices.map(summary))
    }

    static func summary(_ slice: MachOSlice) -> Slice {
        let build = slice.buildVersion.flatMap { $0.source == "LC_BUILD_VERSION" ? $0 : nil }
        let signature = slice.codeSignature
        return Slice(
            cpuType: Int32(bitPattern: slice.cpuType),
            cpuSubtype: Int32(bitPattern: slice.cpuSubtype & 0x00FF_FFFF),
            fileType: slice.fileTypeValue,
            platform: build?.platform,
            minimumOS: build?.minOS,
            dylibs: slice.linkedDylibs.map { "\($0.kind.rawValue) \($0.name)" },
            entitlementsXML: signature?.entitlementsXML,
            entitlementsDER: signature?.entitlementsDER,
            codeDirectories: (signature?.codeDirectories ?? []).map {
                CodeDirectorySummary(
                    identifier: $0.identifier ?? "", teamID: $0.teamID,
                    hashType: UInt32($0.hashTypeValue))
            },
            encryption: slice.encryption.map { Encryption(offset: $0.cryptOffset, size: $0.cryptSize, id: $0.cryptID) }
        )
    }

    /// A version as the summary writes it: `15.0`, `17.2.1` (the patch only when not zero).
    public static func versionString(major: Int, minor: Int, patch: Int) -> String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }

    /// Every field where `ours` and `theirs` differ, one line each with both values
    /// (`slice 0 minimumOS: ours 15.0, theirs 15.1`); empty when they agree.
    public static func differences(_ ours: MachOSummary, _ theirs: MachOSummary) -> [String] {
        guard ours.slices.count == theirs.slices.count else {
            return ["slice count: ours \(ours.slices.count), theirs \(theirs.slices.count)"]
        }
        var lines: [String] = []
        for (index, (mine, other)) in zip(ours.slices, theirs.slices).enumerated() {
            func check<T: Equatable>(_ name: String, _ path: KeyPath<Slice, T>, _ show: (T) -> String) {
                if mine[keyPath: path] != other[keyPath: path] {
                    lines.append(
                        "slice \(index) \(name): ours \(show(mine[keyPath: path])), "
                            + "theirs \(show(other[keyPath: path]))")
                }
            }
            check("cpuType", \.cpuType) { String($0) }
            check("cpuSubtype", \.cpuSubtype) { String($0) }
            check("fileType", \.fileType) { String($0) }
            check("platform", \.platform) { $0.map(String.init) ?? "none" }
            check("minimumOS", \.minimumOS) { $0 ?? "none" }
            check("dylibs", \.dylibs) { $0.description }
            check("entitlementsXML", \.entitlementsXML, blob)
            check("entitlementsDER", \.entitlementsDER, blob)
            check("codeDirectories", \.codeDirectories) { $0.description }
            check("encryption", \.encryption) { $0?.description ?? "none" }
        }
        return lines
    }

    /// A blob for a failure message: its size and first bytes in hex.
    static func blob(_ data: Data?) -> String {
        guard let data else { return "none" }
        return "\(data.count) bytes \(blobHex(data, 32))\(data.count > 32 ? "…" : "")"
    }

    /// The first `count` bytes of `data` in lower-case hex.
    public static func blobHex(_ data: Data?, _ count: Int) -> String {
        (data ?? Data()).prefix(count).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }.joined()
    }
}
