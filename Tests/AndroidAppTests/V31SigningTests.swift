import AndroidApp
import Foundation
import SiteAssociation
import TestSupport
import Testing

/// APK Signature Scheme v3.1 (`0x1b93ad61`, `docs/android.md` S2, S5) on
/// `links-v31.apk` (`scripts/fixtures/android/make-v31.py`: Debian's apksigner 31.0.2 predates
/// v3.1, so the v3.1 pair is the rotated v3 signer of `links-rotated.apk` with its SDK range set
/// to 33+, beside the original key's v3 signer ending at 32). Compared with androguard.
@Suite struct V31SigningTests {
    static func snapshot(_ name: String) throws -> APKSnapshot {
        try APKInspector.inspect(fileAt: Fixtures.url("android/\(name)"))
    }

    /// androguard's reading, recorded when the fixture was made (and compared live below).
    static let androguardV31 =
        "75:1C:19:13:11:AB:01:26:DC:66:62:A0:B5:CE:95:56"
        + ":06:F0:04:09:F0:81:34:93:28:47:35:58:1B:53:61:6E"

    @Test func v31SignsFrom33AndV3Before() throws {
        let signing = try Self.snapshot("links-v31.apk").signing
        let release = try Self.snapshot("links-v1v2v3.apk").signing.effectiveCertificates(sdk: 35)
        let rotated = try Self.snapshot("links-rotated.apk").signing.lineage.last?.certificate
        #expect(signing.schemes.contains(.v31) && signing.schemes.contains(.v3) && signing.schemes.contains(.v2))
        let v31 = try #require(signing.signers.first { $0.scheme == .v31 })
        #expect(v31.minSDK == 33 && v31.certificates.first?.sha256 == Self.androguardV31)
        #expect(v31.certificates.first == rotated)
        // A platform uses the newest scheme it understands whose range covers it (S5).
        #expect(signing.effectiveCertificates(sdk: 35).first?.sha256 == Self.androguardV31)
        #expect(signing.effectiveCertificates(sdk: 33).first?.sha256 == Self.androguardV31)
        #expect(signing.effectiveCertificates(sdk: 32).first == release.first)
        #expect(signing.effectiveCertificates(sdk: 27).first == release.first)  // v2
        // The lineage comes with the v3.1 signer: oldest (release) first.
        #expect(signing.lineage.first?.certificate == release.first)
        #expect(signing.lineage.last?.certificate == rotated)
    }

    /// An assetlinks.json listing only the pre-rotation key verifies on Android 12 (v3 signer)
    /// and not on Android 13+ (v3.1 signer), where the lineage explains why.
    @Test func verificationFollowsTheSchemeOfTheVersion() throws {
        let snapshot = try Self.snapshot("links-v31.apk")
        let release = try Self.snapshot("links-v1v2v3.apk").signing.effectiveCertificates(sdk: 35)[0].sha256
        let file = AssetLinksFile(
            data: Data(
                """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.linklab.shop",
                             "sha256_cert_fingerprints": ["\(release)"]}}]
                """.utf8))
        func verified(_ sdk: Int) -> [Bool] {
            AndroidVerifier.verify(
                manifest: snapshot.manifest, signing: snapshot.signing,
                files: ["shop.example": file], sdk: sdk
            ).hosts.filter { $0.host == "shop.example" }
                .map(\.verified)
        }
        #expect(verified(32) == [true])
        #expect(verified(33) == [false])
        let reason =
            AndroidVerifier.verify(
                manifest: snapshot.manifest, signing: snapshot.signing,
                files: ["shop.example": file], sdk: 35
            ).hosts.first?.reason ?? ""
        #expect(reason.contains("older key of the rotation lineage"))
    }

    /// androguard now, when installed: the same v3.1 certificate.
    @Test func androguardAgrees() throws {
        let script = """
            import hashlib, logging, sys
            logging.disable(logging.CRITICAL)
            try:
                from loguru import logger
                logger.remove()
            except ImportError:
                pass
            from androguard.core.apk import APK
            apk = APK(sys.argv[1])
            for der in apk.get_certificates_der_v31():
                digest = hashlib.sha256(der).hexdigest().upper()
                print(":".join(digest[i:i + 2] for i in range(0, 64, 2)))
            """
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        run.arguments = ["python3", "-c", script, Fixtures.url("android/links-v31.apk").path]
        let pipe = Pipe()
        run.standardOutput = pipe
        run.standardError = FileHandle.nullDevice
        try run.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        guard run.terminationStatus == 0 else {
            print("skipped: androguard not installed (pip install androguard)")
            return
        }
        let ours = try Self.snapshot("links-v31.apk").signing.signers.filter { $0.scheme == .v31 }
            .compactMap(\.certificates.first?.sha256)
        #expect(output.split(separator: "\n").map(String.init) == ours)
    }
}
