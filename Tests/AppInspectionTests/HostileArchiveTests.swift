import AppInspection
import Foundation
import TestSupport
import Testing

/// Archives built to hurt: every one is refused with an `InspectionError`, never a crash.
@Suite struct HostileArchiveTests {
    static func error(_ name: String) -> InspectionError? {
        do {
            _ = try AppInspector.inspect(at: Fixtures.url(name))
            return nil
        } catch {
            return error
        }
    }

    @Test func zipBombRatioIsRefusedNamingTheEntry() {
        guard case .limitExceeded(let what, _, let actual)? = Self.error("zip/bomb-ratio.ipa") else {
            Issue.record("expected a limit error")
            return
        }
        #expect(what.contains("compression ratio") && what.contains("Payload/Bomb.app/Bomb"))
        #expect(actual >= 1000)
    }

    @Test func hugeDeclaredSizeIsRefusedBeforeInflating() {
        guard case .limitExceeded(_, _, let actual)? = Self.error("zip/bomb-declared-size.ipa") else {
            Issue.record("expected a limit error")
            return
        }
        #expect(actual == 4_294_967_294)
    }

    @Test func overlappingEntriesAreRefused() {
        guard case .malformedArchive(let reason, _)? = Self.error("zip/overlapping-entries.ipa") else {
            Issue.record("expected a malformed-archive error")
            return
        }
        #expect(reason.contains("overlap"))
    }

    @Test(arguments: [
        ("zip/path-dotdot.ipa", "../evil"),
        ("zip/path-dotdot-nested.ipa", "Payload/Evil.app/../../evil"),
        ("zip/path-absolute.ipa", "/abs/evil"),
        ("zip/name-nul.ipa", "Payload/Evil.app/Info.plist\0.txt"),
    ])
    func unsafeNamesAreRefused(_ file: String, _ name: String) {
        guard case .unsafeEntryName(let found, _)? = Self.error(file) else {
            Issue.record("expected an unsafe-name error")
            return
        }
        #expect(found == name)
    }

    @Test func truncatedArchiveIsRefused() {
        guard case .malformedArchive? = Self.error("zip/truncated.ipa") else {
            Issue.record("expected a malformed-archive error")
            return
        }
    }

    @Test(arguments: ["zip/entry-count-claim.ipa", "zip/entry-count-claim-zip64.ipa"])
    func entryCountThatLiesIsRefused(_ file: String) {
        switch Self.error(file) {
        case .malformedArchive?, .limitExceeded?: break
        default: Issue.record("expected a malformed-archive or limit error")
        }
    }

    /// Every prefix of a small valid IPA: each one is refused or read, never a crash.
    @Test func everyPrefixOfASmallIPAIsHandled() throws {
        let data = try Fixtures.data("zip/tiny-valid.ipa")
        let inspector = AppInspector()
        var refused = 0
        for length in 0..<data.count {
            do {
                _ = try inspector.inspect(data: data.prefix(length))
            } catch {
                refused += 1
            }
        }
        #expect(refused == data.count)
        #expect(try inspector.inspect(data: data).mainBundle?.bundleIdentifier == "com.example.tiny")
    }

    /// Every single-byte corruption of the central directory and headers stays an error or a report:
    /// a refusal is an `InspectionError` that says what is wrong, and some corruptions are refused.
    @Test func flippedBytesNeverCrash() throws {
        let data = try Fixtures.data("zip/tiny-valid.ipa")
        let inspector = AppInspector()
        var refused = 0
        for index in stride(from: 0, to: data.count, by: 7) {
            var copy = data
            copy[index] ^= 0xFF
            do {
                _ = try inspector.inspect(data: copy)
            } catch {
                refused += 1
                #expect(!error.description.isEmpty, "byte \(index): \(error)")
            }
        }
        #expect(refused > 0, "no corruption of the archive was refused")
    }
}
