import Foundation

/// One Mach-O image: a thin file, or one architecture of a fat file.
///
/// Offsets named `fileOffset` are absolute positions in the file handed to `MachOFile`;
/// `sliceOffset` values are relative to this slice's Mach-O header (what load commands store);
/// `address` values are virtual addresses (meaningful only after mapping). See `MachOReader.md`.
public struct MachOSlice: Sendable {
    /// Absolute offset of this slice's Mach-O header in the file.
    public internal(set) var fileOffset: Int
    /// Size of the slice in bytes.
    public internal(set) var size: Int
    /// True for a 64-bit image (`MH_MAGIC_64`).
    public internal(set) var is64Bit: Bool
    /// Byte order of the header and load commands (little-endian for every iOS image).
    public internal(set) var byteOrder: ByteOrder
    /// `cputype` from the Mach-O header.
    public internal(set) var cpuType: UInt32
    /// `cpusubtype` from the Mach-O header (capability bits included).
    public internal(set) var cpuSubtype: UInt32
    /// Conventional architecture name: `arm64`, `arm64e`, `arm64_32`, `armv7`, `x86_64`, …
    public internal(set) var arch: String
    /// Raw `filetype`.
    public internal(set) var fileTypeValue: UInt32
    /// File type name: `execute`, `dylib`, `bundle`, `object`, …
    public internal(set) var fileType: String
    /// Raw header `flags`.
    public internal(set) var flags: UInt32
    /// The load commands in order (identifier, size, position).
    public internal(set) var loadCommands: [LoadCommand]
    /// `LC_SEGMENT`/`LC_SEGMENT_64` segments with their sections.
    public internal(set) var segments: [Segment]
    /// `LC_ENCRYPTION_INFO(_64)`, if present.
    public internal(set) var encryption: EncryptionInfo?
    /// `LC_BUILD_VERSION`, or the older `LC_VERSION_MIN_*`.
    public internal(set) var buildVersion: BuildVersion?
    /// Dylibs this image links (`LC_LOAD_DYLIB` and its weak/re-export/lazy/upward variants).
    public internal(set) var linkedDylibs: [LinkedDylib]
    /// `LC_ID_DYLIB` install name, for dylibs and frameworks.
    public internal(set) var installName: String?
    /// `LC_UUID`.
    public internal(set) var uuid: UUID?
    /// `LC_SYMTAB` location, if present.
    public internal(set) var symbolTable: SymbolTableInfo?
    /// Symbols read from `LC_SYMTAB` (capped by `MachOLimits.maxSymbols`).
    public internal(set) var symbols: [Symbol]
    /// `LC_CODE_SIGNATURE` location, if present.
    public internal(set) var codeSignatureLocation: LinkeditData?
    /// The parsed code signature, if the slice has one that could be read.
    public internal(set) var codeSignature: CodeSignature?
    /// Why the code signature could not be read, when `LC_CODE_SIGNATURE` exists but parsing failed.
    public internal(set) var signatureError: String?
    /// Link-handling evidence found in strings and symbols, with its reliability.
    public internal(set) var linkScan: LinkScanResult
    /// Problems that did not stop parsing (a bad command, a symbol table outside the slice, …).
    public internal(set) var problems: [MachOError]
    /// `cputype` the fat header gives for this slice (`nil` for thin files).
    public internal(set) var fatCPUType: UInt32?
    /// `cpusubtype` the fat header gives for this slice (`nil` for thin files).
    public internal(set) var fatCPUSubtype: UInt32?
    /// Alignment (power of two) the fat header gives for this slice (`nil` for thin files).
    public internal(set) var fatAlignment: UInt32?

    /// Link-handling evidence (shortcut for `linkScan.evidence`).
    public var linkEvidence: [LinkEvidence] { linkScan.evidence }
    /// True when `LC_ENCRYPTION_INFO(_64)` has a non-zero `cryptid` (FairPlay-encrypted).
    public var isEncrypted: Bool { (encryption?.cryptID ?? 0) != 0 }
    /// True when the slice has an `LC_CODE_SIGNATURE` command.
    public var hasCodeSignature: Bool { codeSignatureLocation != nil }
    /// All sections of all segments, in load-command order.
    public var sections: [Section] { segments.flatMap(\.sections) }

    /// The first section named `segment,section` (e.g. `__TEXT`, `__cstring`).
    public func section(_ segment: String, _ name: String) -> Section? {
        sections.first { $0.segmentName == segment && $0.name == name }
    }
}

extension MachOSlice {
    /// One load command: identifier, size and where it sits.
    public struct LoadCommand: Sendable, Equatable {
        /// `cmd` (e.g. `0x19` for `LC_SEGMENT_64`).
        public var command: UInt32
        /// `cmdsize`.
        public var size: Int
        /// Offset of the command from the slice start.
        public var sliceOffset: Int
    }

    /// A segment (`LC_SEGMENT(_64)`).
    public struct Segment: Sendable, Equatable {
        /// `segname`, e.g. `__TEXT`.
        public var name: String
        /// Virtual address.
        public var address: UInt64
        /// Virtual size.
        public var virtualSize: UInt64
        /// `fileoff`: offset of the segment's bytes from the slice start.
        public var sliceOffset: UInt64
        /// `filesize`.
        public var fileSize: UInt64
        /// Initial memory protection.
        public var initialProtection: UInt32
        /// Maximum memory protection.
        public var maxProtection: UInt32
        /// Segment flags.
        public var flags: UInt32
        /// The segment's sections.
        public var sections: [Section]
    }

    /// A section of a segment.
    public struct Section: Sendable, Equatable {
        /// `segname` as stored in the section header.
        public var segmentName: String
        /// `sectname`, e.g. `__objc_methname`.
        public var name: String
        /// Virtual address.
        public var address: UInt64
        /// Size in bytes.
        public var size: UInt64
        /// `offset`: where the bytes start, from the slice start (0 for zero-fill sections).
        public var sliceOffset: UInt32
        /// Section flags (type in the low byte).
        public var flags: UInt32

        /// Section type (`flags & 0xFF`).
        public var type: UInt32 { flags & 0xFF }
        /// True for sections with no bytes in the file (zero-fill kinds).
        public var isZeroFill: Bool { [0x1, 0xC, 0x12].contains(type) }
    }

    /// `LC_ENCRYPTION_INFO(_64)`.
    public struct EncryptionInfo: Sendable, Equatable {
        /// `cryptoff` (from the slice start).
        public var cryptOffset: UInt32
        /// `cryptsize`.
        public var cryptSize: UInt32
        /// `cryptid`: 0 = not encrypted, otherwise FairPlay-encrypted.
        public var cryptID: UInt32
    }

    /// Target platform and versions.
    public struct BuildVersion: Sendable, Equatable, Codable {
        /// Platform number (`PLATFORM_IOS` = 2, …); 0 when unknown.
        public var platform: UInt32
        /// Platform name (`ios`, `macos`, `iossimulator`, …).
        public var platformName: String
        /// Minimum OS version ("15.0").
        public var minOS: String
        /// SDK version ("17.2").
        public var sdk: String
        /// The command it came from (`LC_BUILD_VERSION`, `LC_VERSION_MIN_IPHONEOS`, …).
        public var source: String
    }

    /// How a dylib is linked.
    public enum DylibLinkKind: String, Sendable, Equatable, Codable {
        /// `LC_LOAD_DYLIB`.
        case load
        /// `LC_LOAD_WEAK_DYLIB`.
        case weak
        /// `LC_REEXPORT_DYLIB`.
        case reexport
        /// `LC_LAZY_LOAD_DYLIB`.
        case lazy
        /// `LC_LOAD_UPWARD_DYLIB`.
        case upward
    }

    /// A linked dylib.
    public struct LinkedDylib: Sendable, Equatable, Codable {
        /// Install name, e.g. `/System/Library/Frameworks/UIKit.framework/UIKit`.
        public var name: String
        /// Link kind.
        public var kind: DylibLinkKind
        /// `current_version` ("1.2.3").
        public var currentVersion: String
        /// `compatibility_version`.
        public var compatibilityVersion: String
    }

    /// `LC_SYMTAB` fields (offsets from the slice start).
    public struct SymbolTableInfo: Sendable, Equatable {
        /// `symoff`.
        public var symbolOffset: Int
        /// `nsyms`.
        public var symbolCount: Int
        /// `stroff`.
        public var stringTableOffset: Int
        /// `strsize`.
        public var stringTableSize: Int
    }

    /// One `nlist` entry.
    public struct Symbol: Sendable, Equatable {
        /// Name from the string table (invalid UTF-8 replaced).
        public var name: String
        /// `n_type`.
        public var type: UInt8
        /// `n_sect` (1-based section index, 0 for none).
        public var sectionIndex: UInt8
        /// `n_desc`.
        public var desc: UInt16
        /// `n_value`.
        public var value: UInt64
        /// Offset of the name in the file (absolute).
        public var nameFileOffset: Int

        /// True for an undefined (imported) symbol.
        public var isUndefined: Bool { type & 0xE0 == 0 && type & 0x0E == 0 }
        /// True for an external symbol (`N_EXT`).
        public var isExternal: Bool { type & 0x01 != 0 }
        /// True for a debugging (stab) entry.
        public var isDebug: Bool { type & 0xE0 != 0 }
    }

    /// A `linkedit_data_command` location (`dataoff`, `datasize` from the slice start).
    public struct LinkeditData: Sendable, Equatable {
        /// `dataoff`.
        public var sliceOffset: Int
        /// `datasize`.
        public var size: Int
    }
}
