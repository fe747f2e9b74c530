import Foundation

extension MachOSlice {
    /// Parses one thin image from `reader` (a whole file or one fat slice).
    ///
    /// Throws when the header or the load-command area cannot be walked; problems inside a
    /// single command, the symbol table or the code signature are recorded and parsing goes on.
    public init(reader: ByteReader, limits: MachOLimits = .standard) throws(MachOError) {
        let magicLE = try MachOError.reading {
            () throws(ByteReaderError) in try reader.uint32(at: 0, .little, reading: "Mach-O magic")
        }
        let order: ByteOrder
        let is64: Bool
        switch magicLE {
        case MachOConstants.magic64:
            order = .little
            is64 = true
        case MachOConstants.magic32:
            order = .little
            is64 = false
        case MachOConstants.magic64.byteSwapped:
            order = .big
            is64 = true
        case MachOConstants.magic32.byteSwapped:
            order = .big
            is64 = false
        default: throw .notMachO(magic: magicLE.byteSwapped)
        }
        let header =
            try MachOError.reading { () throws(ByteReaderError) -> (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) in
                (
                    try reader.uint32(at: 4, order, reading: "cputype"),
                    try reader.uint32(at: 8, order, reading: "cpusubtype"),
                    try reader.uint32(at: 12, order, reading: "filetype"),
                    try reader.uint32(at: 16, order, reading: "ncmds"),
                    try reader.uint32(at: 20, order, reading: "sizeofcmds"),
                    try reader.uint32(at: 24, order, reading: "flags")
                )
            }
        let headerSize = is64 ? 32 : 28
        fileOffset = reader.baseOffset
        size = reader.count
        is64Bit = is64
        byteOrder = order
        (cpuType, cpuSubtype, fileTypeValue) = (header.0, header.1, header.2)
        flags = header.5
        arch = MachOConstants.archName(cpuType: cpuType, cpuSubtype: cpuSubtype)
        fileType = MachOConstants.fileTypeName(fileTypeValue)
        loadCommands = []
        segments = []
        linkedDylibs = []
        symbols = []
        problems = []
        linkScan = LinkScanResult(evidence: [], isReliable: true, notes: [])

        let commandCount = Int(header.3)
        let commandBytes = Int(header.4)
        guard commandCount <= limits.maxLoadCommands else {
            throw .limitExceeded(
                offset: reader.absoluteOffset(16), what: "ncmds", value: commandCount,
                limit: limits.maxLoadCommands)
        }
        guard commandBytes <= limits.maxLoadCommandBytes else {
            throw .limitExceeded(
                offset: reader.absoluteOffset(20), what: "sizeofcmds", value: commandBytes,
                limit: limits.maxLoadCommandBytes)
        }
        guard headerSize + commandBytes <= reader.count else {
            throw .malformed(
                offset: reader.absoluteOffset(20),
                reason: "sizeofcmds \(commandBytes) runs past the end of the image (\(reader.count) bytes)")
        }
        guard commandCount * 8 <= commandBytes else {
            throw .malformed(
                offset: reader.absoluteOffset(16),
                reason: "\(commandCount) load commands cannot fit in sizeofcmds \(commandBytes)")
        }
        let commandsEnd = headerSize + commandBytes
        let alignment = is64 ? 8 : 4
        var position = headerSize
        var sectionTotal = 0
        for index in 0..<commandCount {
            let (command, commandSize) = try MachOError.reading { () throws(ByteReaderError) in
                (
                    try reader.uint32(at: position, order, reading: "load command \(index) cmd"),
                    try reader.int32Value(at: position + 4, order, reading: "load command \(index) cmdsize")
                )
            }
            let absolute = reader.absoluteOffset(position)
            guard commandSize >= 8 else {
                throw .malformed(
                    offset: absolute,
                    reason: "load command \(index) has cmdsize \(commandSize) (minimum 8)")
            }
            guard commandSize % alignment == 0 else {
                throw .malformed(
                    offset: absolute,
                    reason: "load command \(index) cmdsize \(commandSize) is not a multiple of \(alignment)")
            }
            guard commandSize <= commandsEnd - position else {
                throw .malformed(
                    offset: absolute,
                    reason: "load command \(index) (cmdsize \(commandSize)) runs past sizeofcmds")
            }
            loadCommands.append(LoadCommand(command: command, size: commandSize, sliceOffset: position))
            do {
                let commandReader = try MachOError.reading { () throws(ByteReaderError) in
                    try reader.subReader(at: position, count: commandSize, reading: "load command \(index)")
                }
                try parseCommand(
                    command, commandReader, order: order, sliceSize: reader.count,
                    sectionTotal: &sectionTotal, limits: limits)
            } catch {
                problems.append(error)
            }
            position += commandSize
        }
        if position != commandsEnd {
            problems.append(
                .malformed(
                    offset: reader.absoluteOffset(20),
                    reason: "load commands use \(position - headerSize) bytes but sizeofcmds is \(commandBytes)"))
        }
        let evidenceSymbols = readSymbols(reader, order: order, limits: limits)
        readCodeSignature(reader, limits: limits)
        linkScan = LinkScanner.scan(slice: self, reader: reader, limits: limits, symbols: evidenceSymbols ?? symbols)
    }

    private mutating func parseCommand(
        _ command: UInt32, _ r: ByteReader, order: ByteOrder, sliceSize: Int,
        sectionTotal: inout Int, limits: MachOLimits
    ) throws(MachOError) {
        switch command {
        case MachOConstants.lcSegment64, MachOConstants.lcSegment:
            let segment = try Self.parseSegment(
                r, is64: command == MachOConstants.lcSegment64, order: order,
                sectionTotal: &sectionTotal, limits: limits)
            segments.append(segment)
        case MachOConstants.lcLoadDylib, MachOConstants.lcLoadWeakDylib, MachOConstants.lcReexportDylib,
            MachOConstants.lcLazyLoadDylib, MachOConstants.lcLoadUpwardDylib, MachOConstants.lcIDDylib:
            let (name, current, compatibility) = try MachOError.reading { () throws(ByteReaderError) in
                let nameOffset = try r.int32Value(at: 8, order, reading: "dylib name offset")
                let name = try r.cString(at: nameOffset, maxLength: limits.maxStringLength, reading: "dylib name")
                return (
                    name, try r.uint32(at: 16, order, reading: "dylib current_version"),
                    try r.uint32(at: 20, order, reading: "dylib compatibility_version")
                )
            }
            let kind: DylibLinkKind
            switch command {
            case MachOConstants.lcIDDylib:
                installName = name
                return
            case MachOConstants.lcLoadWeakDylib: kind = .weak
            case MachOConstants.lcReexportDylib: kind = .reexport
            case MachOConstants.lcLazyLoadDylib: kind = .lazy
            case MachOConstants.lcLoadUpwardDylib: kind = .upward
            default: kind = .load
            }
            linkedDylibs.append(
                LinkedDylib(
                    name: name, kind: kind,
                    currentVersion: MachOConstants.versionString(current),
                    compatibilityVersion: MachOConstants.versionString(compatibility)))
        case MachOConstants.lcUUID:
            let bytes = try MachOError.reading {
                () throws(ByteReaderError) in try r.bytes(at: 8, count: 16, reading: "LC_UUID")
            }
            let b = Array(bytes)
            uuid =
                UUID(
                    uuid: (
                        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                        b[14], b[15]
                    ))
        case MachOConstants.lcEncryptionInfo, MachOConstants.lcEncryptionInfo64:
            encryption = try MachOError.reading { () throws(ByteReaderError) in
                EncryptionInfo(
                    cryptOffset: try r.uint32(at: 8, order, reading: "cryptoff"),
                    cryptSize: try r.uint32(at: 12, order, reading: "cryptsize"),
                    cryptID: try r.uint32(at: 16, order, reading: "cryptid"))
            }
        case MachOConstants.lcBuildVersion:
            let (platform, minOS, sdk) = try MachOError.reading { () throws(ByteReaderError) in
                (
                    try r.uint32(at: 8, order, reading: "platform"), try r.uint32(at: 12, order, reading: "minos"),
                    try r.uint32(at: 16, order, reading: "sdk")
                )
            }
            buildVersion = BuildVersion(
                platform: platform, platformName: MachOConstants.platformName(platform),
                minOS: MachOConstants.versionString(minOS), sdk: MachOConstants.versionString(sdk),
                source: "LC_BUILD_VERSION")
        case MachOConstants.lcVersionMinIPhoneOS, MachOConstants.lcVersionMinMacOSX,
            MachOConstants.lcVersionMinTVOS, MachOConstants.lcVersionMinWatchOS:
            let (version, sdk) = try MachOError.reading { () throws(ByteReaderError) in
                (try r.uint32(at: 8, order, reading: "version"), try r.uint32(at: 12, order, reading: "sdk"))
            }
            let (platform, source): (UInt32, String) =
                switch command {
                case MachOConstants.lcVersionMinIPhoneOS: (2, "LC_VERSION_MIN_IPHONEOS")
                case MachOConstants.lcVersionMinMacOSX: (1, "LC_VERSION_MIN_MACOSX")
                case MachOConstants.lcVersionMinTVOS: (3, "LC_VERSION_MIN_TVOS")
                default: (4, "LC_VERSION_MIN_WATCHOS")
                }
            // LC_BUILD_VERSION is the more precise source when both are present.
            if buildVersion?.source != "LC_BUILD_VERSION" {
                buildVersion = BuildVersion(
                    platform: platform, platformName: MachOConstants.platformName(platform),
                    minOS: MachOConstants.versionString(version), sdk: MachOConstants.versionString(sdk),
                    source: source)
            }
        case MachOConstants.lcSymtab:
            symbolTable = try MachOError.reading { () throws(ByteReaderError) in
                SymbolTableInfo(
                    symbolOffset: try r.int32Value(at: 8, order, reading: "symoff"),
                    symbolCount: try r.int32Value(at: 12, order, reading: "nsyms"),
                    stringTableOffset: try r.int32Value(at: 16, order, reading: "stroff"),
                    stringTableSize: try r.int32Value(at: 20, order, reading: "strsize"))
            }
        case MachOConstants.lcCodeSignature:
            let location = try MachOError.reading { () throws(ByteReaderError) in
                LinkeditData(
                    sliceOffset: try r.int32Value(at: 8, order, reading: "LC_CODE_SIGNATURE dataoff"),
                    size: try r.int32Value(at: 12, order, reading: "LC_CODE_SIGNATURE datasize"))
            }
            if codeSignatureLocation != nil {
                throw .malformed(offset: r.baseOffset, reason: "second LC_CODE_SIGNATURE command ignored")
            }
            codeSignatureLocation = location
        default:
            break
        }
    }

    private static func parseSegment(
        _ r: ByteReader, is64: Bool, order: ByteOrder, sectionTotal: inout Int, limits: MachOLimits
    ) throws(MachOError) -> Segment {
        let headerSize = is64 ? 72 : 56
        let sectionSize = is64 ? 80 : 68
        var segment = try MachOError.reading { () throws(ByteReaderError) -> Segment in
            let name = try r.fixedString(at: 8, length: 16, reading: "segname")
            if is64 {
                return Segment(
                    name: name,
                    address: try r.uint64(at: 24, order, reading: "vmaddr"),
                    virtualSize: try r.uint64(at: 32, order, reading: "vmsize"),
                    sliceOffset: try r.uint64(at: 40, order, reading: "fileoff"),
                    fileSize: try r.uint64(at: 48, order, reading: "filesize"),
                    initialProtection: try r.uint32(at: 60, order, reading: "initprot"),
                    maxProtection: try r.uint32(at: 56, order, reading: "maxprot"),
                    flags: try r.uint32(at: 68, order, reading: "segment flags"),
                    sections: [])
            }
            return Segment(
                name: name,
                address: UInt64(try r.uint32(at: 24, order, reading: "vmaddr")),
                virtualSize: UInt64(try r.uint32(at: 28, order, reading: "vmsize")),
                sliceOffset: UInt64(try r.uint32(at: 32, order, reading: "fileoff")),
                fileSize: UInt64(try r.uint32(at: 36, order, reading: "filesize")),
                initialProtection: try r.uint32(at: 44, order, reading: "initprot"),
                maxProtection: try r.uint32(at: 40, order, reading: "maxprot"),
                flags: try r.uint32(at: 52, order, reading: "segment flags"),
                sections: [])
        }
        let sectionCount = try MachOError.reading { () throws(ByteReaderError) in
            try r.int32Value(at: is64 ? 64 : 48, order, reading: "nsects")
        }
        guard sectionCount <= (r.count - headerSize) / sectionSize else {
            throw .malformed(
                offset: r.baseOffset,
                reason: """
                    segment \(segment.name) claims \(sectionCount) sections but cmdsize \(r.count) holds at \
                    most \((r.count - headerSize) / sectionSize)
                    """)
        }
        guard sectionTotal + sectionCount <= limits.maxSections else {
            throw .limitExceeded(
                offset: r.baseOffset, what: "section count", value: sectionTotal + sectionCount,
                limit: limits.maxSections)
        }
        sectionTotal += sectionCount
        for index in 0..<sectionCount {
            let at = headerSize + index * sectionSize
            let section = try MachOError.reading { () throws(ByteReaderError) -> Section in
                let name = try r.fixedString(at: at, length: 16, reading: "sectname")
                let segmentName = try r.fixedString(at: at + 16, length: 16, reading: "section segname")
                if is64 {
                    return Section(
                        segmentName: segmentName, name: name,
                        address: try r.uint64(at: at + 32, order, reading: "section addr"),
                        size: try r.uint64(at: at + 40, order, reading: "section size"),
                        sliceOffset: try r.uint32(at: at + 48, order, reading: "section offset"),
                        flags: try r.uint32(at: at + 64, order, reading: "section flags"))
                }
                return Section(
                    segmentName: segmentName, name: name,
                    address: UInt64(try r.uint32(at: at + 32, order, reading: "section addr")),
                    size: UInt64(try r.uint32(at: at + 36, order, reading: "section size")),
                    sliceOffset: try r.uint32(at: at + 40, order, reading: "section offset"),
                    flags: try r.uint32(at: at + 56, order, reading: "section flags"))
            }
            segment.sections.append(section)
        }
        return segment
    }

    /// Reads the symbol table into `symbols` (all of it, or only the evidence when
    /// `limits.retainsSymbols` is false, then also returned: nil means "scan `symbols`").
    private mutating func readSymbols(_ reader: ByteReader, order: ByteOrder, limits: MachOLimits) -> [Symbol]? {
        guard let table = symbolTable else { return limits.retainsSymbols ? nil : [] }
        do {
            let entrySize = is64Bit ? 16 : 12
            let strings = try MachOError.reading { () throws(ByteReaderError) in
                try reader.subReader(
                    at: table.stringTableOffset, count: table.stringTableSize,
                    reading: "LC_SYMTAB string table")
            }
            var count = table.symbolCount
            if count > limits.maxSymbols {
                problems.append(
                    .limitExceeded(
                        offset: reader.absoluteOffset(table.symbolOffset), what: "nsyms",
                        value: count, limit: limits.maxSymbols))
                count = limits.maxSymbols
            }
            let entries = try MachOError.reading { () throws(ByteReaderError) in
                let bytes =
                    try ByteReader.product(
                        count, entrySize, at: reader.absoluteOffset(table.symbolOffset),
                        reading: "symbol table size")
                return try reader.subReader(at: table.symbolOffset, count: bytes, reading: "LC_SYMTAB symbols")
            }
            var result: [Symbol] = []
            if limits.retainsSymbols { result.reserveCapacity(count) }
            var badNames = 0
            var nameBytes = 0
            for index in 0..<count {
                let at = index * entrySize
                let (nameIndex, type, section, desc, value) = try MachOError.reading { () throws(ByteReaderError) in
                    (
                        try entries.int32Value(at: at, order, reading: "n_strx"),
                        try entries.uint8(at: at + 4, reading: "n_type"),
                        try entries.uint8(at: at + 5, reading: "n_sect"),
                        try entries.uint16(at: at + 6, order, reading: "n_desc"),
                        is64Bit
                            ? try entries.uint64(at: at + 8, order, reading: "n_value")
                            : UInt64(try entries.uint32(at: at + 8, order, reading: "n_value"))
                    )
                }
                let name: String
                do {
                    name = try strings.cString(at: nameIndex, maxLength: limits.maxStringLength, reading: "symbol name")
                } catch {
                    badNames += 1
                    continue
                }
                // Entries may all point at one long name: budget the copies, not the table.
                nameBytes += name.utf8.count
                if nameBytes > limits.maxSymbolNameBytes {
                    problems.append(
                        .limitExceeded(
                            offset: reader.absoluteOffset(table.symbolOffset),
                            what: "symbol name bytes",
                            value: nameBytes, limit: limits.maxSymbolNameBytes))
                    break
                }
                guard limits.retainsSymbols || LinkCatalogue.entry(forSymbol: name) != nil else { continue }
                result.append(
                    Symbol(
                        name: name, type: type, sectionIndex: section, desc: desc, value: value,
                        nameFileOffset: strings.absoluteOffset(nameIndex)))
            }
            if badNames > 0 {
                problems.append(
                    .malformed(
                        offset: reader.absoluteOffset(table.symbolOffset),
                        reason: "\(badNames) symbol names lie outside the string table or are unterminated"))
            }
            symbols = result
        } catch {
            problems.append(error)
        }
        return limits.retainsSymbols ? nil : symbols
    }

    private mutating func readCodeSignature(_ reader: ByteReader, limits: MachOLimits) {
        guard let location = codeSignatureLocation else { return }
        do {
            var size = location.size
            if location.sliceOffset >= 0, location.sliceOffset < reader.count,
                !reader.contains(offset: location.sliceOffset, count: size)
            {
                // A truncated file: read what is there; the SuperBlob's own length decides what is missing.
                size = reader.count - location.sliceOffset
                problems.append(
                    .malformed(
                        offset: reader.absoluteOffset(location.sliceOffset),
                        reason: """
                            LC_CODE_SIGNATURE datasize \(location.size) runs past the end of the image; only \(size) \
                            bytes \
                            present
                            """))
            }
            let blob = try MachOError.reading { () throws(ByteReaderError) in
                try reader.subReader(at: location.sliceOffset, count: size, reading: "LC_CODE_SIGNATURE data")
            }
            codeSignature = try CodeSignature(reader: blob, limits: limits)
        } catch {
            signatureError = error.description
        }
    }
}
