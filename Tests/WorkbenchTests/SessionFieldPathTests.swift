import Testing
@testable import Workbench

/// The size check of a session file picks a field's limit by the last key of its path.
@Suite struct SessionFieldPathTests {
    @Test func lastKeyIsTheLastNonEmptyDotSeparatedPart() {
        let paths = [
            "", ".", "..", "body", "domains[3].routes[0].body", "a.body.", "a..body..", ".body", "urlLines",
            "x.editedText", "a.b.c", "é.body", "x.\u{301}body", "x.\u{0600}.body", "日本.editedText", "a.\r\n.body",
        ]
        for path in paths {
            let split = path.split(separator: ".").last.map(String.init) ?? ""
            #expect(SessionFile.lastKey(of: path) == split, "\(path)")
        }
    }
}
