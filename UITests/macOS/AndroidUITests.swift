import XCTest

/// End-to-end on a Mac: the sample APK (`Samples/LinkLabSample.apk`, package `com.example.app`)
/// opened as Finder opens it starts an Android session, offline with the sample's
/// `assetlinks.json` files supplied; its App tab shows the Android
/// section, its Domains tab each host's `assetlinks.json`, the URL tester offers Open on
/// Android Device and its URL list shows each line's Android rows, and a host's `assetlinks.json`
/// is edited in the what-if editor the iOS cards use. Elements are found by the hooks the views
/// set (`android-app`, `android-host`, `list-verdicts`, `verdict`, `edit-aasa`,
/// `edit-aasa-apply`, shared with the web workbench) and the buttons and badges by their titles.
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
        let certificate =
            "07:A8:83:32:4F:9C:3E:A9:A5:8F:BA:D7:5C:33:51:9A:95:57:35"
            + ":86:C1:58:D8:F3:FB:99:52:C8:C9:AB:71:1C"
        XCTAssertTrue(app.staticTexts[certificate].firstMatch.exists, "the signing certificate's SHA-256")
    }

    @MainActor
    func testDomainsListEachAssetLinksHostAndTheTesterOffersTheDevice() {
        let app = SampleApp.launch(sample: "LinkLabSample.apk")
        app.descendants(matching: .any).matching(identifier: "tab-domains").firstMatch.click()
        let hosts = app.descendants(matching: .any).matching(identifier: "android-host")
        XCTAssertTrue(hosts.firstMatch.waitForExistence(timeout: 10))
        XCTAssertEqual(
            hosts.count, 5,
            "example.com, shop.example.com, example.org, and the planted linklab.page.link "
                + "and links.linklab.invalid (Samples/README.md) are the sample's App Links hosts")
        app.descendants(matching: .any).matching(identifier: "tab-urls").firstMatch.click()
        let input = app.descendants(matching: .any).matching(identifier: "url-input").firstMatch
        XCTAssertTrue(input.waitForExistence(timeout: 10))
        input.click()
        input.typeText("https://example.com/buy/42")
        let open = app.buttons["Open on Android Device"].firstMatch
        XCTAssertTrue(open.waitForExistence(timeout: 10), "Open on Android Device beside the verdicts")
    }

    /// The URL list (not only the typed URL) shows each line's Android rows: a line of the sample
    /// APK's verified host, typed into the list editor, is shown in the list (`list-verdicts`)
    /// with an Android `verdict` that opens the app (value `opens_app`, Android's outcome key).
    @MainActor
    func testTheURLListShowsAndroidRowsForTheSampleAPK() {
        let app = SampleApp.launch(sample: "LinkLabSample.apk")
        app.descendants(matching: .any).matching(identifier: "tab-urls").firstMatch.click()
        let editor = app.textViews["URL list"].firstMatch
        XCTAssertTrue(editor.waitForExistence(timeout: 10), "the URL list editor")
        editor.click()
        editor.typeText("https://example.com/buy/42\n")
        let list = app.descendants(matching: .any).matching(identifier: "list-verdicts").firstMatch
        XCTAssertTrue(list.waitForExistence(timeout: 10), "the list of decided lines")
        // The Android row is a `verdict` whose value is Android's outcome key (iOS rows: `match`…).
        let android = list.descendants(matching: .any)
            .matching(NSPredicate(format: "identifier == 'verdict' AND value == 'opens_app'")).firstMatch
        XCTAssertTrue(
            android.waitForExistence(timeout: 10),
            "the line carries its Android row: example.com verifies for com.example.app")
    }

    /// An Android host offers the iOS card's what-if editor: Edit… in its panel (`edit-aasa`)
    /// opens the sheet on the host's `assetlinks.json`, text typed there is a draft (the button
    /// then reads Edit Draft…), and Apply (`edit-aasa-apply`) decides with it: the panel's state
    /// badge reads "Edited (what-if)" and Revert to What Was Served is offered.
    @MainActor
    func testAnAndroidHostIsEditedInTheWhatIfEditor() {
        let app = SampleApp.launch(sample: "LinkLabSample.apk")
        app.descendants(matching: .any).matching(identifier: "tab-domains").firstMatch.click()
        let host = app.descendants(matching: .any).matching(identifier: "android-host").firstMatch
        XCTAssertTrue(host.waitForExistence(timeout: 10))
        let edit = host.descendants(matching: .any).matching(identifier: "edit-aasa").firstMatch
        XCTAssertTrue(edit.waitForExistence(timeout: 10), "Edit… in the Android host's panel")
        edit.click()
        let sheet = app.sheets.firstMatch
        XCTAssertTrue(sheet.waitForExistence(timeout: 10), "the what-if editor sheet")
        XCTAssertTrue(text(sheet, "Edit assetlinks.json (what-if)").exists, "the editor is the host's assetlinks.json")
        let editor = sheet.textViews.firstMatch
        editor.click()
        editor.typeKey("a", modifierFlags: .command)
        editor.typeText("[]")
        sheet.descendants(matching: .any).matching(identifier: "edit-aasa-apply").firstMatch.click()
        XCTAssertTrue(text(host, "Edited (what-if)").waitForExistence(timeout: 10), "the host decides with the edit")
        XCTAssertTrue(app.buttons["Revert to What Was Served"].firstMatch.exists, "Revert is offered")
    }

    /// The text under `element` that reads `words` (as its label or its value; a badge also
    /// carries a hook as its identifier).
    @MainActor
    private func text(_ element: XCUIElement, _ words: String) -> XCUIElement {
        element.descendants(matching: .staticText)
            .matching(NSPredicate(format: "label == %@ OR value == %@", words, words)).firstMatch
    }
}
