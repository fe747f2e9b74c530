import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// The built `linklab serve`: one line with the address, the API with the bearer token, and a
/// clean exit 0 on SIGTERM/SIGINT with every upload deleted.
@Suite struct ServeCommandTests {
    /// A running `linklab serve` in its own temporary folder.
    final class Served {
        let process = Process()
        let temporary: URL
        let line: String
        let base: String
        let token: String

        init(_ arguments: [String]) throws {
            temporary = FileManager.default.temporaryDirectory.appendingPathComponent("serve-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            guard let executable = LinkLabProcess.executableURL else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "build linklab first"])
            }
            process.executableURL = executable
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = Fixtures.repositoryRoot
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary.path
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var bytes = Data()
            while !bytes.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            line = String(decoding: bytes, as: UTF8.self)
            let pattern = #/^UniversalLinkLab workbench: (http://127\.0\.0\.1:\d+)/\?token=([0-9a-f]{32})\n$/#
            let match = try #require(line.wholeMatch(of: pattern))
            base = String(match.1)
            token = String(match.2)
        }

        /// Upload files of the server, under its private temporary folder.
        var leftovers: [String] {
            FileManager.default.enumerator(atPath: temporary.path)?.allObjects.compactMap { $0 as? String } ?? []
        }

        func request(_ method: String, _ path: String, body: Data? = nil, bearer: Bool = true,
                     headers: [String: String] = [:]) async throws -> (Int, Data) {
            var request = URLRequest(url: try #require(URL(string: base + path)))
            request.httpMethod = method
            request.httpBody = body
            if bearer { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        }

        func stop(_ signal: Int32) -> (Int32, Process.TerminationReason) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return (process.terminationStatus, process.terminationReason)
        }

        deinit {
            if process.isRunning { process.terminate() }
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    @Test func servesTheAPIWithTheBearerTokenAndExitsCleanlyOnSIGTERM() async throws {
        let served = try Served(["--offline", "--aasa", "Samples/aasa"])
        let (unauthorised, _) = try await served.request("GET", "/api/documents", bearer: false)
        #expect(unauthorised == 401)
        let (listed, list) = try await served.request("GET", "/api/documents")
        #expect(listed == 200)
        #expect(String(decoding: list, as: UTF8.self).contains(#""documents":[]"#))
        let ipa = try Data(contentsOf: sample("LinkLabSample.ipa"))
        let (created, body) = try await served.request("POST", "/api/documents", body: ipa,
                                                       headers: ["X-LinkLab-Filename": "LinkLabSample.ipa"])
        #expect(created == 201)
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let id = try #require(object["id"] as? String)
        var phase = ""
        for _ in 0..<600 where phase != "ready" && phase != "failed" {
            let (_, document) = try await served.request("GET", "/api/documents/\(id)")
            phase = (try JSONSerialization.jsonObject(with: document) as? [String: Any])?["phase"] as? String ?? ""
            if phase != "ready" { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(phase == "ready")
        #expect(served.leftovers.contains { $0.hasSuffix(".upload") })
        let (status, reason) = served.stop(SIGTERM)
        #expect(reason == .exit)
        #expect(status == 0)
        #expect(served.leftovers.isEmpty)
    }

    @Test func sigintAlsoExitsZeroAndLeavesNothing() async throws {
        let served = try Served(["--offline"])
        let (created, _) = try await served.request("POST", "/api/documents", body: Data("not an app".utf8))
        #expect(created == 201)
        let (status, reason) = served.stop(SIGINT)
        #expect(reason == .exit)
        #expect(status == 0)
        #expect(served.leftovers.isEmpty)
    }

    /// Runs curl (the real client a tester would use) and returns its output.
    static func curl(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s"] + arguments
        process.standardOutput = Pipe()
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func chunkedUploadOverTheLimitIs413WhileStreamingAndLeavesNoFile() async throws {
        let served = try Served(["--offline", "--max-upload", "1000000"])
        let big = served.temporary.appendingPathComponent("big.bin")
        try Data(repeating: 0x50, count: 3_000_000).write(to: big)
        let curl = try Self.curl(["-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(served.token)",
                                  "-H", "Transfer-Encoding: chunked", "--data-binary", "@\(big.path)",
                                  served.base + "/api/documents"])
        curl.waitUntilExit()
        let output = (curl.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        #expect(String(decoding: output, as: UTF8.self) == "413")
        try FileManager.default.removeItem(at: big)
        #expect(!served.leftovers.contains { $0.hasSuffix(".upload") })
        let (status, _) = served.stop(SIGTERM)
        #expect(status == 0)
        #expect(served.leftovers.isEmpty)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func sigtermEndsOpenEventStreamsAndExitsZero() async throws {
        let served = try Served(["--offline"])
        var domain = ["X-LinkLab-Domain": "example.com"]
        domain["X-LinkLab-Filename"] = "example.com"
        let (created, body) = try await served.request("POST", "/api/documents", body: Data(), headers: domain)
        #expect(created == 201)
        let id = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String)
        let stream = try Self.curl(["-N", "-H", "Authorization: Bearer \(served.token)",
                                    served.base + "/api/documents/\(id)/events"])
        let output = try #require(stream.standardOutput as? Pipe)
        var received = Data()
        while !String(decoding: received, as: UTF8.self).contains("event: phase") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("event: phase\ndata: "))
        let (status, reason) = served.stop(SIGTERM)
        #expect(reason == .exit)
        #expect(status == 0)
        stream.waitUntilExit()
        #expect(served.leftovers.isEmpty)
    }

    @Test func invalidFlagsAreUsageErrors() throws {
        let output = try LinkLabProcess.run(["serve", "--port", "70000"])
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains("--port"))
    }
}
