import AppInspection
import Foundation
import TestSupport
import Testing

/// The file-type check every reading command runs before opening its input.
@Suite struct InputPathTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func regularFilesAndFoldersAreAccepted() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.ipa")
        try Data("x".utf8).write(to: file)
        #expect(try InputPath.check(file.path) == .regularFile)
        #expect(try InputPath.check(folder.path) == .folder)
        #expect(throws: InspectionError.unreadable(path: folder.path, reason: "a folder, not a regular file")) {
            try InputPath.check(folder.path, allowingFolders: false)
        }
    }

    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening it would block forever (no writer); the check must return at once.
        #expect(
            throws: InspectionError.unreadable(
                path: fifo,
                reason: "a named pipe (FIFO), not a regular file or a folder")
        ) {
            try InputPath.check(fifo)
        }
    }

    @Test func devicesAndMissingPathsAreRefused() {
        #expect(
            throws: InspectionError.unreadable(
                path: "/dev/null",
                reason: "a character device, not a regular file or a folder")
        ) {
            try InputPath.check("/dev/null")
        }
        #expect(throws: InspectionError.unreadable(path: "/nonexistent/x.ipa", reason: "no such file or directory")) {
            try InputPath.check("/nonexistent/x.ipa")
        }
    }

    @Test func inspectingAFolderWithoutPayloadRefusesWithoutWalkingIt() throws {
        // `inspect /` used to walk the whole file system before refusing.
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = folder.appendingPathComponent("a/b/c/Payload/Deep.app")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        #expect(throws: InspectionError.noAppBundle(path: folder.path)) { try AppInspector.inspect(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(
            throws: InspectionError.unreadable(
                path: fifo,
                reason: "a named pipe (FIFO), not a regular file or a folder")
        ) {
            try AppInspector.inspect(at: URL(fileURLWithPath: fifo))
        }
    }
}

/// The bundle ID must be what the executable was signed as.
@Suite struct SigningIdentifierDiagnosticTests {
    static func snapshot(bundleID: String) throws -> AppSnapshot {
        var zip = ZIPBuilder()
        zip.add(
            "Payload/Edited.app/Info.plist",
            ZIPBuilder.infoPlist(["CFBundleIdentifier": bundleID, "CFBundleExecutable": "Edited"]))
        zip.add("Payload/Edited.app/Edited", try Data(contentsOf: Fixtures.url("macho/arm64-applinks-der.bin")))
        return try AppInspector().inspect(data: zip.build())
    }

    @Test func aBundleIDOtherThanTheSigningIdentifierIsADiagnostic() throws {
        let signed = try #require(try Self.snapshot(bundleID: "x").mainBundle?.slices.first?.signingIdentifier)
        let edited = try Self.snapshot(bundleID: "com.example.edited")
        let diagnostic = try #require(edited.diagnostics.first { $0.id == "signature.identifier-mismatch" })
        #expect(diagnostic.message.contains(signed) && diagnostic.message.contains("com.example.edited"))
        #expect(
            !(try Self.snapshot(bundleID: signed))
                .diagnostics.contains { $0.id == "signature.identifier-mismatch" })
    }
}

/// Tampered entitlements are reported once, with the blob named (not as a malformed Mach-O).
@Suite struct TamperedEntitlementsDiagnosticTests {
    @Test func aChangedXMLBlobIsOneDiagnosticNamingIt() throws {
        let data = try Data(contentsOf: Fixtures.url("macho/xml-der-disagree.bin"))
        let snapshot = try AppInspector().inspect(data: data, name: "App")
        let mentions = snapshot.diagnostics.filter { $0.message.contains("hash") }
        #expect(mentions.count == 1, "\(mentions.map(\.message))")
        #expect(mentions.first?.id == "signature.hash-mismatch")
        #expect(
            mentions.first?.message.contains("entitlements blob (special slot") == true,
            "\(mentions.map(\.message))")
        #expect(!snapshot.diagnostics.contains { $0.message.contains("malformed Mach-O") })
    }
}
