import XCTest

/// End-to-end: the sample IPA opened through the launch-environment hook (as Finder would
/// open it), offline with the sample's association files. Elements are found by the web
/// workbench's hook names (MacAppProjectTests checks the app sets each one), except the findings
/// filter: the system's search field (`.searchable`), which carries no identifier of ours.
final class WorkbenchUITests: XCTestCase {
    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    @MainActor
    private func launchWithSample() -> XCUIApplication { SampleApp.launch() }

    @MainActor
    func testSidebarListsTheSampleFindings() {
        let app = launchWithSample()
        let findings = app.descendants(matching: .any).matching(identifier: "finding")
        XCTAssertTrue(findings.firstMatch.waitForExistence(timeout: 10))
        XCTAssertGreaterThanOrEqual(findings.count, 5, "the sample has at least ENT-003/005/007/009 and SCH-001")
        let filter = app.searchFields.firstMatch
        XCTAssertTrue(filter.waitForExistence(timeout: 10), "the sidebar's search field (.searchable)")
        filter.click()
        filter.typeText("ENT-005")
        XCTAssertEqual(app.descendants(matching: .any).matching(identifier: "finding").count, 1)
    }

    @MainActor
    func testURLTesterDecidesWhileTyping() {
        let app = launchWithSample()
        app.descendants(matching: .any).matching(identifier: "tab-urls").firstMatch.click()
        let input = app.descendants(matching: .any).matching(identifier: "url-input").firstMatch
        XCTAssertTrue(input.waitForExistence(timeout: 10))
        input.click()
        input.typeText("https://example.com/buy/42")
        let verdict = app.descendants(matching: .any).matching(identifier: "verdict").firstMatch
        XCTAssertTrue(verdict.waitForExistence(timeout: 10))
        XCTAssertEqual(verdict.value as? String, "match", "Apple's worked example opens /buy/42")
    }

    @MainActor
    func testExportWritesAMarkdownReport() throws {
        let app = launchWithSample()
        let folder = FileManager.default.temporaryDirectory
        let name = "linklab-ui-\(UUID().uuidString).md"
        app.toolbars.menuButtons["Export Report"].firstMatch.click()
        // The toolbar menu exports one format directly; File › Export Report… asks for it first.
        app.descendants(matching: .any).matching(identifier: "export-md").firstMatch.click()
        let panel = app.sheets.firstMatch
        XCTAssertTrue(panel.waitForExistence(timeout: 10), "no save panel")
        // Choose the folder with Go to Folder (⇧⌘G), then the name, then Save.
        panel.typeKey("g", modifierFlags: [.command, .shift])
        app.typeText(folder.path + "\r")
        let nameField = panel.textFields["saveAsNameTextField"].firstMatch
        nameField.click()
        nameField.typeKey("a", modifierFlags: .command)
        nameField.typeText(name)
        panel.buttons["Save"].firstMatch.click()
        let target = folder.appendingPathComponent(name)
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: target.path), Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.2))
        }
        let text = try String(contentsOf: target, encoding: .utf8)
        XCTAssertTrue(text.contains("ENT-005"), "the report lists the sample's findings")
    }
}
