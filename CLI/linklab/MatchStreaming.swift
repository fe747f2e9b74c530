import Foundation
import Workbench

/// Reads lines from a file descriptor in 64 KiB chunks, so a URL list of any length is read
/// in constant memory. A line longer than `maximumLength` bytes is reported as too long and
/// skipped to its end. Before each read that may block, `beforeRead` runs (the output is
/// flushed there, so an interactive tester sees each answer at once).
final class LineReader {
    enum Line {
        case text(String)
        case tooLong
    }

    private let descriptor: Int32
    private let closeWhenDone: Bool
    private let maximumLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var skippingLongLine = false

    /// Reads `path` (`-`: standard input). Fails with the reason when the file cannot be opened.
    init(path: String, maximumLength: Int) throws(InputError) {
        self.maximumLength = maximumLength
        if path == "-" {
            descriptor = STDIN_FILENO
            closeWhenDone = false
            return
        }
        if let problem = InputFile.problem(readingFile: path) { throw InputError(problem: problem) }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else {
            throw InputError(problem: "cannot be read (\(String(cString: strerror(errno))))")
        }
        descriptor = opened
        closeWhenDone = true
    }

    deinit {
        if closeWhenDone { close(descriptor) }
    }

    /// The next line without its line ending, or nil at the end of the input.
    func next(beforeRead: () -> Void) -> Line? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let lineBytes = buffer[start..<newline]
                start = newline + 1
                if skippingLongLine {
                    skippingLongLine = false
                    continue
                }
                return lineBytes.count > maximumLength ? .tooLong : .text(Self.decode(lineBytes))
            }
            if buffer.count - start > maximumLength {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if !skippingLongLine {
                    skippingLongLine = true
                    return .tooLong
                }
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let rest = buffer[start...]
                start = buffer.count
                if skippingLongLine { return nil }
                return .text(Self.decode(rest))
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            beforeRead()
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[0..<count])
            }
        }
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}

/// Standard output, written in 64 KiB blocks (and whenever `flush` is called), so a long
/// stream of answers costs few system calls but the first answer is not held back.
final class StreamedOutput {
    private var pending: [UInt8] = []

    func write(_ text: String) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= 64 << 10 { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        FileHandle.standardOutput.write(Data(pending))
        pending.removeAll(keepingCapacity: true)
    }
}
