import CZlib
import Foundation
import MachOReader

extension ZIPArchive {
    /// Size of the compressed-input chunks read from the source.
    static let inputChunk = 1 << 20
    /// Size of the inflated-output chunks handed to the sink.
    static let outputChunk = 1 << 20

    /// Offset of the entry's data after checking its local header against the central record.
    func dataOffset(of entry: ZIPEntry, limit: UInt64) throws(InspectionError) -> UInt64 {
        let header =
            ByteReader(
                try source.read(at: entry.localHeaderOffset, count: 30),
                baseOffset: Int(entry.localHeaderOffset))
        do {
            guard try header.uint32(at: 0, .little) == Self.localSignature else {
                throw InspectionError.malformedArchive(
                    reason: "local header of \(InspectionError.quoted(entry.name)) is missing",
                    offset: entry.localHeaderOffset)
            }
            let method = try header.uint16(at: 8, .little)
            let nameLength = Int(try header.uint16(at: 26, .little))
            let extraLength = Int(try header.uint16(at: 28, .little))
            guard method == entry.method, nameLength == entry.nameBytes else {
                throw InspectionError.malformedArchive(
                    reason: """
                        local header of \(InspectionError.quoted(entry.name)) disagrees with the central directory
                        """,
                    offset: entry.localHeaderOffset)
            }
            let localName = try source.read(at: entry.localHeaderOffset + 30, count: nameLength)
            guard String(decoding: localName, as: UTF8.self) == entry.name else {
                throw InspectionError.malformedArchive(
                    reason: """
                        local header names a different file than the central directory \
                        for \(InspectionError.quoted(entry.name))
                        """,
                    offset: entry.localHeaderOffset)
            }
            let start = entry.localHeaderOffset + 30 + UInt64(nameLength) + UInt64(extraLength)
            let (end, overflow) = start.addingReportingOverflow(entry.compressedSize)
            guard !overflow, end <= limit else {
                throw InspectionError.malformedArchive(
                    reason: "data of \(InspectionError.quoted(entry.name)) overlaps the next entry (possible zip bomb)",
                    offset: entry.localHeaderOffset)
            }
            return start
        } catch let error as InspectionError {
            throw error
        } catch {
            throw .malformedArchive(reason: "\(error)", offset: entry.localHeaderOffset)
        }
    }

    /// Streams the uncompressed bytes of the entry at `index` in `entries` to `sink` in order,
    /// checking size and CRC-32. Takes an index, not an entry: a search per read is quadratic
    /// over an archive with many bundles and entries.
    ///
    /// `sink` receives the offset of each chunk within the entry. Stops at the declared size:
    /// a stream that would inflate further is corrupt (or hostile), never read past.
    /// `progress` gets the bytes produced so far after every chunk, and before every read of
    /// compressed input (so input that inflates to nothing still reaches it); it may throw to stop.
    func stream(
        entryAt index: Int,
        maxBytes: UInt64,
        progress: (UInt64) throws(InspectionError) -> Void = { _ in },
        sink: (UInt64, UnsafeBufferPointer<UInt8>) throws(InspectionError) -> Void
    ) throws(InspectionError) {
        guard entries.indices.contains(index) else {
            throw .corruptEntry(name: "entry \(index)", reason: "not in this archive")
        }
        let entry = entries[index]
        guard !entry.isEncrypted else { throw .corruptEntry(name: entry.name, reason: "entry is encrypted") }
        guard entry.uncompressedSize <= maxBytes else {
            throw .limitExceeded(
                what: "size of \(InspectionError.quoted(entry.name))", limit: maxBytes,
                actual: entry.uncompressedSize)
        }
        if entry.uncompressedSize >= limits.ratioFloorBytes {
            let ratio = entry.uncompressedSize / max(entry.compressedSize, 1)
            guard ratio <= limits.maxCompressionRatio else {
                throw .limitExceeded(
                    what: "compression ratio of \(InspectionError.quoted(entry.name))",
                    limit: limits.maxCompressionRatio, actual: ratio)
            }
        }
        let start = try dataOffset(of: entry, limit: dataLimits[index])
        switch entry.method {
        case 0:
            try streamStored(entry, from: start, progress: progress, sink: sink)
        case 8:
            try streamDeflated(entry, from: start, progress: progress, sink: sink)
        default:
            throw .corruptEntry(name: entry.name, reason: "unsupported compression method \(entry.method)")
        }
    }

    /// Reads the whole (small) entry at `index` in `entries` into memory.
    func read(entryAt index: Int, maxBytes: UInt64) throws(InspectionError) -> Data {
        var data = Data()
        if entries.indices.contains(index) {
            data.reserveCapacity(Int(min(entries[index].uncompressedSize, maxBytes)))
        }
        try stream(entryAt: index, maxBytes: maxBytes) { (_, chunk) throws(InspectionError) in
            data.append(chunk)
        }
        return data
    }

    private func streamStored(
        _ entry: ZIPEntry, from start: UInt64,
        progress: (UInt64) throws(InspectionError) -> Void,
        sink: (UInt64, UnsafeBufferPointer<UInt8>) throws(InspectionError) -> Void
    ) throws(InspectionError) {
        guard entry.compressedSize == entry.uncompressedSize else {
            throw .corruptEntry(name: entry.name, reason: "stored entry's sizes disagree")
        }
        var crc = crc32(0, nil, 0)
        var done: UInt64 = 0
        while done < entry.uncompressedSize {
            let count = Int(min(UInt64(Self.inputChunk), entry.uncompressedSize - done))
            let bytes = [UInt8](try source.read(at: start + done, count: count))
            try bytes.withUnsafeBufferPointer { (buffer) throws(InspectionError) in
                crc = crc32(crc, buffer.baseAddress, uInt(buffer.count))
                try sink(done, buffer)
            }
            done += UInt64(count)
            try progress(done)
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw .corruptEntry(name: entry.name, reason: "CRC-32 mismatch")
        }
    }

    private func streamDeflated(
        _ entry: ZIPEntry, from start: UInt64,
        progress: (UInt64) throws(InspectionError) -> Void,
        sink: (UInt64, UnsafeBufferPointer<UInt8>) throws(InspectionError) -> Void
    ) throws(InspectionError) {
        let inflater = try Inflater(name: entry.name)
        var crc = crc32(0, nil, 0)
        var produced: UInt64 = 0
        var consumed: UInt64 = 0
        var output = [UInt8](repeating: 0, count: Self.outputChunk)
        var finished = false
        while !finished {
            try progress(produced)
            let count = Int(min(UInt64(Self.inputChunk), entry.compressedSize - consumed))
            let input = count > 0 ? [UInt8](try source.read(at: start + consumed, count: count)) : []
            consumed += UInt64(count)
            let isLastInput = consumed == entry.compressedSize
            var inputOffset = 0
            repeat {
                let step = try inflater.inflate(input: input, from: inputOffset, into: &output)
                inputOffset += step.consumed
                if step.produced > 0 {
                    let (total, overflow) = produced.addingReportingOverflow(UInt64(step.produced))
                    guard !overflow, total <= entry.uncompressedSize else {
                        throw .corruptEntry(
                            name: entry.name,
                            reason: "inflates past its declared size of \(entry.uncompressedSize) bytes")
                    }
                    try output.withUnsafeBufferPointer { (buffer) throws(InspectionError) in
                        let chunk = UnsafeBufferPointer(rebasing: buffer[0..<step.produced])
                        crc = crc32(crc, chunk.baseAddress, uInt(chunk.count))
                        try sink(produced, chunk)
                    }
                    produced = total
                    try progress(produced)
                }
                if step.streamEnded {
                    finished = true
                    break
                }
                if step.consumed == 0, step.produced == 0 {
                    if isLastInput {
                        throw .corruptEntry(name: entry.name, reason: "deflate stream is truncated")
                    }
                    break
                }
            } while inputOffset < input.count || (isLastInput && !finished)
        }
        guard produced == entry.uncompressedSize else {
            throw .corruptEntry(
                name: entry.name,
                reason: "inflated to \(produced) bytes, declared \(entry.uncompressedSize)")
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw .corruptEntry(name: entry.name, reason: "CRC-32 mismatch")
        }
    }
}

/// A raw-deflate decoder over zlib (`inflateInit2` with negative window bits).
///
/// The `z_stream` lives at a fixed heap address: zlib keeps a pointer back to it.
final class Inflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let name: String
    private var started = false

    struct Step {
        var consumed: Int
        var produced: Int
        var streamEnded: Bool
    }

    init(name: String) throws(InspectionError) {
        self.name = name
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .corruptEntry(name: name, reason: "zlib could not start (status \(status))") }
        started = true
    }

    deinit {
        if started { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Feeds `input[from...]` and fills `output` as far as it goes.
    func inflate(input: [UInt8], from offset: Int, into output: inout [UInt8]) throws(InspectionError) -> Step {
        let available = max(0, input.count - offset)
        var status: Int32 = Z_OK
        var consumed = 0
        var produced = 0
        let stream = self.stream
        input.withUnsafeBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.pointee.next_in =
                    available > 0
                    ? inBuffer.baseAddress.map { UnsafeMutablePointer(mutating: $0 + offset) }
                    : nil
                stream.pointee.avail_in = uInt(available)
                stream.pointee.next_out = outBuffer.baseAddress
                stream.pointee.avail_out = uInt(outBuffer.count)
                status = CZlib.inflate(stream, Z_NO_FLUSH)
                consumed = available - Int(stream.pointee.avail_in)
                produced = outBuffer.count - Int(stream.pointee.avail_out)
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
            }
        }
        switch status {
        case Z_OK, Z_BUF_ERROR:
            return Step(consumed: consumed, produced: produced, streamEnded: false)
        case Z_STREAM_END:
            return Step(consumed: consumed, produced: produced, streamEnded: true)
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
            throw .corruptEntry(name: name, reason: "deflate data is invalid (\(message))")
        }
    }
}
