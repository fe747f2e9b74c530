import Foundation
import Testing

/// Every Swift file of the app-side targets parses (`swiftc -parse`, syntax only): a quick check
/// that also runs on macOS. The type check is AppTypeCheckTests (Linux, scripts/typecheck-app).
@Suite struct SwiftSourcesParseTests {
    @Test(arguments: ProjectFiles.swiftFolders)
    func everySwiftFileParses(folder: String) throws {
        let files = ProjectFiles.swiftFiles(in: folder)
        #expect(!files.isEmpty, "no Swift files in \(folder)")
        let swiftc = try #require(ProjectFiles.tool("swiftc"), "swiftc not found on PATH or beside the toolchain")
        let result = try ProjectFiles.run(swiftc, ["-parse"] + files.map(\.path))
        #expect(result.status == 0, "swiftc -parse failed for \(folder):\n\(result.output)")
    }

    @Test func parseCheckDetectsABrokenFile() throws {
        let swiftc = try #require(ProjectFiles.tool("swiftc"))
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-broken-\(UUID()).swift")
        try Data("struct A { var body: some View { Text(\"x\" }\n".utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        #expect(try ProjectFiles.run(swiftc, ["-parse", broken.path]).status != 0)
    }
}
