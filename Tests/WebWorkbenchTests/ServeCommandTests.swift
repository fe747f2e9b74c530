import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

        /// The port it listens on.
        var port: Int { Int(base.split(separator: ":").last ?? "") ?? 0 }

        /// Upload files of the server, under its private temporary folder.
        var leftovers: [String] {
            FileManager.default.enumerator(atPath: temporary.path)?.allObjects.compactMap { $0 as? String } ?? []
        }

        func request(
            _ method: String, _ path: String, body: Data? = nil, bearer: Bool = true,
            headers: [String: String] = [:]
        ) async throws -> (Int, Data) {
            var request = URLRequest(url: try #require(URL(string: base + path)))
            request.httpMethod = method
            request.httpBody = body
            if bearer { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        }

        /// Sends `signal` and waits for the exit without blocking a thread of the shared pool (a
        /// blocked thread would stall every other test running meanwhile).
        func stop(_ signal: Int32) async throws -> (Int32, Process.TerminationReason) {
            kill(process.processIdentifier, signal)
            while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
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
        let (created, body) = try await served.request(
            "POST", "/api/documents", body: ipa,
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
        let (status, reason) = try await served.stop(SIGTERM)
        #expect(reason == .exit)
        #expect(status == 0)
        #expect(served.leftovers.isEmpty)
    }

    @Test func sigintAlsoExitsZeroAndLeavesNothing() async throws {
        let served = try Served(["--offline"])
        let (created, _) = try await served.request("POST", "/api/documents", body: Data("not an app".utf8))
        #expect(created == 201)
        let (status, reason) = try await served.stop(SIGINT)
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

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
            "/usr/bin/curl not found: apt-get install curl"))
    func chunkedUploadOverTheLimitIs413WhileStreamingAndLeavesNoFile() async throws {
        let served = try Served(["--offline", "--max-upload", "1000000"])
        let big = served.temporary.appendingPathComponent("big.bin")
        try Data(repeating: 0x50, count: 3_000_000).write(to: big)
        let curl =
            try Self.curl([
                "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(served.token)",
                "-H", "Transfer-Encoding: chunked", "--data-binary", "@\(big.path)",
                served.base + "/api/documents",
            ])
        curl.waitUntilExit()
        let output = (curl.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        #expect(String(decoding: output, as: UTF8.self) == "413")
        try FileManager.default.removeItem(at: big)
        #expect(!served.leftovers.contains { $0.hasSuffix(".upload") })
        let (status, _) = try await served.stop(SIGTERM)
        #expect(status == 0)
        #expect(served.leftovers.isEmpty)
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
            "/usr/bin/curl not found: apt-get install curl"))
    func sigtermEndsOpenEventStreamsAndExitsZero() async throws {
        let served = try Served(["--offline"])
        var domain = ["X-LinkLab-Domain": "example.com"]
        domain["X-LinkLab-Filename"] = "example.com"
        let (created, body) = try await served.request("POST", "/api/documents", body: Data(), headers: domain)
        #expect(created == 201)
        let id = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String)
        let stream = try Self.curl([
            "-N", "-H", "Authorization: Bearer \(served.token)",
            served.base + "/api/documents/\(id)/events",
        ])
        let output = try #require(stream.standardOutput as? Pipe)
        var received = Data()
        while !String(decoding: received, as: UTF8.self).contains("event: phase") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("event: phase\ndata: "))
        let (status, reason) = try await served.stop(SIGTERM)
        #expect(reason == .exit)
        #expect(status == 0)
        stream.waitUntilExit()
        #expect(served.leftovers.isEmpty)
    }

    /// The status line of the answer to `request`, sent byte for byte over a socket.
    static func statusLine(_ served: Served, _ request: String) throws -> String {
        let connection = try RawConnection(port: served.port)
        connection.send(request)
        return connection.receiveAll().components(separatedBy: "\r\n").first ?? ""
    }

    @Test func absoluteFormTargetsAreRefusedOverASocket() async throws {
        let served = try Served(["--offline"])
        let host = "Host: 127.0.0.1:\(served.port)\r\nAuthorization: Bearer \(served.token)\r\nConnection: close\r\n"
        #expect(try Self.statusLine(served, "GET /api/documents HTTP/1.1\r\n\(host)\r\n") == "HTTP/1.1 200 OK")
        for target in [
            "http://evil.example/api/documents", "http://127.0.0.1:\(served.port)/api/documents",
            "HTTP://EVIL.EXAMPLE/api/documents", "//evil.example/api/documents",
        ] {
            let line = try Self.statusLine(served, "GET \(target) HTTP/1.1\r\n\(host)\r\n")
            #expect(line == "HTTP/1.1 400 Bad Request", "\(target)")
        }
        // A client cannot claim an origin-form target through the header that records it.
        let spoofed =
            "GET http://evil.example/api/documents HTTP/1.1\r\n\(host)"
            + "X-LinkLab-Request-Target: /api/documents\r\n\r\n"
        #expect(try Self.statusLine(served, spoofed) == "HTTP/1.1 400 Bad Request")
        let upload = "POST http://evil.example/api/documents HTTP/1.1\r\n\(host)Content-Length: 3\r\n\r\nabc"
        #expect(try Self.statusLine(served, upload) == "HTTP/1.1 400 Bad Request")
        let (_, list) = try await served.request("GET", "/api/documents")
        #expect(String(decoding: list, as: UTF8.self).contains(#""documents":[]"#))
        let (stopped, _) = try await served.stop(SIGTERM)
        #expect(stopped == 0)
    }

    /// Waits (up to 30 s) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<600 where !condition() { try await Task.sleep(for: .milliseconds(50)) }
    }

    /// SIGTERM: exit 0 within 5 s, every upload and temporary file gone.
    static func expectCleanStopWithin5Seconds(_ served: Served) async throws {
        let start = ContinuousClock.now
        let (status, reason) = try await served.stop(SIGTERM)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(reason == .exit)
        #expect(status == 0)
        #expect(served.leftovers.isEmpty)
    }

    @Test func sigtermFinishesWithin5SecondsWithAClientStalledMidUpload() async throws {
        let served = try Served(["--offline"])
        let stalled = try RawConnection(port: served.port, timeout: 20)
        stalled.send(
            "POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\n"
                + "Authorization: Bearer \(served.token)\r\nX-LinkLab-Filename: big.ipa\r\n"
                + "Content-Length: 100000000\r\n\r\n")
        stalled.send(Data(repeating: 0x50, count: 200_000))
        func spooledBytes() -> Int {
            served.leftovers.filter { $0.hasSuffix(".upload") }.map { path in
                let url = served.temporary.appendingPathComponent(path)
                return (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            }.reduce(0, +)
        }
        try await Self.eventually { spooledBytes() == 200_000 }
        #expect(spooledBytes() == 200_000)  // mid-upload: the first part is on disk, the rest never comes
        try await Self.expectCleanStopWithin5Seconds(served)
        let answer = stalled.receiveAll()
        #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 503"))
    }

    @Test func sigtermFinishesWithin5SecondsWithAClientStalledMidBodyOfAnotherRequest() async throws {
        let served = try Served(["--offline"])
        var headers = ["X-LinkLab-Domain": "example.com"]
        headers["X-LinkLab-Filename"] = "example.com.json"
        let (created, body) = try await served.request(
            "POST", "/api/documents", body: Data("{}".utf8),
            headers: headers)
        #expect(created == 201)
        let id = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String)
        let stalled = try RawConnection(port: served.port, timeout: 20)
        stalled.send(
            "PUT /api/documents/\(id)/hosts/example.com/file HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\n"
                + "Authorization: Bearer \(served.token)\r\nContent-Length: 5000\r\n\r\n{\"applinks\": ")
        let headersOnly = try RawConnection(port: served.port, timeout: 20)
        headersOnly.send("GET /api/documents HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\nAuthori")
        try await Task.sleep(for: .milliseconds(300))
        try await Self.expectCleanStopWithin5Seconds(served)
    }

    @Test func invalidFlagsAreUsageErrors() throws {
        let output = try LinkLabProcess.run(["serve", "--port", "70000"])
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains("--port"))
    }
}
