import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import Testing

@testable import WebWorkbench

/// Uploads stream to a private folder with a cap: 413 before reading when the declared length is
/// over it, 413 (not 500) and no partial file when the stream grows past it.
@Suite struct UploadSpoolTests {
    /// Chunks of `size` bytes, `count` of them, remembering whether anyone read them.
    struct Chunks: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let size: Int, count: Int
        let read = NIOLockedValueBox(0)

        struct AsyncIterator: AsyncIteratorProtocol {
            let parent: Chunks
            var sent = 0
            mutating func next() async throws -> ByteBuffer? {
                guard sent < parent.count else { return nil }
                sent += 1
                parent.read.withLockedValue { $0 += 1 }
                return ByteBuffer(repeating: 0x41, count: parent.size)
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(parent: self) }
    }

    @Test func folderIsPrivateAndRemovedAtTheEnd() throws {
        let spool = try UploadSpool()
        let attributes = try FileManager.default.attributesOfItem(atPath: spool.folder.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        spool.removeAll()
        #expect(!FileManager.default.fileExists(atPath: spool.folder.path))
    }

    @Test func bodyWithinTheLimitIsStoredWholeUnderOurOwnName() async throws {
        let spool = try UploadSpool()
        defer { spool.removeAll() }
        let stored = try await spool.receive(
            Chunks(size: 1000, count: 5), declaredLength: nil, limit: 5000,
            extension: "upload")
        #expect(stored.size == 5000)
        #expect(try Data(contentsOf: stored.url).count == 5000)
        #expect(stored.url.deletingLastPathComponent().path == spool.folder.path)
        #expect(stored.url.pathExtension == "upload")
    }

    @Test func declaredLengthOverTheLimitIs413BeforeAnyByteIsRead() async throws {
        let spool = try UploadSpool()
        defer { spool.removeAll() }
        let body = Chunks(size: 1000, count: 5)
        await #expect(throws: WebAPIError.self) {
            try await spool.receive(body, declaredLength: 5000, limit: 4999, extension: "upload")
        }
        #expect(body.read.withLockedValue { $0 } == 0)
        #expect(spool.contents.isEmpty)
    }

    @Test func streamGrowingPastTheLimitIs413AndLeavesNoFile() async throws {
        let spool = try UploadSpool()
        defer { spool.removeAll() }
        do {
            _ = try await spool.receive(
                Chunks(size: 1000, count: 50), declaredLength: nil, limit: 4500,
                extension: "upload")
            Issue.record("an over-limit stream was stored")
        } catch let error as WebAPIError {
            #expect(error.status == .contentTooLarge)
        }
        #expect(spool.contents.isEmpty)
    }

    /// One chunk, then nothing more until cancelled (a client that stalls mid-body). On
    /// cancellation it throws, or — like some channel streams — simply ends.
    struct Stalled: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let endsQuietlyWhenCancelled: Bool
        let started = NIOLockedValueBox(false)

        struct AsyncIterator: AsyncIteratorProtocol {
            let parent: Stalled
            var sent = false
            mutating func next() async throws -> ByteBuffer? {
                if !sent {
                    sent = true
                    return ByteBuffer(repeating: 0x41, count: 1000)
                }
                parent.started.withLockedValue { $0 = true }
                if parent.endsQuietlyWhenCancelled {
                    try? await Task.sleep(for: .seconds(3600))
                    return nil
                }
                try await Task.sleep(for: .seconds(3600))
                return nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(parent: self) }
    }

    /// The upload as a request handler runs it: inside the server's service.
    struct Receiver: Service {
        let spool: UploadSpool
        let body: Stalled
        let outcome = NIOLockedValueBox<WebAPIError?>(nil)

        func run() async throws {
            do {
                _ = try await spool.receive(body, declaredLength: nil, limit: 1 << 20, extension: "upload")
            } catch let error as WebAPIError {
                outcome.withLockedValue { $0 = error }
            }
        }
    }

    @Test(arguments: [false, true])
    func aStalledUploadIsCutWhenTheServerStopsAndLeavesNoFile(endsQuietlyWhenCancelled: Bool) async throws {
        let spool = try UploadSpool()
        defer { spool.removeAll() }
        let receiver = Receiver(spool: spool, body: Stalled(endsQuietlyWhenCancelled: endsQuietlyWhenCancelled))
        let group = ServiceGroup(services: [receiver], logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        while !receiver.body.started.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(spool.contents.count == 1)  // the first chunk is on disk
        await group.triggerGracefulShutdown()
        // Without the cut the upload would wait for bytes forever: a watchdog turns that into a failure.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            Issue.record("the stalled upload held the shutdown for 60 s")
            running.cancel()
        }
        try await running.value
        watchdog.cancel()
        #expect(receiver.outcome.withLockedValue { $0?.status } == .serviceUnavailable)
        #expect(spool.contents.isEmpty)
    }

    @Test func removeTouchesOnlyFilesOfTheFolder() throws {
        let spool = try UploadSpool()
        defer { spool.removeAll() }
        let outside =
            FileManager.default.temporaryDirectory.appendingPathComponent("linklab-outside-\(UUID().uuidString)")
        try Data("keep".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        spool.remove(outside)
        #expect(FileManager.default.fileExists(atPath: outside.path))
    }

    @Test func uploadOverTheLimitByContentLengthIs413OverHTTPWithNoFileLeft() async throws {
        var limits = WorkbenchServerLimits()
        limits.maxUpload = 1000
        let fixture = try WebFixture(limits: limits)
        try await fixture.application.test(.router) { client in
            let response = try await client.execute(
                uri: "/api/documents", method: .post, headers: WebFixture.bearer,
                body: ByteBuffer(repeating: 0x50, count: 5000))
            #expect(response.status == .contentTooLarge)
            try WebFixture.expectErrorBody(response)
            WebFixture.expectSecurityHeaders(response)
            #expect(fixture.server.spool.contents.isEmpty)
        }
    }
}
