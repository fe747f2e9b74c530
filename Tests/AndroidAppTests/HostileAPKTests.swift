import AndroidApp
import AppInspection
import Foundation
import TestSupport
import Testing

/// APKs built to hurt (`scripts/fixtures/android/hostile.py`): each is refused with a typed
/// error that says what is wrong, bounded, never a crash or a hang.
@Suite struct HostileAPKTests {
    static func error(_ name: String) -> AndroidAppError? {
        do {
            _ = try APKInspector.inspect(fileAt: Fixtures.url("android/\(name)"))
            return nil
        } catch {
            return error
        }
    }

    @Test func truncatedManifestChunk() {
        guard case .malformedBinaryXML(let reason, _)? = Self.error("hostile-truncated-manifest.apk") else {
            Issue.record(
                """
                expected a binary XML error, got \(String(describing: Self.error("hostile-truncated-manifest.apk")))
                """)
            return
        }
        #expect(reason.contains("declares") || reason.contains("truncated") || reason.contains("does not fit"))
    }

    @Test func stringPoolIndexOutOfRange() {
        guard case .malformedBinaryXML(let reason, _)? = Self.error("hostile-string-index.apk") else {
            Issue.record("expected a binary XML error")
            return
        }
        #expect(reason.contains("65535") && reason.contains("out of range"))
    }

    @Test func hugeStringCount() {
        guard case .limitExceeded(let what, _, let actual)? = Self.error("hostile-huge-count.apk") else {
            Issue.record("expected a limit error")
            return
        }
        #expect(what == "string pool size" && actual == 0x7FFF_FFFF)
    }

    @Test func zipBombIsRefusedByTheZIPReadersRatioCheck() {
        guard case .archive(.limitExceeded(let what, _, _))? = Self.error("hostile-zip-bomb.apk") else {
            Issue.record("expected the ZIP reader's limit")
            return
        }
        #expect(what.contains("compression ratio") && what.contains("AndroidManifest.xml"))
    }

    @Test func signingBlockLengthPastItsContainer() {
        guard case .malformedSigningBlock(let reason, _)? = Self.error("hostile-signing-block.apk") else {
            Issue.record("expected a signing block error")
            return
        }
        #expect(reason.contains("runs past"))
    }

    @Test func notAnAPK() throws {
        let ipa = Fixtures.url("zip")
        let any = try FileManager.default.contentsOfDirectory(atPath: ipa.path).first { $0.hasSuffix(".ipa") }
        let name = try #require(any)
        do {
            _ = try APKInspector.inspect(fileAt: ipa.appendingPathComponent(name))
            Issue.record("an IPA read as an APK")
        } catch {
            if case .notAnAPK = error {} else if case .archive = error {} else { Issue.record("\(error)") }
        }
    }

    /// Every prefix of a real APK: refused or read, never a crash.
    @Test func everyTruncationOfARealAPK() throws {
        let data = try Fixtures.data("android/links-v1v2v3.apk")
        var refused = 0
        for length in stride(from: 0, to: data.count, by: 97) {
            do {
                _ = try APKInspector.inspect(data: data.prefix(length))
            } catch {
                refused += 1
                #expect(!error.description.isEmpty, "\(length) bytes: \(error)")
            }
        }
        #expect(refused > 0, "no truncation was refused")
    }

    /// Single-byte corruptions of the manifest and the resource table: never a crash.
    @Test func bitFlipsInManifestAndTable() throws {
        let zip = try ZIPReader(fileAt: Fixtures.url("android/links-v1v2v3.apk"))
        let manifest = try #require(try zip.read(named: "AndroidManifest.xml", maxBytes: 1 << 20))
        let table = try #require(try zip.read(named: "resources.arsc", maxBytes: 1 << 20))
        // Each refusal is an AndroidAppError (a clear sentence), never another kind of error.
        func refusal(_ step: () throws -> Void) -> Bool {
            do {
                try step()
                return false
            } catch {
                #expect(error is AndroidAppError, "\(error)")
                return true
            }
        }
        var refused = 0
        for index in stride(from: 0, to: manifest.count, by: 5) {
            var copy = manifest
            copy[index] ^= 0xFF
            if refusal({ _ = try AndroidManifest(xml: try BinaryXML.decode(copy), resources: nil) }) { refused += 1 }
        }
        for index in stride(from: 0, to: table.count, by: 3) {
            var copy = table
            copy[index] ^= 0xFF
            if refusal({
                let resources = try ResourceTable(copy)
                for entry in UInt32(0)..<6 { _ = try resources.resolve(0x7F02_0000 | entry) }
            }) {
                refused += 1
            }
        }
        #expect(refused > 0, "no corruption of the manifest or the table was refused")
    }

    /// Found by the AndroidSigning fuzzer in CI: a pair starting fewer than 8 bytes before the
    /// block's end made the bound `end - offset - 8` negative (a trap). Refused, never a crash.
    @Test func aPairStartingNearTheBlocksEndIsRefused() throws {
        let data = try Fixtures.data("android/fuzz/signing-pair-near-end.bin")
        #expect(throws: AndroidAppError.self) { _ = try APKSigningBlock.parse(data) }
    }
}
