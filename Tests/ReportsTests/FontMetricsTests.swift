import Foundation
import Testing
@testable import Reports
import TestSupport

@Suite struct FontMetricsTests {
    static let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/generate-font-metrics.py")
    static let table = Fixtures.repositoryRoot.appendingPathComponent("Shared/Reports/PDFFontMetrics+Tables.swift")

    @Test(.enabled(if: ExternalTool.pythonHas("reportlab"), "python3 with reportlab not found (pip install reportlab): generated metrics not re-checked"))
    func committedTablesAreWhatTheScriptGenerates() throws {
        let python = try #require(ExternalTool.find("python3"))
        let folder = try ExternalTool.temporaryFolder("metrics")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("tables.swift")
        let run = try ExternalTool.run(python, [Self.script.path, output.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: output) == Data(contentsOf: Self.table))
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
