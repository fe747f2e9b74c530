import Foundation

/// How reports, sessions' route records and API answers name a local file: as the tester named
/// it, never with the folders of their machine (a report goes to a client). A relative path is
/// kept as given (`Samples/aasa/example.com.json`); an absolute path under the working folder is
/// made relative to it; any other absolute path shows only its file name.
public enum ShownFileName {
    public static func of(
        _ path: String,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        guard path.hasPrefix("/") else { return path }
        let folder = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if folder.count > 1, path.hasPrefix(folder), path.count > folder.count {
            return String(path.dropFirst(folder.count))
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        return name.isEmpty ? "file" : name
    }
}
