/// Caps that keep a hostile archive from exhausting memory or time.
public struct ZIPLimits: Sendable, Equatable {
    /// Most central-directory entries accepted.
    public var maxEntries: Int = 200_000
    /// Longest entry name, in bytes.
    public var maxNameBytes: Int = 1_024
    /// Largest central directory, in bytes.
    public var maxCentralDirectoryBytes: Int = 64 << 20
    /// Largest declared uncompressed size of one entry.
    public var maxEntryBytes: UInt64 = 4 << 30
    /// Largest sum of declared uncompressed sizes over the whole archive.
    public var maxTotalBytes: UInt64 = 64 << 30
    /// Highest uncompressed/compressed ratio of an entry that is read, above `ratioFloorBytes`
    /// (real executables compress about 3:1; deflate cannot exceed about 1032:1).
    public var maxCompressionRatio: UInt64 = 250
    /// Entries smaller than this are exempt from the ratio check (zero-filled `.DS_Store` files).
    public var ratioFloorBytes: UInt64 = 1 << 20
    /// Most bytes the inspector inflates from one archive in total.
    public var maxInflatedBytesPerInspection: UInt64 = 6 << 30

    /// The defaults.
    public init() {}
}
