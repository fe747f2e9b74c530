import Foundation
import SiteAssociation
import TestSupport
import Testing

/// The web page marks the same characters as the package (`HiddenCharacters`): its one list,
/// in `Web/Assets/dom.js`, is read here and compared scalar by scalar.
@Suite struct HiddenCharacterSetTests {
    /// The scalars the page's pattern matches: its BMP ranges and its surrogate-pair ranges
    /// (`\uDB40[\uDC01\uDC20-\uDC7F]` is U+E0001 and U+E0020–U+E007F).
    static func pageSet() throws -> Set<UInt32> {
        let script =
            try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Web/Assets/dom.js"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("const hiddenCharacters = /") })
        func ranges(_ text: Substring) -> [ClosedRange<UInt32>] {
            var result: [ClosedRange<UInt32>] = []
            var scanner = text[...]
            var values: [(UInt32, Bool)] = []  // value, preceded by "-"
            var dash = false
            while let slash = scanner.range(of: "\\u") {
                let before = scanner[..<slash.lowerBound]
                dash = before.hasSuffix("-")
                let hex = scanner[slash.upperBound...].prefix(4)
                values.append((UInt32(hex, radix: 16) ?? 0, dash))
                scanner = scanner[scanner.index(slash.upperBound, offsetBy: 4)...]
            }
            for (value, isEnd) in values {
                if isEnd, let last = result.popLast() {
                    result.append(last.lowerBound...value)
                } else {
                    result.append(value...value)
                }
            }
            return result
        }
        let parts = line.split(separator: "|")
        let bmp = ranges(parts[0].drop { $0 != "[" })
        let pair = parts[1]
        let high = try #require(ranges(pair.prefix { $0 != "[" }).first?.lowerBound)
        let lows = ranges(pair.drop { $0 != "[" })
        var set = Set(bmp.flatMap { Array($0) })
        for low in lows.flatMap({ Array($0) }) {
            set.insert(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return set
    }

    @Test func thePageMarksExactlyThePackagesCharacters() throws {
        let page = try Self.pageSet()
        let package =
            Set((0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }.filter(HiddenCharacters.isHidden).map(\.value))
        #expect(
            page == package,
            """
            only on the page: \(page.subtracting(package).sorted()), only in the \
            package: \(package.subtracting(page).sorted())
            """)
        #expect(package.contains(0x202E) && package.contains(0xE0041))
    }
}
