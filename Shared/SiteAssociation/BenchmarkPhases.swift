import Foundation

/// The phases of `AssociationDocument.parse`, one at a time, so the session benchmark can time
/// each (`Benchmarks/SessionBenchmark`). Not API: reached only through `@_spi(Benchmarks)`.
@_spi(Benchmarks)
public enum AssociationPhases {
    /// A file read up to, not including, lint.
    public struct Read: Sendable {
        let file: AssociationFile?
        let sourceMap: SourceMap
        let lines: LineTable
        /// Diagnostics of the parser and the reader.
        public let diagnosticCount: Int
    }

    /// Tolerant parse and model read of a plain JSON body (no CMS, no lint).
    public static func read(_ data: Data) -> Read {
        let bytes = [UInt8](data)
        var parser = TolerantJSONParser(bytes: bytes)
        let root = parser.parseDocument()
        let lines = LineTable(bytes: bytes)
        var count = AssociationDocument.syntaxDiagnostics(parser.issues, lines: lines).count
        guard let root else { return Read(file: nil, sourceMap: SourceMap(), lines: lines, diagnosticCount: count) }
        var reader = AssociationReader(lines: lines)
        let file = reader.read(root)
        count += reader.diagnostics.count
        return Read(file: file, sourceMap: reader.sourceMap, lines: lines, diagnosticCount: count)
    }

    /// Forgets every compiled detail, so the next lint or matcher compiles from nothing (the
    /// benchmark's cold timings).
    public static func forgetCompilations() {
        CompiledDetailCache.shared.removeAll()
    }

    /// Lint of a read file; `shadowing: false` leaves out the shadowed-rule check. Returns the
    /// number of diagnostics.
    public static func lint(_ read: Read, shadowing: Bool = true) -> Int {
        guard let file = read.file else { return 0 }
        return AssociationLinter.lint(file, sourceMap: read.sourceMap, lines: read.lines, shadowing: shadowing).count
    }
}
