import Foundation

/// What a path given on the command line is, checked before anything opens it.
///
/// Opening a FIFO without a writer blocks forever, a device reads endlessly or not at all, and
/// walking `/` takes seconds before any refusal: every command that reads a file or a folder
/// calls `InputPath.check` first and refuses anything else with one clear line.
public enum InputPath {
    /// A path that may be read.
    public enum Kind: Sendable, Equatable {
        case regularFile
        case folder
    }

    /// The kind of `path` (symbolic links followed), or `InspectionError.unreadable` naming what
    /// it is instead (missing, a named pipe, a device, a socket, a folder where only files are
    /// accepted). Never opens the path.
    public static func check(_ path: String, allowingFolders: Bool = true) throws(InspectionError) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            throw .unreadable(path: path, reason: reason.prefix(1).lowercased() + reason.dropFirst())
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR:
            if allowingFolders { return .folder }
            kind = "a folder"
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a special file"
        }
        let expected = allowingFolders ? "a regular file or a folder" : "a regular file"
        throw .unreadable(path: path, reason: "\(kind), not \(expected)")
    }
}
