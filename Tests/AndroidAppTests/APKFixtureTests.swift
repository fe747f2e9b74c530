import AndroidApp
import AppInspection
import Foundation
import TestSupport
import Testing

/// Real APKs built by `scripts/fixtures/android/make-apks.sh` (aapt, zipalign, apksigner) read
/// field by field against what apksigner and androguard read from the same files
/// (`Tests/Fixtures/android/EXPECTED.json`, written by those tools, never by this engine).
@Suite struct APKFixtureTests {
    static let names = ["links-v1v2v3.apk", "links-v1-only.apk", "links-rotated.apk", "debug-v2.apk"]

    static func expected() throws -> [String: Any] {
        let data = try Fixtures.data("android/EXPECTED.json")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func snapshot(_ name: String) throws -> APKSnapshot {
        try APKInspector.inspect(fileAt: Fixtures.url("android/\(name)"))
    }

    @Test(arguments: names) func manifestMatchesAndroguard(name: String) throws {
        let tools = try #require(try Self.expected()[name] as? [String: Any])
        try Self.compare(try Self.snapshot(name), with: tools, name: name)
    }

    /// The comparison shared by the committed record and the live run of the tools.
    static func compare(_ snapshot: APKSnapshot, with tools: [String: Any], name: String) throws {
        let androguard = try #require(tools["androguard"] as? [String: Any])
        let manifest = snapshot.manifest
        #expect(manifest.packageName == androguard["package"] as? String, "\(name)")
        #expect(manifest.versionCode == androguard["versionCode"] as? Int, "\(name)")
        #expect(manifest.minSDK == androguard["minSdk"] as? Int, "\(name)")
        #expect(manifest.targetSDK == androguard["targetSdk"] as? Int, "\(name)")
        #expect(manifest.debuggable == androguard["debuggable"] as? Bool, "\(name)")
        // androguard leaves versionName as "@7F020001"; we resolve it through resources.arsc.
        if let version = androguard["versionName"] as? String, !version.hasPrefix("@") {
            #expect(manifest.versionName == version, "\(name)")
        }
        let activities = try #require(androguard["activities"] as? [[String: Any]])
        for activity in activities {
            let activityName = try #require(activity["name"] as? String)
            let ours =
                try #require(manifest.activities.first { $0.name == activityName && !$0.isAlias }, "\(activityName)")
            let filters = activity["filters"] as? [String: Any] ?? [:]
            let actions = Set(ours.intentFilters.flatMap(\.actions))
            #expect(actions == Set(filters["action"] as? [String] ?? []), "\(activityName)")
            let categories = Set(ours.intentFilters.flatMap(\.categories))
            #expect(categories == Set(filters["category"] as? [String] ?? []), "\(activityName)")
            let theirData = (filters["data"] as? [[String: String]] ?? []).map { $0 }
            let ourData = ours.intentFilters.flatMap(\.data).map(Self.dictionary)
            #expect(ourData == theirData, "\(activityName)")
        }
        try compareEvidenceAndSigning(snapshot, with: tools, name: name)
    }

    /// DEX link evidence against androguard; signing against apksigner (schemes it verified,
    /// signer SHA-256 and subject, lineage) and androguard (v1/v2/v3).
    static func compareEvidenceAndSigning(_ snapshot: APKSnapshot, with tools: [String: Any], name: String) throws {
        let androguard = try #require(tools["androguard"] as? [String: Any])
        let theirEvidence = (androguard["linkEvidence"] as? [[String: Any]] ?? []).map { item in
            "\(item["file"] as? String ?? "")@\(item["offset"] as? Int ?? -1):\(item["symbol"] as? String ?? "")"
        }
        #expect(snapshot.linkEvidence.map { "\($0.file)@\($0.offset):\($0.symbol)" } == theirEvidence, "\(name)")
        let apksigner = try #require(tools["apksigner"] as? [String: Any])
        let schemes = Set(snapshot.signing.schemes.map(\.rawValue))
        for scheme in apksigner["schemes"] as? [String] ?? [] {
            #expect(schemes.contains(scheme), "\(name): apksigner verified \(scheme)")
        }
        #expect(schemes.contains("v1") == (androguard["v1"] as? Bool), "\(name)")
        #expect(schemes.contains("v2") == (androguard["v2"] as? Bool), "\(name)")
        #expect(schemes.contains("v3") == (androguard["v3"] as? Bool), "\(name)")
        let signer = snapshot.signing.effectiveCertificates(sdk: 35).map(\.sha256)
        #expect(signer == apksigner["sha256"] as? [String], "\(name)")
        let subjects = snapshot.signing.effectiveCertificates(sdk: 35).compactMap(\.subject)
        // Same names; apksigner writes ", " between attributes where swift-certificates writes ",".
        let theirSubjects = (apksigner["subjects"] as? [String] ?? []).map {
            $0.replacingOccurrences(of: ", ", with: ",")
        }
        #expect(subjects == theirSubjects, "\(name)")
        #expect(snapshot.signing.lineage.map(\.certificate.sha256) == apksigner["lineage"] as? [String], "\(name)")
    }

    static func dictionary(_ data: AndroidManifest.DataElement) -> [String: String] {
        var out: [String: String] = [:]
        out["scheme"] = data.scheme
        out["host"] = data.host
        out["port"] = data.port
        out["path"] = data.path
        out["pathPrefix"] = data.pathPrefix
        out["pathPattern"] = data.pathPattern
        out["pathAdvancedPattern"] = data.pathAdvancedPattern
        out["pathSuffix"] = data.pathSuffix
        out["mimeType"] = data.mimeType
        return out
    }

    @Test func resolvesStringResourcesFromTheDefaultConfiguration() throws {
        let manifest = try Self.snapshot("links-v1v2v3.apk").manifest
        #expect(manifest.versionName == "4.2.0-fixture")
        let link = try #require(manifest.activities.first { $0.name == "com.linklab.shop.LinkActivity" })
        // values-fr says boutique.example; the default configuration says shop.example.
        #expect(link.intentFilters.first?.data.first?.host == "shop.example")
        #expect(link.intentFilters.first?.data.contains { $0.pathPrefix == "/orders/" } == true)
        #expect(link.intentFilters.first?.autoVerify == true)
        let alias = try #require(manifest.activities.first { $0.isAlias })
        #expect(alias.targetActivity == "com.linklab.shop.LinkActivity")
        #expect(alias.exported == false)
        let deep = try #require(manifest.activities.first { $0.name == "com.linklab.shop.DeepLinkActivity" })
        #expect(deep.permission == "com.linklab.LINKS")
        #expect(deep.exported == nil && deep.isEffectivelyExported)
        #expect(manifest.notes.isEmpty)
    }

    @Test func rotationLineageRunsOldestFirstAndV3NamesTheNewKey() throws {
        let signing = try Self.snapshot("links-rotated.apk").signing
        let release = try Self.snapshot("links-v1v2v3.apk").signing.effectiveCertificates(sdk: 35)
        #expect(signing.lineage.count == 2)
        #expect(signing.lineage.first?.certificate == release.first)
        // v2 (and v1) still carry the old key for platforms before rotation support.
        #expect(signing.effectiveCertificates(sdk: 27).first == release.first)
        #expect(signing.effectiveCertificates(sdk: 28).first == signing.lineage.last?.certificate)
    }

    @Test func splitSetReadsItsBaseAPK() throws {
        let set = try Self.snapshot("links-set.xapk")
        let plain = try Self.snapshot("links-v1v2v3.apk")
        #expect(set.baseEntry == "base.apk")
        #expect(set.manifest == plain.manifest)
        #expect(set.signing == plain.signing)
    }

    @Test func cyclicResourceReferenceIsANoteNotAHang() throws {
        let manifest = try Self.snapshot("hostile-cyclic-resources.apk").manifest
        #expect(manifest.versionName == nil)
        #expect(manifest.notes.contains { $0.contains("cycle") })
        #expect(manifest.activities.first?.intentFilters.first?.data.first?.host == nil)
    }

    @Test func debugBuildIsDebuggableAndTestOnly() throws {
        let manifest = try Self.snapshot("debug-v2.apk").manifest
        #expect(manifest.debuggable && manifest.testOnly)
        #expect(manifest.activities.first?.name == "com.linklab.debug.Links")
    }

    /// Runs the independent tools on the committed files now, when installed.
    @Test func liveToolsAgree() throws {
        let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/fixtures/android/check-apks.py")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["sh", "-c", "command -v apksigner >/dev/null && python3 -c 'import androguard'"]
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else {
            print("skipped: apksigner or androguard not installed (apt-get install apksigner; pip install androguard)")
            return
        }
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        run.arguments = ["python3", script.path] + Self.names.map { Fixtures.url("android/\($0)").path }
        let pipe = Pipe()
        run.standardOutput = pipe
        run.standardError = FileHandle.nullDevice
        try run.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        run.waitUntilExit()
        let live = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        for name in Self.names {
            try Self.compare(try Self.snapshot(name), with: try #require(live[name] as? [String: Any]), name: name)
        }
    }
}
