import Foundation
import MachOReader

/// Loads an executable from the tree, streaming, with a size cap.
///
/// Large executables (≥ `sparseThreshold`) are loaded sparsely: the buffer is allocated
/// zero-filled (pages the kernel only commits when written) and only the byte ranges the Mach-O
/// reader reads are copied in: headers and load commands, the code signature, the symbol and
/// string tables and the sections the link scan reads. Machine code, constants, unwind info
/// and fixups stay untouched zero pages, so memory follows what is read, not the file size.
enum ExecutableLoader {
    /// Executables at least this large are loaded sparsely.
    static let sparseThreshold: UInt64 = 32 << 20
    /// Reader limits for inspection: symbols are scanned, not kept (nothing downstream reads them).
    static let readerLimits: MachOLimits = {
        var limits = MachOLimits()
        limits.retainsSymbols = false
        return limits
    }()

    /// Loads a file read at offsets (a bare Mach-O given directly) the same way, in 4 MiB reads;
    /// `progress` gets the bytes read after each read and may throw to stop.
    static func load(
        _ source: ArchiveSource, progress: (UInt64) throws(InspectionError) -> Void = { _ in }
    ) throws(InspectionError) -> Data {
        guard source.size >= sparseThreshold, let size = Int(exactly: source.size) else {
            let data = try source.read(at: 0, count: Int(source.size))
            try progress(source.size)
            return data
        }
        let buffer = SparseExecutableBuffer(size: size)
        var offset: UInt64 = 0
        while offset < source.size {
            let chunk = try source.read(at: offset, count: Int(min(UInt64(4 << 20), source.size - offset)))
            let written = chunk.withUnsafeBytes { raw in buffer.write(raw.bindMemory(to: UInt8.self), at: offset) }
            guard written else { throw .unreadable(path: source.name, reason: "file grew while reading") }
            offset += UInt64(chunk.count)
            try progress(offset)
        }
        return buffer.data
    }

    /// Loads `path` from the tree; `progress` gets the bytes done after each chunk and may throw to stop.
    static func load(
        _ path: String, tree: BundleFileTree, maxBytes: UInt64,
        progress report: (UInt64) throws(InspectionError) -> Void = { _ in }
    ) throws(InspectionError) -> Data {
        let declared = tree.size(of: path) ?? 0
        guard declared <= maxBytes else {
            throw .limitExceeded(what: "size of \(path)", limit: maxBytes, actual: declared)
        }
        if declared >= sparseThreshold, let size = Int(exactly: declared) {
            let buffer = SparseExecutableBuffer(size: size)
            try tree.stream(path, maxBytes: maxBytes, progress: report) { (offset, chunk) throws(InspectionError) in
                guard buffer.write(chunk, at: offset) else {
                    throw .corruptEntry(name: path, reason: "holds more bytes than its declared size")
                }
            }
            return buffer.data
        }
        var data = Data()
        data.reserveCapacity(Int(declared))
        try tree.stream(path, maxBytes: maxBytes, progress: report) { (_, chunk) throws(InspectionError) in
            data.append(chunk)
        }
        return data
    }
}

/// A zero-filled buffer that receives an executable's bytes in order and copies only the
/// ranges the Mach-O reader reads, learned from the headers and load commands as they arrive.
final class SparseExecutableBuffer {
    private(set) var data: Data
    /// File ranges to copy, sorted by start (headers and load commands are always copied).
    private var keeps: [Range<Int>] = []
    /// Slices (start, end in the file) whose load commands are still to be read; `ready` once
    /// all their load-command bytes have arrived (they are read after the next copy round).
    private var pendingSlices: [(start: Int, end: Int, ready: Bool)] = []
    private var sawFatHeader = false
    /// Bytes received so far (the stream is sequential).
    private var received = 0
    /// Bytes copied into `data` (the rest of it is untouched zero pages).
    private(set) var copiedBytes = 0

    static let maxLoadCommandBytes = 16 << 20
    /// Bytes at the start of the file always copied: fat header and its architecture table.
    static let fatHeaderBytes = 8 + 30 * 32

    init(size: Int) {
        data = Data(count: size)
    }

    /// Copies the kept parts of `chunk` (at `offset` in the file); false when it overflows.
    func write(_ chunk: UnsafeBufferPointer<UInt8>, at offset: UInt64) -> Bool {
        guard let start = Int(exactly: offset), start <= data.count, chunk.count <= data.count - start else {
            return false
        }
        let end = start + chunk.count
        received = end
        // Headers arriving in this chunk reveal more ranges to keep, possibly in this chunk:
        // copy, learn, and copy again until nothing new is learned (a few rounds at most).
        var copied: [Range<Int>] = []
        var wanted = wantedRanges()
        for _ in 0..<8 {
            copied += copy(chunk, start: start, ranges: wanted)
            learn()
            let next = wantedRanges()
            if next == wanted { break }
            wanted = next
        }
        copiedBytes += Self.merged(copied).reduce(0) { $0 + $1.count }
        return true
    }

    /// The fat header, the header and load commands of every slice still pending, and the kept ranges.
    private func wantedRanges() -> [Range<Int>] {
        var ranges = [0..<min(data.count, Self.fatHeaderBytes)]
        let reader = ByteReader(data)
        for slice in pendingSlices {
            let end = loadCommandsEnd(reader, slice: slice.start) ?? slice.end
            ranges.append(slice.start..<max(slice.start, min(slice.end, end)))
        }
        return ranges + keeps
    }

    /// Copies the parts of `chunk` (file range `start..<start+count`) inside `ranges`; returns them.
    private func copy(_ chunk: UnsafeBufferPointer<UInt8>, start: Int, ranges: [Range<Int>]) -> [Range<Int>] {
        let end = start + chunk.count
        let pieces = Self.merged(
            ranges.compactMap { range -> Range<Int>? in
                let low = max(range.lowerBound, start)
                let high = min(range.upperBound, end)
                return low < high ? low..<high : nil
            })
        guard !pieces.isEmpty else { return [] }
        data.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
            for piece in pieces {
                let source =
                    UnsafeRawBufferPointer(
                        rebasing: UnsafeRawBufferPointer(chunk)[
                            (piece.lowerBound - start)..<(piece.upperBound - start)])
                UnsafeMutableRawBufferPointer(rebasing: target[piece]).copyMemory(from: source)
            }
        }
        return pieces
    }

    /// Sorted, non-overlapping union of `ranges`.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Reads headers that are now complete and records the ranges the reader will read.
    private func learn() {
        let reader = ByteReader(data)
        if !sawFatHeader, received >= 8 {
            sawFatHeader = true
            let magic = (try? reader.uint32(at: 0, .big)) ?? 0
            if magic == 0xCAFE_BABE || magic == 0xCAFE_BABF, let count = try? reader.uint32(at: 4, .big), count > 0,
                count <= 30
            {
                let is64 = magic == 0xCAFE_BABF
                for index in 0..<Int(count) {
                    let entry = 8 + index * (is64 ? 32 : 20)
                    let offset =
                        is64
                        ? (try? reader.int64Value(at: entry + 8, .big)) : (try? reader.int32Value(at: entry + 8, .big))
                    let size =
                        is64
                        ? (try? reader.int64Value(at: entry + 16, .big))
                        : (try? reader.int32Value(at: entry + 12, .big))
                    guard let offset, let size, offset >= 8, offset < data.count else { continue }
                    let (end, overflow) = offset.addingReportingOverflow(size)
                    pendingSlices.append((offset, overflow ? data.count : min(end, data.count), false))
                }
            } else {
                pendingSlices = [(0, data.count, false)]
            }
        }
        var remaining: [(start: Int, end: Int, ready: Bool)] = []
        for var slice in pendingSlices {
            guard let needed = loadCommandsEnd(reader, slice: slice.start) else {
                // Not a little-endian Mach-O header (big-endian, damaged): keep the whole
                // slice so the reader sees exactly what a full load would show.
                keeps.append(slice.start..<slice.end)
                continue
            }
            if needed > received || !slice.ready {
                // Complete but perhaps not yet copied (it arrived in this chunk): read next round.
                slice.ready = needed <= received
                remaining.append(slice)
            } else {
                readRanges(reader, slice: slice.start, sliceEnd: slice.end)
            }
        }
        pendingSlices = remaining
        keeps = Self.merged(keeps)
    }

    /// End of a slice's load commands, once its header is in; nil when the slice is unusable.
    private func loadCommandsEnd(_ reader: ByteReader, slice: Int) -> Int? {
        guard slice + 32 <= received else { return slice + 32 }
        guard let magic = try? reader.uint32(at: slice, .little), magic == 0xFEED_FACF || magic == 0xFEED_FACE,
            let size = try? reader.int32Value(at: slice + 20, .little), size <= Self.maxLoadCommandBytes
        else {
            return nil
        }
        return slice + (magic == 0xFEED_FACF ? 32 : 28) + size
    }

    /// Records what the reader reads of one slice: its load commands, the sections the link
    /// scan reads (by name, whatever their flags say), the code signature and the symbol and
    /// string tables. Offsets come from the input; clamped to the slice, they can only make
    /// the load copy more, never hide from the reader what a full load would show it.
    private func readRanges(_ reader: ByteReader, slice: Int, sliceEnd: Int) {
        guard let magic = try? reader.uint32(at: slice, .little),
            let count = try? reader.int32Value(at: slice + 16, .little),
            let commandBytes = try? reader.int32Value(at: slice + 20, .little)
        else { return }
        let is64 = magic == 0xFEED_FACF
        var command = slice + (is64 ? 32 : 28)
        let commandsEnd = command + commandBytes
        keeps.append(slice..<min(sliceEnd, commandsEnd))
        func keep(_ offset: Int?, _ size: Int?) {
            guard let offset, let size, size > 0, offset >= 0 else { return }
            let (start, o1) = slice.addingReportingOverflow(offset)
            let (end, o2) = start.addingReportingOverflow(size)
            guard !o1, !o2, start < sliceEnd else { return }
            keeps.append(start..<min(end, sliceEnd))
        }
        for _ in 0..<min(count, 10_000) {
            guard let type = try? reader.uint32(at: command, .little),
                let size = try? reader.int32Value(at: command + 4, .little),
                size >= 8, command + size <= commandsEnd
            else { break }
            switch type {
            case 0x19, 0x1:
                let (countOffset, first, stride) = type == 0x19 ? (64, 72, 80) : (48, 56, 68)
                let sections = (try? reader.int32Value(at: command + countOffset, .little)) ?? 0
                for index in 0..<min(sections, 10_000) {
                    let header = command + first + index * stride
                    guard header + stride <= command + size else { break }
                    let name = (try? reader.fixedString(at: header, length: 16)) ?? ""
                    guard MachOSlice.linkScanSectionNames.contains(name) else { continue }
                    let sizeValue =
                        type == 0x19
                        ? (try? reader.int64Value(at: header + 40, .little))
                        : (try? reader.int32Value(at: header + 36, .little))
                    keep(try? reader.int32Value(at: header + (type == 0x19 ? 48 : 40), .little), sizeValue)
                }
            case 0x1D:  // LC_CODE_SIGNATURE
                keep(
                    try? reader.int32Value(at: command + 8, .little),
                    try? reader.int32Value(at: command + 12, .little))
            case 0x2:  // LC_SYMTAB
                let symbols = try? reader.int32Value(at: command + 12, .little)
                keep(try? reader.int32Value(at: command + 8, .little), symbols.map { $0 * (is64 ? 16 : 12) })
                keep(
                    try? reader.int32Value(at: command + 16, .little),
                    try? reader.int32Value(at: command + 20, .little))
            default:
                break
            }
            command += size
        }
    }
}
