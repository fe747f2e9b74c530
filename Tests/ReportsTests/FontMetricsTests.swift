import Foundation
import TestSupport
import Testing

@testable import Reports

@Suite struct FontMetricsTests {
    static let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/embed-fonts.py")
    static let generated =
        Fixtures.repositoryRoot.appendingPathComponent("Shared/Reports/Generated/EmbeddedFonts.swift")
    static let dejaVu = "/usr/share/fonts/truetype/dejavu"

    /// The committed fonts and metrics are what the script makes from Debian's DejaVu fonts
    /// (run in a copy of the script's folders, so the repository is never rewritten by a test).
    @Test(
        .enabled(
            if: ExternalTool.pythonHas("fontTools")
                && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
            "python3 with PyPI fontTools, or Debian's fonts-dejavu-core, not found: fonts not made again"))
    func committedFontsAreWhatTheScriptGenerates() throws {
        let python = try #require(ExternalTool.find("python3"))
        let folder = try ExternalTool.temporaryFolder("fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["scripts", "Shared/ReportFonts", "Shared/Reports/Generated"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(path),
                withIntermediateDirectories: true)
        }
        let script = folder.appendingPathComponent("scripts/embed-fonts.py")
        try FileManager.default.copyItem(at: Self.script, to: script)
        let run = try ExternalTool.run(python, [script.path, Self.dejaVu])
        #expect(run.status == 0, "\(run.stderr)")
        let made = try Data(contentsOf: folder.appendingPathComponent("Shared/Reports/Generated/EmbeddedFonts.swift"))
        #expect(made == (try Data(contentsOf: Self.generated)))
        for name in ["DejaVuSans-subset.ttf", "DejaVuSans-Bold-subset.ttf", "DejaVuSansMono-subset.ttf"] {
            let committed = Fixtures.repositoryRoot.appendingPathComponent("Shared/ReportFonts/\(name)")
            #expect(
                try Data(contentsOf: folder.appendingPathComponent("Shared/ReportFonts/\(name)"))
                    == Data(
                        contentsOf: committed))
        }
    }

    @Test func extraGlyphsHaveWidthsAndDifferences() {
        let named = Set(EmbeddedFonts.differences.map(\.code))
        for (character, code) in WinAnsi.extraGlyphs {
            #expect(WinAnsi.encode(String(character)) == [code])
            #expect(named.contains(code), "\(character) has no /Differences entry")
            for font in PDFFont.allCases {
                #expect(
                    PDFFontMetrics.width(of: [code], font: font, size: 1000) > 0,
                    "\(character) in \(font.baseFont)")
            }
        }
    }

    @Test func everyWinAnsiCodeWeEmitHasAGlyph() {
        for scalar in (0x20...0x7E).map({ Unicode.Scalar(UInt8($0)) }) + (0xA1...0xFF).compactMap(Unicode.Scalar.init) {
            let bytes = WinAnsi.encode(String(scalar))
            for font in PDFFont.allCases {
                #expect(PDFFontMetrics.width(of: bytes, font: font, size: 1000) > 0, "\(scalar) in \(font.baseFont)")
            }
        }
        for code in 0x80...0x9F where PDFFontMetrics.winAnsiHighUnicode[code - 0x80] != 0 {
            let scalar = Unicode.Scalar(PDFFontMetrics.winAnsiHighUnicode[code - 0x80])
            #expect(scalar.map { WinAnsi.encode(String($0)) } == [UInt8(code)])
        }
    }
}
