import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
    private let posixWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let posixWrite = Darwin.write
#endif

/// A private folder (mode 0700, made by `mkdtemp`) that uploads stream into, chunk by chunk:
/// never the whole file in memory, never a client-supplied name on disk. Removed at shutdown.
public final class UploadSpool: Sendable {
    /// The folder.
    public let folder: URL

    /// Creates the folder under `parent` (default: the system's temporary folder).
    public init(parent: URL = FileManager.default.temporaryDirectory) throws {
        var template = Array(parent.appendingPathComponent("linklab-serve-XXXXXX").path.utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard created else {
            throw WebAPIError(.internalServerError, "The private upload folder could not be created.")
        }
        folder =
            URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// A new, unused path in the folder with one of our own extensions.
    public func newPath(extension ext: String) -> URL {
        folder.appendingPathComponent(UUID().uuidString.lowercased() + "." + ext)
    }

    /// Writes `body` to a new file in the folder, stopping at `limit` bytes.
    ///
    /// A declared `Content-Length` over the limit is refused before a byte is read; a body that
    /// grows past it (chunked, or lying) is cut, the partial file is deleted and the answer is
    /// 413. When the server stops (graceful shutdown of the service the request runs in) the
    /// upload is cut at once — a client that stalls mid-body cannot hold the shutdown — and its
    /// file deleted (503).
    public func receive<Body: AsyncSequence & Sendable>(
        _ body: Body, declaredLength: Int64?, limit: Int64, extension ext: String
    ) async throws -> (url: URL, size: Int64) where Body.Element == ByteBuffer {
        if let declaredLength, declaredLength > limit { throw Self.tooLarge(limit) }
        let url = newPath(extension: ext)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw WebAPIError(.internalServerError, "The upload could not be stored.")
        }
        do {
            let size = try await cancelWhenGracefulShutdown {
                try await Self.copy(body, to: descriptor, limit: limit)
            }
            close(descriptor)
            return (url, size)
        } catch {
            close(descriptor)
            try? FileManager.default.removeItem(at: url)
            if error is WebAPIError { throw error }
            if Task.isShuttingDownGracefully || error is CancellationError { throw Self.stopping }
            throw WebAPIError(.badRequest, "The upload was interrupted.")
        }
    }

    /// The body into the file; cancellation (the server stopping) is an error even when the
    /// body's sequence answers it by ending, so a cut upload is never taken for a whole one.
    private static func copy<Body: AsyncSequence>(
        _ body: Body, to descriptor: Int32, limit: Int64
    ) async throws
        -> Int64 where Body.Element == ByteBuffer
    {
        var size: Int64 = 0
        for try await chunk in body {
            try Task.checkCancellation()
            size += Int64(chunk.readableBytes)
            if size > limit { throw tooLarge(limit) }
            try write(chunk, to: descriptor)
        }
        try Task.checkCancellation()
        return size
    }

    private static func tooLarge(_ limit: Int64) -> WebAPIError {
        WebAPIError(.contentTooLarge, "The upload is larger than the server's limit of \(limit) bytes.")
    }

    private static let stopping = WebAPIError(.serviceUnavailable, "The server is stopping: the upload was cut.")

    /// Deletes one file of the folder (never anything outside it).
    public func remove(_ url: URL) {
        guard url.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path else {
            return
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// Names of the files now in the folder (tests, diagnostics).
    public var contents: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    /// Deletes the folder and everything in it.
    public func removeAll() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func write(_ chunk: ByteBuffer, to descriptor: Int32) throws {
        try chunk.withUnsafeReadableBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                guard let base = bytes.baseAddress else { return }
                let written = posixWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WebAPIError(.internalServerError, "The upload could not be written to disk.")
                }
                offset += written
            }
        }
    }
}
