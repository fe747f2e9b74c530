import Foundation

/// The project's bounded ZIP reader, for other cores (the Android side reads `.apk` files with it).
///
/// Same checks as an IPA's archive: central-directory caps, safe names, overlapping entries,
/// compression ratio, CRC-32. Entries are read one at a time into memory, never to disk.
public struct ZIPReader: Sendable {
    let archive: ZIPArchive
    /// Index of each entry by name (first occurrence wins).
    private let indexByName: [String: Int]

    /// Opens a file and reads its central directory.
    public init(fileAt url: URL, limits: ZIPLimits = ZIPLimits()) throws(InspectionError) {
        try self.init(archive: ZIPArchive(source: ArchiveSource(fileAt: url), limits: limits))
    }

    /// Reads the central directory of bytes already in memory (tests, fuzzing, nested archives).
    public init(data: Data, name: String = "<memory>", limits: ZIPLimits = ZIPLimits()) throws(InspectionError) {
        try self.init(archive: ZIPArchive(source: ArchiveSource(data: data, name: name), limits: limits))
    }

    private init(archive: ZIPArchive) {
        self.archive = archive
        var index: [String: Int] = [:]
        for (position, entry) in archive.entries.enumerated() where index[entry.name] == nil {
            index[entry.name] = position
        }
        indexByName = index
    }

    /// True when the first bytes look like a ZIP archive.
    public static func looksLikeZIP(_ prefix: Data) -> Bool { ZIPArchive.looksLikeZIP(prefix) }

    /// Entry names in central-directory order.
    public var entryNames: [String] { archive.entries.map(\.name) }

    /// Size of the whole archive in bytes.
    public var size: UInt64 { archive.source.size }

    /// Offset where the central directory starts (an APK's signing block ends there).
    public var centralDirectoryOffset: UInt64 { archive.centralDirectoryOffset }

    /// Declared uncompressed size of the named entry, or nil when there is none.
    public func uncompressedSize(of name: String) -> UInt64? {
        indexByName[name].map { archive.entries[$0].uncompressedSize }
    }

    /// The whole named entry, or nil when the archive has no such entry.
    public func read(named name: String, maxBytes: UInt64) throws(InspectionError) -> Data? {
        guard let index = indexByName[name] else { return nil }
        return try archive.read(entryAt: index, maxBytes: maxBytes)
    }

    /// Raw bytes of the archive file (not of an entry), e.g. the block before the central directory.
    public func rawBytes(at offset: UInt64, count: Int) throws(InspectionError) -> Data {
        try archive.source.read(at: offset, count: count)
    }
}
