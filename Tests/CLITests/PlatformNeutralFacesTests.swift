import Foundation
import TestSupport
import Testing

/// The faces render platforms they do not know (docs/ARCHITECTURE.md, "Adding a third
/// platform"): the web page's and the Mac app's App tab, Domains tab and URL tester draw the
/// package's panels, host slots and verdict rows, so none of their code names a platform — not
/// a type, a field, a hook or a word. Comments may (they say what the code does).
@Suite struct PlatformNeutralFacesTests {
    static let root = Fixtures.repositoryRoot

    /// The files of each face that render a document's apps, hosts and verdicts.
    static let faces = [
        "Web/Assets/apptab.js", "Web/Assets/domains.js", "Web/Assets/urltester.js", "Web/Assets/panel.js",
        "UniversalLinkLab/Window/AppTab.swift", "UniversalLinkLab/Window/DomainsTab.swift",
        "UniversalLinkLab/Window/URLTesterTab.swift", "UniversalLinkLab/Window/URLListViews.swift",
        "UniversalLinkLab/Window/PanelView.swift", "UniversalLinkLab/Window/HostActionViews.swift",
        "Web/Assets/api.js",
    ]

    /// `text` without its comments (`// …` to the end of a line, `/* … */`), strings kept.
    static func code(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        var quote: Character?
        while index < text.endIndex {
            let character = text[index]
            let rest = text[index...]
            if let open = quote {
                out.append(character)
                if character == "\\", let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex),
                    next < text.endIndex
                {
                    out.append(text[next])
                    index = text.index(after: next)
                    continue
                }
                if character == open || character == "\n" { quote = nil }
            } else if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? text.endIndex
                continue
            } else if rest.hasPrefix("/*") {
                index = rest.range(of: "*/").map(\.upperBound) ?? text.endIndex
                continue
            } else {
                if character == "\"" || character == "'" || character == "`" { quote = character }
                out.append(character)
            }
            index = text.index(after: index)
        }
        return out
    }

    /// The lines of `code` that name a platform: `android` anywhere, `ios` at the start of a word
    /// (`iOS`, `iosRows`) and `IOS` in one (`isIOS`), not the letters inside a word ("ratios").
    static func namings(_ code: String) -> [String] {
        code.split(separator: "\n").map(String.init).filter { line in
            line.range(of: "android", options: .caseInsensitive) != nil
                || line.range(of: #"(?<![A-Za-z])[iI][oO][sS]|IOS"#, options: .regularExpression) != nil
        }
    }

    @Test func theCommentStripperKeepsStringsAndDropsComments() {
        #expect(Self.code("let a = \"// android\" // iOS\nb /* Android */ c") == "let a = \"// android\" \nb  c")
        #expect(Self.namings("x.iosRows\nscenarios\nisIOS\nratios") == ["x.iosRows", "isIOS"])
        #expect(Self.namings(Self.code("h('p', {}, 'Android app')")).count == 1)
    }

    @Test(arguments: faces) func aFaceNamesNoPlatform(_ path: String) throws {
        let url = Self.root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(Self.namings(Self.code(text)) == [], "\(path) names a platform")
    }
}
