import Foundation

/// `-` as a file name: standard input, read with a bound.
enum StandardInput {
    /// All of standard input, or nil when it holds more than `limit` bytes.
    static func read(limit: Int) -> Data? {
        var data = Data()
        while true {
            let chunk = FileHandle.standardInput.readData(ofLength: 64 << 10)
            if chunk.isEmpty { return data }
            data.append(chunk)
            if data.count > limit { return nil }
        }
    }

    /// Largest input spooled to a file (an IPA on standard input).
    static let spoolLimit: Int64 = 4 << 30

    /// Copies standard input into a new private file (mode 0600, in a private folder) for the
    /// engine's readers that need random access (ZIP central directory, Mach-O offsets).
    /// The caller removes the folder with `removeSpool(_:)`.
    static func spoolToTemporaryFile(named name: String, limit: Int64 = spoolLimit) throws(InputError) -> URL {
        var template = Array((NSTemporaryDirectory() + "/linklab-stdin-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let folder = made.map({ String(cString: $0) }) else {
            throw InputError(problem: "cannot make a temporary folder (\(String(cString: strerror(errno))))")
        }
        let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw InputError(problem: "cannot make a temporary file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                throw InputError(problem: "standard input cannot be read (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            total += Int64(count)
            if total > limit {
                removeSpool(url)
                throw InputError(problem: "standard input is over \(limit) bytes; not read")
            }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes {
                    write(descriptor, $0.baseAddress.map { $0 + offset }, count - offset)
                }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    removeSpool(url)
                    throw InputError(problem: "standard input cannot be stored (\(String(cString: strerror(errno))))")
                }
                offset += written
            }
        }
        return url
    }

    /// Removes a spooled file and its private folder.
    static func removeSpool(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

}

/// A path argument where `-` means standard input: that input is spooled to a private
/// temporary file first (bounded), and `remove()` deletes it when the command is done.
struct SpooledInput {
    /// What the engine reads.
    let url: URL
    /// True when `url` is a temporary copy of standard input.
    let isSpooled: Bool

    init(argument: String) throws(InputError) {
        if argument == "-" {
            url = try StandardInput.spoolToTemporaryFile(named: "stdin")
            isSpooled = true
        } else {
            url = URL(fileURLWithPath: argument)
            isSpooled = false
        }
    }

    func remove() {
        if isSpooled { StandardInput.removeSpool(url) }
    }
}
