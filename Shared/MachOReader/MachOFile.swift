import Foundation

/// A parsed Mach-O file: one thin image, or a fat (universal) file holding several slices.
///
/// Built from bytes only (no file access). Initialisation throws when the container cannot be
/// read at all; a fat file whose individual slices fail keeps the good ones and lists the
/// failures in `problems`.
public struct MachOFile: Sendable {
    /// True for a fat (universal) container.
    public internal(set) var isFat: Bool
    /// The fat header's magic (`0xCAFEBABE` / `0xCAFEBABF`), or `nil` for a thin file.
    public internal(set) var fatMagic: UInt32?
    /// The images, in file order.
    public internal(set) var slices: [MachOSlice]
    /// Slices that could not be parsed, and other container-level problems.
    public internal(set) var problems: [MachOError]

    /// Parses `data` with the default limits.
    public init(data: Data) throws(MachOError) {
        try self.init(data: data, limits: .standard)
    }

    /// Parses `data` with explicit safety caps.
    public init(data: Data, limits: MachOLimits) throws(MachOError) {
        let reader = ByteReader(data)
        let magic = try MachOError.reading {
            () throws(ByteReaderError) in try reader.uint32(at: 0, .big, reading: "magic")
        }
        switch magic {
        case MachOConstants.fatMagic, MachOConstants.fatMagic64:
            isFat = true
            fatMagic = magic
            problems = []
            slices = []
            let entries = try Self.fatEntries(reader, is64: magic == MachOConstants.fatMagic64, limits: limits)
            for (index, entry) in entries.enumerated() {
                do {
                    let sliceReader = try MachOError.reading { () throws(ByteReaderError) in
                        try reader.subReader(at: entry.offset, count: entry.size, reading: "fat slice \(index)")
                    }
                    var slice = try MachOSlice(reader: sliceReader, limits: limits)
                    slice.fatCPUType = entry.cpuType
                    slice.fatCPUSubtype = entry.cpuSubtype
                    slice.fatAlignment = entry.align
                    if entry.cpuType != slice.cpuType {
                        slice.problems.append(
                            .malformed(
                                offset: entry.headerOffset,
                                reason: """
                                    fat header says cpu type 0x\(String(entry.cpuType, radix: 16)) but the slice \
                                    header \
                                    says 0x\(String(slice.cpuType, radix: 16))
                                    """))
                    }
                    slices.append(slice)
                } catch {
                    problems.append(error)
                }
            }
            if slices.isEmpty {
                throw problems.first ?? .malformed(offset: 0, reason: "fat file holds no architectures")
            }
        default:
            isFat = false
            fatMagic = nil
            problems = []
            slices = [try MachOSlice(reader: reader, limits: limits)]
        }
    }

    /// One architecture entry of a fat header.
    struct FatEntry {
        var headerOffset: Int
        var cpuType: UInt32
        var cpuSubtype: UInt32
        var offset: Int
        var size: Int
        var align: UInt32
    }

    private static func fatEntries(
        _ reader: ByteReader, is64: Bool,
        limits: MachOLimits
    ) throws(MachOError) -> [FatEntry] {
        let count = try MachOError.reading {
            () throws(ByteReaderError) in try reader.uint32(at: 4, .big, reading: "nfat_arch")
        }
        guard count <= limits.maxFatArchitectures else {
            throw .implausibleFatHeader(archCount: count, limit: limits.maxFatArchitectures)
        }
        guard count > 0 else { throw .malformed(offset: 4, reason: "fat header lists no architectures") }
        let entrySize = is64 ? 32 : 20
        var entries: [FatEntry] = []
        for index in 0..<Int(count) {
            let at = 8 + index * entrySize
            let entry = try MachOError.reading { () throws(ByteReaderError) -> FatEntry in
                let cpuType = try reader.uint32(at: at, .big, reading: "fat_arch.cputype")
                let cpuSubtype = try reader.uint32(at: at + 4, .big, reading: "fat_arch.cpusubtype")
                let offset: Int
                let size: Int
                let align: UInt32
                if is64 {
                    offset = try reader.int64Value(at: at + 8, .big, reading: "fat_arch_64.offset")
                    size = try reader.int64Value(at: at + 16, .big, reading: "fat_arch_64.size")
                    align = try reader.uint32(at: at + 24, .big, reading: "fat_arch_64.align")
                } else {
                    offset = try reader.int32Value(at: at + 8, .big, reading: "fat_arch.offset")
                    size = try reader.int32Value(at: at + 12, .big, reading: "fat_arch.size")
                    align = try reader.uint32(at: at + 16, .big, reading: "fat_arch.align")
                }
                return FatEntry(
                    headerOffset: at, cpuType: cpuType, cpuSubtype: cpuSubtype, offset: offset, size: size,
                    align: align)
            }
            entries.append(entry)
        }
        let headerEnd = 8 + Int(count) * entrySize
        for (index, entry) in entries.enumerated() {
            guard entry.offset >= headerEnd else {
                throw .malformed(
                    offset: entry.headerOffset,
                    reason: "slice \(index) starts at \(entry.offset), inside the fat header")
            }
            let end = try MachOError.reading { () throws(ByteReaderError) in
                try ByteReader.sum(entry.offset, entry.size, at: entry.headerOffset, reading: "fat slice end")
            }
            guard end <= reader.count else {
                throw .malformed(
                    offset: entry.headerOffset,
                    reason: """
                        slice \(index) (\(entry.offset)..<\(end)) runs past the end of the file (\(reader.count) bytes)
                        """)
            }
            for other in entries[..<index] where entry.offset < other.offset + other.size && other.offset < end {
                throw .malformed(
                    offset: entry.headerOffset,
                    reason: "slice \(index) overlaps the slice at offset \(other.offset)")
            }
        }
        return entries
    }
}
