import Foundation

/// Random-access bytes of one input: a file read at offsets, or bytes already in memory
/// (fuzzing, tests). The archive layer is the only code that opens files.
struct ArchiveSource: Sendable {
    private enum Storage: Sendable {
        case memory(Data)
        case file(FileBox)
    }

    /// Holds the open handle; reads are serialised by the caller (one inspection, one thread).
    final class FileBox: @unchecked Sendable {
        let handle: FileHandle
        let path: String
        init(handle: FileHandle, path: String) {
            self.handle = handle
            self.path = path
        }
        deinit { try? handle.close() }
    }

    private let storage: Storage
    /// Total size in bytes.
    let size: UInt64
    /// Name used in messages.
    let name: String

    /// Wraps bytes already in memory.
    init(data: Data, name: String = "<memory>") {
        storage = .memory(data)
        size = UInt64(data.count)
        self.name = name
    }

    /// Opens a regular file for reading at offsets.
    init(fileAt url: URL) throws(InspectionError) {
        let path = url.path
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        do {
            let end = try handle.seekToEnd()
            storage = .file(FileBox(handle: handle, path: path))
            size = end
            name = path
        } catch {
            try? handle.close()
            throw .unreadable(path: path, reason: Self.reason(error))
        }
    }

    /// Reads exactly `count` bytes at `offset`, or throws when they are not all there.
    func read(at offset: UInt64, count: Int) throws(InspectionError) -> Data {
        guard count >= 0 else { throw .malformedArchive(reason: "negative read size", offset: offset) }
        let (end, overflow) = offset.addingReportingOverflow(UInt64(count))
        guard !overflow, end <= size else {
            throw .malformedArchive(
                reason: "needs \(count) bytes past the end of the file (size \(size))",
                offset: offset)
        }
        if count == 0 { return Data() }
        switch storage {
        case .memory(let data):
            let start = data.startIndex + Int(offset)
            return Data(data[start..<(start + count)])
        case .file(let box):
            do {
                try box.handle.seek(toOffset: offset)
                var result = Data()
                result.reserveCapacity(count)
                while result.count < count {
                    guard let chunk = try box.handle.read(upToCount: count - result.count), !chunk.isEmpty else {
                        throw InspectionError.unreadable(
                            path: box.path,
                            reason: "file ended early (changed while reading?)")
                    }
                    result.append(chunk)
                }
                return result
            } catch let error as InspectionError {
                throw error
            } catch {
                throw .unreadable(path: box.path, reason: Self.reason(error))
            }
        }
    }

    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(underlying.code))
        {
            return String(cString: message)
        }
        return ns.localizedDescription
    }
}
