import Foundation
import Testing

/// No keyboard shortcut of the app takes one macOS reserves for a standard command (issue 17:
/// ⇧⌘S / ⌥⇧⌘S are Save As, ⌘F is Find, ⌘C is Copy): read from the sources' `.keyboardShortcut`.
@Suite struct MenuShortcutTests {
    struct Shortcut: Hashable, CustomStringConvertible {
        var key: String
        var modifiers: Set<String>
        var description: String { modifiers.sorted().joined(separator: "+") + "+" + key }
    }

    /// Standard commands of a document app's menus (Apple's Human Interface Guidelines, Keyboard shortcuts).
    static let standard: Set<Shortcut> = {
        let command: [String] = ["a", "c", "f", "g", "h", "m", "p", "q", "s", "t", "v", "w", "x", "z", ",", "e"]
        var set = Set(command.map { Shortcut(key: $0, modifiers: ["command"]) })
        for key in ["s", "z", "g", "p"] { set.insert(Shortcut(key: key, modifiers: ["command", "shift"])) }
        set.insert(Shortcut(key: "s", modifiers: ["command", "option", "shift"]))
        // ⌥⌘F is left to the app: the spec gives it to Find in Findings (⌘F stays Find).
        for key in ["c", "v", "w", "h", "m"] { set.insert(Shortcut(key: key, modifiers: ["command", "option"])) }
        for key in ["f", "space"] { set.insert(Shortcut(key: key, modifiers: ["command", "control"])) }
        return set
    }()

    /// The File menu items that *are* the standard command they use (Open…, New).
    static let standardItems: Set<Shortcut> = [
        Shortcut(key: "o", modifiers: ["command"]),
        Shortcut(key: "n", modifiers: ["command"]),
    ]

    static func shortcuts(in text: String) -> [Shortcut] {
        let pattern = #"keyboardShortcut\("(.)"(?:,\s*modifiers:\s*(\[[^\]]*\]|\.[a-z]+))?\)"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            guard let keyRange = Range(match.range(at: 1), in: text) else { return nil }
            var modifiers: Set<String> = ["command"]
            if let modifierRange = Range(match.range(at: 2), in: text) {
                let words = text[modifierRange].split(whereSeparator: { !$0.isLetter }).map(String.init)
                modifiers = Set(words)
            }
            return Shortcut(key: text[keyRange].lowercased(), modifiers: modifiers)
        }
    }

    @Test func theReaderSeesModifiers() {
        let found = Self.shortcuts(
            in: #".keyboardShortcut("s", modifiers: [.command, .option, .shift]) "#
                + #".keyboardShortcut("f", modifiers: .command) .keyboardShortcut("n")"#)
        #expect(
            found == [
                Shortcut(key: "s", modifiers: ["command", "option", "shift"]),
                Shortcut(key: "f", modifiers: ["command"]), Shortcut(key: "n", modifiers: ["command"]),
            ])
        #expect(found.contains { Self.standard.contains($0) })
    }

    @Test func noShortcutShadowsAStandardCommand() throws {
        var seen: [Shortcut: String] = [:]
        for file in ProjectFiles.swiftFiles(in: "UniversalLinkLab") {
            for shortcut in Self.shortcuts(in: try ProjectFiles.text(file)) {
                let isStandardItem =
                    Self.standardItems.contains(shortcut)
                    && file.lastPathComponent == "WorkbenchCommands.swift"
                #expect(
                    isStandardItem || !Self.standard.contains(shortcut),
                    "\(file.lastPathComponent) takes the standard shortcut \(shortcut)")
                if let other = seen[shortcut], !isStandardItem {
                    Issue.record("\(shortcut) is used twice: \(other) and \(file.lastPathComponent)")
                }
                seen[shortcut] = file.lastPathComponent
            }
        }
        #expect(!seen.isEmpty)
    }
}
