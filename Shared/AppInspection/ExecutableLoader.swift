import Foundation
import MachOReader

/// Loads an executable from the tree into memory, streaming, with a size cap.
///
/// Large executables (≥ `sparseThreshold`) are loaded sparsely: the buffer is allocated
/// zero-filled (pages the kernel only commits when written) and the bytes of instruction
/// sections are not copied in, since nothing downstream reads machine code. Headers, load
/// commands, string sections, symbol tables and the code signature are all kept, so a 100 MB
/// binary costs little more than its non-code bytes in memory.
enum ExecutableLoader {
    /// Executables at least this large are loaded sparsely.
    static let sparseThreshold: UInt64 = 32 << 20

    static func load(
        _ path: String, tree: BundleFileTree, maxBytes: UInt64,
        progress: (@Sendable (String, UInt64, UInt64) -> Void)?
    ) throws(InspectionError) -> Data {
        let declared = tree.size(of: path) ?? 0
        guard declared <= maxBytes else {
            throw .limitExceeded(what: "size of \(path)", limit: maxBytes, actual: declared)
        }
        let report: ((UInt64, UInt64) -> Void)? = progress.map { callback in { done, total in callback(path, done, total) } }
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

/// A zero-filled buffer that receives an executable's bytes in order and skips the bytes of
/// instruction sections once the load commands that describe them have been read.
final class SparseExecutableBuffer {
    private(set) var data: Data
    /// File ranges not copied (instruction sections), sorted by start.
    private var skips: [Range<Int>] = []
    /// Slices (start, end in the file) whose load commands are still to be read.
    private var pendingSlices: [(start: Int, end: Int)] = []
    private var sawFatHeader = false
    /// Bytes received so far (the stream is sequential).
    private var received = 0

    static let maxLoadCommandBytes = 16 << 20

    init(size: Int) {
        data = Data(count: size)
    }

    /// Copies `chunk` (at `offset` in the file) except skipped ranges; false when it overflows.
    func write(_ chunk: UnsafeBufferPointer<UInt8>, at offset: UInt64) -> Bool {
        guard let start = Int(exactly: offset), start <= data.count, chunk.count <= data.count - start else { return false }
        let end = start + chunk.count
        var cursor = start
        data.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
            func copy(_ from: Int, _ to: Int) {
                guard to > from else { return }
                let source = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(chunk)[(from - start)..<(to - start)])
                UnsafeMutableRawBufferPointer(rebasing: target[from..<to]).copyMemory(from: source)
            }
            for skip in skips where skip.upperBound > cursor && skip.lowerBound < end {
                copy(cursor, max(cursor, skip.lowerBound))
                cursor = max(cursor, min(end, skip.upperBound))
            }
            copy(cursor, end)
        }
        received = end
        learn()
        return true
    }

    /// Reads headers that are now complete and records instruction sections to skip.
    private func learn() {
        let reader = ByteReader(data)
        if !sawFatHeader, received >= 8 {
            sawFatHeader = true
            let magic = (try? reader.uint32(at: 0, .big)) ?? 0
            if magic == 0xCAFE_BABE || magic == 0xCAFE_BABF, let count = try? reader.uint32(at: 4, .big), count > 0, count <= 30 {
                let is64 = magic == 0xCAFE_BABF
                for index in 0..<Int(count) {
                    let entry = 8 + index * (is64 ? 32 : 20)
                    let offset = is64 ? (try? reader.int64Value(at: entry + 8, .big)) : (try? reader.int32Value(at: entry + 8, .big))
                    let size = is64 ? (try? reader.int64Value(at: entry + 16, .big)) : (try? reader.int32Value(at: entry + 12, .big))
                    guard let offset, let size, offset >= 8, offset < data.count else { continue }
                    let (end, overflow) = offset.addingReportingOverflow(size)
                    pendingSlices.append((offset, overflow ? data.count : min(end, data.count)))
                }
            } else {
                pendingSlices = [(0, data.count)]
            }
        }
        var remaining: [(start: Int, end: Int)] = []
        for slice in pendingSlices {
            guard let needed = loadCommandsEnd(reader, slice: slice.start) else { continue }
            if needed > received {
                remaining.append(slice)
            } else {
                readSections(reader, slice: slice.start, sliceEnd: slice.end)
            }
        }
        pendingSlices = remaining
    }

    /// End of a slice's load commands, once its header is in; nil when the slice is unusable.
    private func loadCommandsEnd(_ reader: ByteReader, slice: Int) -> Int? {
        guard slice + 32 <= received else { return slice + 32 }
        guard let magic = try? reader.uint32(at: slice, .little), magic == 0xFEED_FACF || magic == 0xFEED_FACE,
              let size = try? reader.int32Value(at: slice + 20, .little), size <= Self.maxLoadCommandBytes else { return nil }
        return slice + (magic == 0xFEED_FACF ? 32 : 28) + size
    }

    /// Sections whose bytes the link-evidence scan reads, whatever their flags say.
    private static let scannedSections: Set<String> = ["__objc_methname", "__objc_classname", "__cstring",
                                                       "__swift5_reflstr", "__swift5_typeref"]

    /// Records the instruction sections of one slice to skip. A range is skipped only when it
    /// lies inside the slice and overlaps nothing the parser reads (code signature, symbol and
    /// string tables, scanned string sections): section flags come from the input, and a
    /// hostile file could otherwise flag its signature or strings as code to hide them.
    private func readSections(_ reader: ByteReader, slice: Int, sliceEnd: Int) {
        guard let magic = try? reader.uint32(at: slice, .little),
              let count = try? reader.int32Value(at: slice + 16, .little),
              let commandBytes = try? reader.int32Value(at: slice + 20, .little) else { return }
        let is64 = magic == 0xFEED_FACF
        var command = slice + (is64 ? 32 : 28)
        let commandsEnd = command + commandBytes
        var candidates: [Range<Int>] = []
        var kept: [Range<Int>] = []
        func keep(_ offset: Int?, _ size: Int?) {
            guard let offset, let size, size > 0 else { return }
            let (start, o1) = slice.addingReportingOverflow(offset)
            let (end, o2) = start.addingReportingOverflow(size)
            if !o1, !o2 { kept.append(start..<end) }
        }
        for _ in 0..<min(count, 10_000) {
            guard let type = try? reader.uint32(at: command, .little),
                  let size = try? reader.int32Value(at: command + 4, .little),
                  size >= 8, command + size <= commandsEnd else { break }
            switch type {
            case 0x19, 0x1:
                let (countOffset, first, stride) = type == 0x19 ? (64, 72, 80) : (48, 56, 68)
                let sections = (try? reader.int32Value(at: command + countOffset, .little)) ?? 0
                for index in 0..<min(sections, 10_000) {
                    let header = command + first + index * stride
                    guard header + stride <= command + size else { break }
                    let name = (try? reader.fixedString(at: header, length: 16)) ?? ""
                    let sizeValue = type == 0x19 ? (try? reader.int64Value(at: header + 40, .little))
                                                 : (try? reader.int32Value(at: header + 36, .little))
                    let fileOffset = try? reader.int32Value(at: header + (type == 0x19 ? 48 : 40), .little)
                    let flags = (try? reader.uint32(at: header + (type == 0x19 ? 64 : 56), .little)) ?? 0
                    let isCode = flags & 0x8000_0000 != 0 || flags & 0x400 != 0
                    guard isCode, !Self.scannedSections.contains(name) else {
                        keep(fileOffset, sizeValue)
                        continue
                    }
                    guard let sizeValue, let fileOffset, sizeValue > 0 else { continue }
                    let (start, o1) = slice.addingReportingOverflow(fileOffset)
                    let (end, o2) = start.addingReportingOverflow(sizeValue)
                    // Only ranges past the load commands, inside this slice.
                    guard !o1, !o2, start >= commandsEnd, end <= sliceEnd, end <= data.count else { continue }
                    candidates.append(start..<end)
                }
            case 0x1D:  // LC_CODE_SIGNATURE
                keep(try? reader.int32Value(at: command + 8, .little), try? reader.int32Value(at: command + 12, .little))
            case 0x2:  // LC_SYMTAB
                let symbols = try? reader.int32Value(at: command + 12, .little)
                keep(try? reader.int32Value(at: command + 8, .little), symbols.map { $0 * (is64 ? 16 : 12) })
                keep(try? reader.int32Value(at: command + 16, .little), try? reader.int32Value(at: command + 20, .little))
            default:
                break
            }
            command += size
        }
        for candidate in candidates where !kept.contains(where: { $0.overlaps(candidate) }) {
            skips.append(candidate)
        }
        skips.sort { $0.lowerBound < $1.lowerBound }
    }
}
