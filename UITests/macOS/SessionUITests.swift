import AppKit
import XCTest

/// The document behaviour a tester relies on: no empty session at launch, "Save changes?" on
/// closing unsaved work, ⌘C on a finding, the inspector shown and hidden.
final class SessionUITests: XCTestCase {
    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    @MainActor
    private func any(_ app: XCUIApplication, _ identifier: String) -> XCUIElement {
        app.descendants(matching: .any).matching(identifier: identifier).firstMatch
    }

    /// The sample opened and its first finding selected.
    @MainActor
    private func launchWithAFindingSelected() -> XCUIApplication {
        let app = SampleApp.launch()
        let finding = any(app, "finding")
        XCTAssertTrue(finding.waitForExistence(timeout: 10))
        finding.click()
        return app
    }

    @MainActor
    func testLaunchShowsTheLaunchWindowNotAnEmptySession() {
        let app = XCUIApplication()
        app.launchArguments += ["-ApplePersistenceIgnoreState", "YES"]
        app.launchEnvironment["LINKLAB_UITEST"] = "1"
        app.launch()
        XCTAssertTrue(any(app, "drop-zone").waitForExistence(timeout: 20), "no launch window")
        XCTAssertFalse(any(app, "document-status").exists, "an untitled session opened at launch")
        // ⌘N shows the launch window again instead of an empty session.
        app.typeKey("w", modifierFlags: .command)
        app.typeKey("n", modifierFlags: .command)
        XCTAssertTrue(any(app, "drop-zone").waitForExistence(timeout: 10))
        XCTAssertFalse(any(app, "document-status").exists)
    }

    @MainActor
    func testClosingUnsavedWorkAsksToSave() {
        let app = SampleApp.launch()
        app.typeKey("w", modifierFlags: .command)
        let prompt = app.sheets.firstMatch
        XCTAssertTrue(prompt.waitForExistence(timeout: 10), "closing an unsaved session did not ask")
        XCTAssertTrue(prompt.buttons["Don't Save"].exists || prompt.buttons["Delete"].exists)
        prompt.buttons["Cancel"].firstMatch.click()
        XCTAssertTrue(any(app, "document-status").exists, "Cancel keeps the window")
    }

    @MainActor
    func testCommandCCopiesTheSelectedFindingAsMarkdown() {
        let app = launchWithAFindingSelected()
        NSPasteboard.general.clearContents()
        app.typeKey("c", modifierFlags: .command)
        let deadline = Date().addingTimeInterval(5)
        var copied = ""
        while Date() < deadline {
            copied = NSPasteboard.general.string(forType: .string) ?? ""
            if !copied.isEmpty { break }
            RunLoop.current.run(until: Date().addingTimeInterval(0.2))
        }
        XCTAssertTrue(copied.hasPrefix("### "), "not a Markdown finding: \(copied.prefix(80))")
        XCTAssertTrue(copied.contains("**Remediation:**"))
    }

    @MainActor
    func testTheInspectorShowsTheSelectedFindingAndHides() {
        let app = launchWithAFindingSelected()
        let status = any(app, "triage-status")
        XCTAssertTrue(status.waitForExistence(timeout: 10), "the inspector shows the finding's triage")
        app.typeKey("i", modifierFlags: [.command, .control])
        let hidden = XCTNSPredicateExpectation(predicate: NSPredicate(format: "exists == false"), object: status)
        XCTAssertEqual(XCTWaiter.wait(for: [hidden], timeout: 10), .completed, "⌃⌘I did not hide the inspector")
    }
}
