import Foundation
import TestSupport
import Testing

/// The tester's machine stays private (issue 26, item 2): scanning files that sit in a folder
/// whose name must not reach a client, by absolute paths, from another working folder, no report
/// format names that folder; files are named as the tester gave them (here: by file name, as the
/// paths are outside the working folder). The session keeps only the app's own path, which it
/// needs to find the app again (`docs/workbench.md`).
@Suite struct ReportPrivacyTests {
    static let marker = "client-secret-folder"

    @Test func noReportCarriesTheTestersFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-privacy-\(UUID().uuidString)")
        let folder = root.appendingPathComponent(Self.marker)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for item in ["LinkLabSample.ipa", "LinkLabSample.apk", "aasa", "assetlinks", "urls-both.txt", "urls.txt"] {
            try FileManager.default.copyItem(
                at: Fixtures.repositoryRoot.appendingPathComponent("Samples/\(item)"),
                to: folder.appendingPathComponent(item))
        }
        let out = root.appendingPathComponent("out")
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let formats = ["md", "html", "json", "sarif", "pdf"]
        let both = try LinkLabProcess.run(
            [
                "scan", path("LinkLabSample.ipa"), path("LinkLabSample.apk"), "--offline", "--aasa", path("aasa"),
                "--assetlinks", path("assetlinks"), "--urls", path("urls-both.txt"),
            ]
                + formats.flatMap { ["--report", out.appendingPathComponent("both.\($0)").path] },
            currentDirectory: Fixtures.repositoryRoot)
        #expect([0, 1, 2].contains(both.exitCode), "\(both.stderr)")
        let ios = try LinkLabProcess.run(
            [
                "scan", path("LinkLabSample.ipa"), "--offline", "--aasa", path("aasa"), "--urls", path("urls.txt"),
                "--save", out.appendingPathComponent("ios.linklab").path,
            ]
                + formats.flatMap { ["--report", out.appendingPathComponent("ios.\($0)").path] },
            currentDirectory: Fixtures.repositoryRoot)
        #expect([0, 1, 2].contains(ios.exitCode), "\(ios.stderr)")
        for name in ["both", "ios"] {
            for format in formats where format != "pdf" {
                let text = try String(contentsOf: out.appendingPathComponent("\(name).\(format)"), encoding: .utf8)
                #expect(!text.contains(Self.marker), "\(name).\(format) names the tester's folder")
                #expect(!text.contains(root.path), "\(name).\(format) carries an absolute path")
            }
            if let pdftotext = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"]
                .first(where: FileManager.default.isExecutableFile)
            {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: pdftotext)
                process.arguments = [out.appendingPathComponent("\(name).pdf").path, "-"]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(!text.contains(Self.marker), "\(name).pdf names the tester's folder")
            }
        }
        // The JSON names the input by its file name.
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: out.appendingPathComponent("ios.json"))) as? [String: Any])
        #expect((json["source"] as? [String: Any])?["path"] as? String == "LinkLabSample.ipa")
        // The session: the app's path once (to find it again), supplied files by name only.
        let session = try String(contentsOf: out.appendingPathComponent("ios.linklab"), encoding: .utf8)
        #expect(session.components(separatedBy: Self.marker).count - 1 == 1)
        #expect(session.contains("\"example.com\" : \"example.com.json\""))
    }
}
