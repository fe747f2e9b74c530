import AndroidApp
import AppInspection
import Foundation
import TestSupport
import Testing

/// APKs built by others (a Gradle build shipped in the uiautomator2 wheel; Debian's AOSP
/// framework-res.apk) read field by field against what androguard, aapt and apksigner read from the
/// same files (`Tests/Fixtures/android/real/EXPECTED.json`, written by
/// `scripts/fixtures/android/check-apks.py --components`, never by this engine).
@Suite struct RealAPKTests {
    static let frameworkRes = "/usr/share/android-framework-res/framework-res.apk"

    static func expected(_ name: String) throws -> [String: Any] {
        let data = try Fixtures.data("android/real/EXPECTED.json")
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(all[name] as? [String: Any], "\(name) missing from EXPECTED.json")
    }

    @Test func uiautomatorServerMatchesTheTools() throws {
        let name = "app-uiautomator.apk"
        let snapshot = try APKInspector.inspect(fileAt: Fixtures.url("android/real/\(name)"))
        try Self.compare(snapshot, with: try Self.expected(name), name: name)
        // What the file is, stated once by hand so a regenerated EXPECTED.json cannot drift silently.
        #expect(snapshot.manifest.packageName == "com.github.uiautomator")
        #expect(snapshot.signing.schemes.map(\.rawValue).sorted() == ["v1", "v2"])
        #expect(snapshot.linkEvidence.count == 20)
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: frameworkRes),
            "\(frameworkRes) is absent (apt-get install android-framework-res)"))
    func frameworkResMatchesTheTools() throws {
        let name = "framework-res.apk"
        let snapshot = try APKInspector.inspect(fileAt: URL(fileURLWithPath: Self.frameworkRes))
        try Self.compare(snapshot, with: try Self.expected(name), name: name)
        #expect(snapshot.manifest.packageName == "android")
        #expect(snapshot.manifest.activities.contains { $0.isAlias })
        // Debian does not sign it: no scheme verifies and there is no certificate to report.
        #expect(snapshot.signing.schemes.isEmpty)
    }

    static func compare(_ snapshot: APKSnapshot, with tools: [String: Any], name: String) throws {
        let androguard = try #require(tools["androguard"] as? [String: Any])
        let aapt = try #require(tools["aapt"] as? [String: Any])
        let manifest = snapshot.manifest
        #expect(manifest.packageName == androguard["package"] as? String, "\(name)")
        #expect(manifest.packageName == aapt["name"] as? String, "\(name)")
        #expect(manifest.versionCode == androguard["versionCode"] as? Int, "\(name)")
        #expect(manifest.versionCode.map(String.init) == aapt["versionCode"] as? String, "\(name)")
        #expect(manifest.versionName == aapt["versionName"] as? String, "\(name)")
        #expect(manifest.minSDK == androguard["minSdk"] as? Int, "\(name)")
        #expect(manifest.minSDK == aapt["minSdk"] as? Int, "\(name)")
        #expect(manifest.targetSDK == androguard["targetSdk"] as? Int, "\(name)")
        #expect(manifest.targetSDK == aapt["targetSdk"] as? Int, "\(name)")
        #expect(manifest.debuggable == androguard["debuggable"] as? Bool, "\(name)")
        #expect(manifest.debuggable == aapt["debuggable"] as? Bool, "\(name)")

        let components = try #require(androguard["components"] as? [[String: Any]])
        #expect(manifest.activities.map(\.name) == components.compactMap { $0["name"] as? String }, "\(name)")
        for (ours, theirs) in zip(manifest.activities, components) {
            let label = "\(name): \(ours.name)"
            #expect(ours.isAlias == theirs["alias"] as? Bool, "\(label)")
            #expect(ours.exported == (theirs["exported"] as? String).flatMap(Bool.init), "\(label)")
            #expect(ours.targetActivity == theirs["targetActivity"] as? String, "\(label)")
            #expect(ours.permission == theirs["permission"] as? String, "\(label)")
            #expect(ours.enabled == (theirs["enabled"] as? String).flatMap(Bool.init) ?? true, "\(label)")
            let filters = try #require(theirs["filters"] as? [[String: Any]])
            #expect(ours.intentFilters.count == filters.count, "\(label)")
            for (filter, their) in zip(ours.intentFilters, filters) {
                #expect(filter.autoVerify == their["autoVerify"] as? Bool, "\(label)")
                #expect(filter.actions == their["actions"] as? [String], "\(label)")
                #expect(filter.categories == their["categories"] as? [String], "\(label)")
                #expect(filter.data.map(APKFixtureTests.dictionary) == their["data"] as? [[String: String]], "\(label)")
            }
        }

        try APKFixtureTests.compareEvidenceAndSigning(snapshot, with: tools, name: name)
        // The verified schemes exactly: nothing more than apksigner verified either.
        let apksigner = try #require(tools["apksigner"] as? [String: Any])
        let verified = Set(apksigner["schemes"] as? [String] ?? [])
        #expect(Set(snapshot.signing.schemes.map(\.rawValue)) == verified, "\(name)")
    }
}
