import Foundation
import TestSupport
import Testing

/// The 120-column rule (`.swift-format`'s `lineLength`): no line of our Swift sources is over
/// 120 characters (`scripts/line-length` names each one that is).
@Suite struct LineLengthTests {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: python != nil, "scripts/line-length is a Python 3 script and no python3 was found"))
    func noLineIsOver120Characters() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [Fixtures.repositoryRoot.appendingPathComponent("scripts/line-length").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("lines over 120 characters"), "\(text)")
    }
}
