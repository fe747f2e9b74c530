import Foundation
import MachOReader

/// A ZIP archive's central directory, read from a random-access source with limits.
///
/// Only the central directory is parsed up front; entries are inflated on demand, one at a
/// time, streaming, and never written to disk.
struct ZIPArchive: Sendable {
    let source: ArchiveSource
    let limits: ZIPLimits
    /// Entries in central-directory order.
    let entries: [ZIPEntry]
    /// Offset where the central directory starts (entry data must end before it).
    let centralDirectoryOffset: UInt64
    /// For each entry (same order as `entries`), the offset of the next local header or the
    /// central directory: the entry's data must end at or before it.
    let dataLimits: [UInt64]

    private static let eocdSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let zip64EOCDSignature: UInt32 = 0x0606_4B50
    private static let centralSignature: UInt32 = 0x0201_4B50
    static let localSignature: UInt32 = 0x0403_4B50

    /// True when the first bytes look like a ZIP (local header or empty-archive EOCD).
    static func looksLikeZIP(_ prefix: Data) -> Bool {
        guard prefix.count >= 4 else { return false }
        let reader = ByteReader(prefix)
        guard let magic = try? reader.uint32(at: 0, .little) else { return false }
        return magic == localSignature || magic == eocdSignature
    }

    /// Reads and checks the central directory.
    init(source: ArchiveSource, limits: ZIPLimits = ZIPLimits()) throws(InspectionError) {
        self.source = source
        self.limits = limits
        let end = try Self.findEndOfCentralDirectory(source)
        guard end.entryCount <= UInt64(limits.maxEntries) else {
            throw .limitExceeded(what: "archive entry count", limit: UInt64(limits.maxEntries), actual: end.entryCount)
        }
        guard end.directorySize <= UInt64(limits.maxCentralDirectoryBytes) else {
            throw .limitExceeded(
                what: "central directory size", limit: UInt64(limits.maxCentralDirectoryBytes),
                actual: end.directorySize)
        }
        let (directoryEnd, overflow) = end.directoryOffset.addingReportingOverflow(end.directorySize)
        guard !overflow, directoryEnd <= end.recordOffset else {
            throw .malformedArchive(
                reason: "central directory runs past the end record (truncated or hostile)",
                offset: end.directoryOffset)
        }
        let directory = try source.read(at: end.directoryOffset, count: Int(end.directorySize))
        let entries = try Self.parseCentralDirectory(
            directory, at: end.directoryOffset, expected: end.entryCount, limits: limits)
        self.entries = entries
        self.centralDirectoryOffset = end.directoryOffset
        self.dataLimits = try Self.checkLayout(entries, directoryOffset: end.directoryOffset)
    }

    // MARK: End of central directory

    private struct EndRecord {
        var recordOffset: UInt64
        var entryCount: UInt64
        var directorySize: UInt64
        var directoryOffset: UInt64
    }

    private static func findEndOfCentralDirectory(_ source: ArchiveSource) throws(InspectionError) -> EndRecord {
        guard source.size >= 22 else {
            throw .malformedArchive(
                reason: "no end-of-central-directory record (file is \(source.size) bytes; not a ZIP?)", offset: nil)
        }
        // The record is 22 bytes plus a comment of at most 65,535: search only that tail.
        let tailLength = Int(min(source.size, 22 + 65_535))
        let tailStart = source.size - UInt64(tailLength)
        let tail = ByteReader(try source.read(at: tailStart, count: tailLength), baseOffset: Int(tailStart))
        var position = tailLength - 22
        while position >= 0 {
            if let signature = try? tail.uint32(at: position, .little), signature == eocdSignature,
                let commentLength = try? tail.uint16(at: position + 20, .little),
                position + 22 + Int(commentLength) == tailLength
            {
                return try readEndRecord(tail, at: position, tailStart: tailStart, source: source)
            }
            position -= 1
        }
        // Accept a record whose comment length disagrees only as a last resort: refuse instead.
        throw .malformedArchive(
            reason: "no end-of-central-directory record found (not a ZIP, or truncated)",
            offset: nil)
    }

    private static func readEndRecord(
        _ tail: ByteReader, at position: Int, tailStart: UInt64, source: ArchiveSource
    ) throws(InspectionError) -> EndRecord {
        do {
            let disk = try tail.uint16(at: position + 4, .little, reading: "disk number")
            let directoryDisk = try tail.uint16(at: position + 6, .little, reading: "central directory disk")
            let diskEntries = try tail.uint16(at: position + 8, .little, reading: "entries on disk")
            var entries = UInt64(try tail.uint16(at: position + 10, .little, reading: "entry count"))
            var size = UInt64(try tail.uint32(at: position + 12, .little, reading: "central directory size"))
            var offset = UInt64(try tail.uint32(at: position + 16, .little, reading: "central directory offset"))
            let recordOffset = tailStart + UInt64(position)
            guard disk == directoryDisk, UInt64(diskEntries) == entries || diskEntries == 0xFFFF else {
                throw InspectionError.malformedArchive(
                    reason: "multi-disk (spanned) archives are not supported",
                    offset: recordOffset)
            }
            var recordLimit = recordOffset
            if entries == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF, position >= 20,
                try tail.uint32(at: position - 20, .little) == zip64LocatorSignature
            {
                let zip64Offset = try tail.uint64(at: position - 20 + 8, .little, reading: "ZIP64 end record offset")
                guard zip64Offset < recordOffset - 20, recordOffset - 20 - zip64Offset >= 56 else {
                    throw InspectionError.malformedArchive(
                        reason: "ZIP64 end record offset points outside the archive",
                        offset: recordOffset - 20)
                }
                let record = ByteReader(try source.read(at: zip64Offset, count: 56), baseOffset: Int(zip64Offset))
                guard try record.uint32(at: 0, .little) == zip64EOCDSignature else {
                    throw InspectionError.malformedArchive(
                        reason: "ZIP64 end record signature missing",
                        offset: zip64Offset)
                }
                entries = try record.uint64(at: 32, .little, reading: "ZIP64 entry count")
                size = try record.uint64(at: 40, .little, reading: "ZIP64 central directory size")
                offset = try record.uint64(at: 48, .little, reading: "ZIP64 central directory offset")
                recordLimit = zip64Offset
            }
            return EndRecord(
                recordOffset: recordLimit, entryCount: entries, directorySize: size,
                directoryOffset: offset)
        } catch let error as InspectionError {
            throw error
        } catch let error as ByteReaderError {
            throw .malformedArchive(reason: error.description, offset: UInt64(error.offset))
        } catch {
            throw .malformedArchive(reason: "\(error)", offset: nil)
        }
    }

    // MARK: Central directory

    private static func parseCentralDirectory(
        _ data: Data, at base: UInt64, expected: UInt64, limits: ZIPLimits
    ) throws(InspectionError) -> [ZIPEntry] {
        var cursor = ByteCursor(ByteReader(data, baseOffset: Int(base)))
        var entries: [ZIPEntry] = []
        entries.reserveCapacity(Int(min(expected, 4_096)))
        var total: UInt64 = 0
        do {
            while UInt64(entries.count) < expected {
                let recordStart = cursor.position
                guard try cursor.uint32(.little, reading: "central header signature") == centralSignature else {
                    throw InspectionError.malformedArchive(
                        reason: "central directory entry \(entries.count) has no signature",
                        offset: base + UInt64(recordStart))
                }
                try cursor.skip(4, reading: "versions")
                let flags = try cursor.uint16(.little, reading: "flags")
                let method = try cursor.uint16(.little, reading: "method")
                try cursor.skip(4, reading: "time and date")
                let crc = try cursor.uint32(.little, reading: "CRC-32")
                var compressed = UInt64(try cursor.uint32(.little, reading: "compressed size"))
                var uncompressed = UInt64(try cursor.uint32(.little, reading: "uncompressed size"))
                let nameLength = Int(try cursor.uint16(.little, reading: "name length"))
                let extraLength = Int(try cursor.uint16(.little, reading: "extra length"))
                let commentLength = Int(try cursor.uint16(.little, reading: "comment length"))
                try cursor.skip(4, reading: "disk and internal attributes")
                let external = try cursor.uint32(.little, reading: "external attributes")
                var localOffset = UInt64(try cursor.uint32(.little, reading: "local header offset"))
                guard nameLength <= limits.maxNameBytes else {
                    throw InspectionError.limitExceeded(
                        what: "archive entry name length",
                        limit: UInt64(limits.maxNameBytes), actual: UInt64(nameLength))
                }
                let nameData = try cursor.bytes(count: nameLength, reading: "entry name")
                let extra = try cursor.subReader(count: extraLength, reading: "extra field")
                try cursor.skip(commentLength, reading: "entry comment")
                if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
                    try applyZIP64(extra, compressed: &compressed, uncompressed: &uncompressed, offset: &localOffset)
                }
                let name = try checkedName(nameData)
                guard uncompressed <= limits.maxEntryBytes else {
                    throw InspectionError.limitExceeded(
                        what: "declared size of \(InspectionError.quoted(name))",
                        limit: limits.maxEntryBytes, actual: uncompressed)
                }
                let (sum, overflow) = total.addingReportingOverflow(uncompressed)
                guard !overflow, sum <= limits.maxTotalBytes else {
                    throw InspectionError.limitExceeded(
                        what: "total declared uncompressed size",
                        limit: limits.maxTotalBytes, actual: overflow ? UInt64.max : sum)
                }
                total = sum
                entries.append(
                    ZIPEntry(
                        name: name, method: method, flags: flags, crc32: crc,
                        compressedSize: compressed, uncompressedSize: uncompressed,
                        localHeaderOffset: localOffset, unixMode: external >> 16, nameBytes: nameLength))
            }
        } catch let error as InspectionError {
            throw error
        } catch let error as ByteReaderError {
            throw .malformedArchive(
                reason: "central directory: \(error.description)",
                offset: UInt64(max(0, error.offset)))
        } catch {
            throw .malformedArchive(reason: "\(error)", offset: nil)
        }
        return entries
    }

    private static func applyZIP64(
        _ extra: ByteReader, compressed: inout UInt64, uncompressed: inout UInt64, offset: inout UInt64
    ) throws(ByteReaderError) {
        var cursor = ByteCursor(extra)
        while cursor.remaining >= 4 {
            let tag = try cursor.uint16(.little, reading: "extra tag")
            let size = Int(try cursor.uint16(.little, reading: "extra size"))
            var field = ByteCursor(try cursor.subReader(count: size, reading: "extra field"))
            guard tag == 0x0001 else { continue }
            // Fields appear only for values saturated in the fixed header, in this order.
            if uncompressed == 0xFFFF_FFFF {
                uncompressed = try field.uint64(.little, reading: "ZIP64 uncompressed size")
            }
            if compressed == 0xFFFF_FFFF { compressed = try field.uint64(.little, reading: "ZIP64 compressed size") }
            if offset == 0xFFFF_FFFF { offset = try field.uint64(.little, reading: "ZIP64 local header offset") }
            return
        }
    }

    /// Decodes a name and refuses names that could escape or confuse a path.
    static func checkedName(_ bytes: Data) throws(InspectionError) -> String {
        let name = String(decoding: bytes, as: UTF8.self)
        if bytes.contains(0) { throw .unsafeEntryName(name: name, reason: "contains a NUL byte") }
        if bytes.contains(UInt8(ascii: "\\")) { throw .unsafeEntryName(name: name, reason: "contains a backslash") }
        if name.hasPrefix("/") { throw .unsafeEntryName(name: name, reason: "absolute path") }
        if let first = name.split(separator: "/").first, first.count == 2, first.hasSuffix(":") {
            throw .unsafeEntryName(name: name, reason: "drive-letter path")
        }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            throw .unsafeEntryName(name: name, reason: "contains a \"..\" component")
        }
        return name
    }

    /// Refuses overlapping entries (the "overlapping files" zip bomb) and entries whose data
    /// would run into the central directory. Returns each entry's data limit.
    private static func checkLayout(
        _ entries: [ZIPEntry],
        directoryOffset: UInt64
    ) throws(InspectionError) -> [UInt64] {
        let order = entries.indices.sorted { entries[$0].localHeaderOffset < entries[$1].localHeaderOffset }
        var limits = [UInt64](repeating: directoryOffset, count: entries.count)
        for (rank, index) in order.enumerated() {
            let entry = entries[index]
            let next = rank + 1 < order.count ? entries[order[rank + 1]].localHeaderOffset : directoryOffset
            // The local header repeats the name; its extra field may differ, so this is a lower bound.
            let minimumSpan = UInt64(30 + entry.nameBytes)
            let (dataStart, o1) = entry.localHeaderOffset.addingReportingOverflow(minimumSpan)
            let (dataEnd, o2) = dataStart.addingReportingOverflow(entry.compressedSize)
            guard !o1, !o2, dataEnd <= next else {
                let what = rank + 1 < order.count ? "overlaps the next entry" : "runs into the central directory"
                throw .malformedArchive(
                    reason: """
                        entry \(InspectionError.quoted(entry.name)) \(what) (overlapping entries: possible zip bomb)
                        """,
                    offset: entry.localHeaderOffset)
            }
            limits[index] = next
        }
        return limits
    }
}
