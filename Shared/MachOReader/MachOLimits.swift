/// Safety caps applied while parsing untrusted Mach-O files and signatures.
///
/// The defaults are far above anything a real iOS binary contains; a file beyond them is
/// treated as malformed (or its list truncated, with a problem recorded) instead of consuming
/// unbounded time or memory.
public struct MachOLimits: Sendable, Equatable {
    /// Most architectures accepted in a fat header (Java class files read as 45 or more).
    public var maxFatArchitectures = 30
    /// Most load commands per slice.
    public var maxLoadCommands = 10_000
    /// Largest `sizeofcmds` accepted.
    public var maxLoadCommandBytes = 16 << 20
    /// Most sections per slice (all segments together).
    public var maxSections = 10_000
    /// Most symbol table entries read per slice (further entries are ignored, with a problem).
    public var maxSymbols = 1_000_000
    /// Most bytes of symbol names kept per slice (entries may share one long name: without a
    /// budget, a small table could expand to gigabytes of copies).
    public var maxSymbolNameBytes = 256 << 20
    /// Keep every symbol in `MachOSlice.symbols`. When false, only the symbols that are
    /// link evidence are kept (the scan still reads every entry): a large executable's
    /// half-million symbols would otherwise cost tens of megabytes nobody reads.
    public var retainsSymbols = true
    /// Longest symbol name or C string considered.
    public var maxStringLength = 16_384
    /// Most strings taken from one section for the link-evidence scan.
    public var maxStringsPerSection = 2_000_000
    /// Most link-evidence hits kept for one name in one section (the rest are counted in a note).
    public var maxEvidencePerName = 64
    /// Most blobs in a code signature SuperBlob.
    public var maxSignatureBlobs = 64
    /// Most special slots a CodeDirectory may declare.
    public var maxSpecialSlots = 64
    /// Largest entitlements blob (XML or DER) decoded.
    public var maxEntitlementsBytes = 1 << 20
    /// Deepest nesting of arrays/dictionaries in entitlements (XML and DER).
    public var maxNestingDepth = 64

    /// The default caps.
    public init() {}

    /// The default caps.
    public static let standard = MachOLimits()
}
