import XCTest

/// End-to-end on a Mac: the sample APK (`Samples/LinkLabSample.apk`, package `com.example.app`)
/// opened as Finder opens it starts an Android session, offline with the sample's
/// `assetlinks.json` files supplied; its App tab shows the Android
/// section, its Domains tab each host's `assetlinks.json`, and the URL tester offers Open on
/// Android Device. Elements are found by the hooks the views set (`android-app`,
/// `android-host`, shared with the web workbench) and the button by its title.
final class AndroidUITests: XCTestCase {
    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    @MainActor
    func testTheSampleAPKOpensWithItsAndroidSection() {
        let app = SampleApp.launch(sample: "LinkLabSample.apk")
        let section = app.descendants(matching: .any).matching(identifier: "android-app").firstMatch
        XCTAssertTrue(section.waitForExistence(timeout: 30), "the App tab shows the Android app")
        XCTAssertTrue(app.staticTexts["com.example.app"].firstMatch.exists, "the package name is shown")
        let certificate = "07:A8:83:32:4F:9C:3E:A9:A5:8F:BA:D7:5C:33:51:9A:95:57:35"
            + ":86:C1:58:D8:F3:FB:99:52:C8:C9:AB:71:1C"
        XCTAssertTrue(app.staticTexts[certificate].firstMatch.exists, "the signing certificate's SHA-256")
    }

    @MainActor
    func testDomainsListEachAssetLinksHostAndTheTesterOffersTheDevice() {
        let app = SampleApp.launch(sample: "LinkLabSample.apk")
        app.descendants(matching: .any).matching(identifier: "tab-domains").firstMatch.click()
        let hosts = app.descendants(matching: .any).matching(identifier: "android-host")
        XCTAssertTrue(hosts.firstMatch.waitForExistence(timeout: 10))
        XCTAssertEqual(hosts.count, 3, "example.com, shop.example.com and example.org verify for the sample")
        app.descendants(matching: .any).matching(identifier: "tab-urls").firstMatch.click()
        let input = app.descendants(matching: .any).matching(identifier: "url-input").firstMatch
        XCTAssertTrue(input.waitForExistence(timeout: 10))
        input.click()
        input.typeText("https://example.com/buy/42")
        let open = app.buttons["Open on Android Device"].firstMatch
        XCTAssertTrue(open.waitForExistence(timeout: 10), "Open on Android Device beside the verdicts")
    }
}
