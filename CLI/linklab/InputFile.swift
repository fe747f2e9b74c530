import Foundation
import SiteAssociation

/// Checks a path named on the command line before anything reads it: only a regular file is
/// read (a FIFO with no writer would hang, a device would be read forever, a folder is not a
/// file); the messages are the one clear line of exit 3.
enum InputFile {
    /// The bytes of `path` (`-` reads standard input), at most `limit`; the reason when it
    /// cannot be read (every command reads its file inputs here).
    static func read(
        _ path: String,
        limit: Int = AssociationDocument.maximumReadSize
    ) -> Result<Data, InputError> {
        if path == "-" {
            guard let data = StandardInput.read(limit: limit) else {
                return .failure(InputError(problem: "standard input is over \(limit) bytes; not read"))
            }
            return .success(data)
        }
        if let problem = problem(readingFile: path, maximumBytes: limit) {
            return .failure(InputError(problem: problem))
        }
        do {
            return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return .failure(InputError(problem: "cannot be read (\((error as NSError).localizedDescription))"))
        }
    }

    /// `read`'s bytes, or exit 3 with one line naming `path` and the reason (`failUnreadable`):
    /// how a command that reads one file input (`aasa lint`, `assetlinks lint`, `match`) reads it.
    static func bytes(_ path: String, limit: Int = AssociationDocument.maximumReadSize) throws -> Data {
        switch read(path, limit: limit) {
        case .success(let data): return data
        case .failure(let failure): throw failUnreadable(path, failure.problem)
        }
    }

    /// What an output calls the input `path`: `<stdin>` for `-`, the path otherwise.
    static func shownName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Why `path` cannot be read as a regular file of at most `maximumBytes`, or nil when it can.
    static func problem(readingFile path: String, maximumBytes: Int = 64 << 20) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR
                ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))"
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "is a directory, not a file"
        case S_IFIFO: return "is a FIFO, not a regular file"
        case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
        case S_IFSOCK: return "is a socket, not a regular file"
        default: return "is not a regular file"
        }
        guard access(path, R_OK) == 0 else { return "permission denied" }
        if Int(info.st_size) > maximumBytes {
            return "file is \(info.st_size) bytes; files over \(maximumBytes) bytes are not read"
        }
        return nil
    }
}

/// Why an input could not be read.
struct InputError: Error {
    var problem: String
}
