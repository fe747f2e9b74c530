/// One central-directory record of a ZIP archive.
struct ZIPEntry: Sendable, Equatable {
    /// The entry name as stored ('/'-separated; never used as a path on disk).
    var name: String
    /// 0 stored, 8 deflate.
    var method: UInt16
    /// General-purpose flags (bit 0 encrypted, bit 3 data descriptor, bit 11 UTF-8).
    var flags: UInt16
    /// CRC-32 of the uncompressed bytes.
    var crc32: UInt32
    /// Size of the stored bytes.
    var compressedSize: UInt64
    /// Declared size after decompression.
    var uncompressedSize: UInt64
    /// Offset of the entry's local header.
    var localHeaderOffset: UInt64
    /// Upper bytes of the external attributes (Unix mode for archives made on Unix).
    var unixMode: UInt32
    /// Name length in bytes as stored (the local header must repeat it).
    var nameBytes: Int

    /// True for directory entries (name ends with '/').
    var isDirectory: Bool { name.hasSuffix("/") }
    /// True when the entry is a Unix symbolic link (never followed).
    var isSymlink: Bool { unixMode & 0o170000 == 0o120000 }
    /// True when the entry is encrypted (its contents cannot be read).
    var isEncrypted: Bool { flags & 1 != 0 }
}
