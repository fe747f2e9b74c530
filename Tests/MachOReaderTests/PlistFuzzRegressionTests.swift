import Foundation
import MachOReader
import TestSupport
import Testing

/// Inputs the fuzzers found that made Foundation's own plist parser trap. Each must now be a
/// clean `invalidPlist` error: a trap would end the whole process (and this test run).
@Suite struct PlistFuzzRegressionTests {
    /// `Fuzz/DER` (CI, 2026-11-21): an XML plist whose `<integer>` holds invalid UTF-8 makes
    /// FoundationEssentials' XML plist reader hit a fatal error while skipping whitespace.
    @Test func xmlIntegerWithInvalidUTF8IsAnErrorNotATrap() throws {
        let data = try Fixtures.data("plist/fuzz-xml-integer-invalid-utf8.bin")
        #expect(throws: MachOError.self) { try PlistValue.decode(data) }
    }

    /// The same trap, distilled: any invalid UTF-8 anywhere in an XML plist is refused up front.
    @Test(arguments: [
        "<integer>\u{FF}1</integer>", "<string>a\u{FF}b</string>", "<key>\u{C3}</key><true/>",
        "<integer>1</integer>\u{F0}\u{9F}",
    ])
    func invalidUTF8InAnXMLPlistIsRefused(_ body: String) throws {
        // Build raw bytes: U+0080…U+00FF in `body` stand for the single bytes 0x80…0xFF.
        var bytes = Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>a</key>"#.utf8)
        bytes += body.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        bytes += Array("</dict></plist>".utf8)
        #expect(throws: MachOError.self) { try PlistValue.decode(Data(bytes)) }
    }

    @Test func validUTF8XMLPlistStillDecodes() throws {
        let xml = #"""
            <?xml version="1.0" encoding="UTF-8"?><plist \#
            version="1.0"><dict><key>café</key><integer>42</integer></dict></plist>
            """#
        #expect(try PlistValue.decode(Data(xml.utf8)) == .dictionary(["café": .integer(42)]))
    }
}
