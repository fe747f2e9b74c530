import XCTest

/// Launches the app with a sample (the IPA unless told: `LinkLabSample.apk` for the Android
/// build) opened through the launch-environment hook (as Finder would open it), offline with the
/// sample's association files (`aasa/`, and `assetlinks/` for the Android build), and waits
/// until it is ready.
@MainActor
enum SampleApp {
    /// The repository root, from this file's location on the machine that built the tests.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func launch(sample: String = "LinkLabSample.ipa") -> XCUIApplication {
        let samples = root.appendingPathComponent("Samples")
        let app = XCUIApplication()
        app.launchArguments += ["-ApplePersistenceIgnoreState", "YES"]
        app.launchEnvironment["LINKLAB_UITEST"] = "1"
        app.launchEnvironment["LINKLAB_OPEN"] = samples.appendingPathComponent(sample).path
        app.launchEnvironment["LINKLAB_OFFLINE"] = "1"
        app.launchEnvironment["LINKLAB_AASA"] = ["example.com", "shop.example.com", "example.org", "go.example.net"]
            .map { "\($0)=" + samples.appendingPathComponent("aasa/\($0).json").path }
            .joined(separator: ";")
        app.launchEnvironment["LINKLAB_ASSETLINKS"] = ["example.com", "shop.example.com", "example.org"]
            .map { "\($0)=" + samples.appendingPathComponent("assetlinks/\($0).json").path }
            .joined(separator: ";")
        app.launch()
        let status = app.descendants(matching: .any).matching(identifier: "document-status").firstMatch
        XCTAssertTrue(status.waitForExistence(timeout: 30), "no document window opened")
        let ready = XCTNSPredicateExpectation(predicate: NSPredicate(format: "value == 'ready'"), object: status)
        XCTAssertEqual(XCTWaiter.wait(for: [ready], timeout: 120), .completed, "the document never became ready")
        return app
    }
}
