import Foundation

/// Scans one slice's strings and symbols for link-handling evidence (see `LinkCatalogue`).
extension MachOSlice {
    /// Names of the sections whose bytes the link scan reads (loaders that copy only what the
    /// reader reads keep these).
    public static let linkScanSectionNames: Set<String> =
        LinkScanner.stringSections.union([LinkScanner.typeReferenceSection])
}

enum LinkScanner {
    /// Sections whose NUL-terminated strings are compared whole against the catalogue.
    static let stringSections: Set<String> = ["__objc_methname", "__objc_classname", "__cstring", "__swift5_reflstr"]
    static let typeReferenceSection = "__swift5_typeref"

    /// Scans `slice`'s sections and `symbols` (the symbol-table entries that may be evidence:
    /// all of them, or only the catalogue hits when the slice does not retain its symbols).
    static func scan(
        slice: MachOSlice, reader: ByteReader, limits: MachOLimits,
        symbols: [MachOSlice.Symbol]
    ) -> LinkScanResult {
        var hits: Set<LinkEvidence> = []
        var notes: [String] = []
        // Hits per (name, section): a binary repeating one selector must not multiply the report.
        var seen: [String: Int] = [:]
        var order: [String] = []
        func record(_ evidence: LinkEvidence) {
            let key = "\(evidence.name)\u{0}\(evidence.section)"
            let count = seen[key, default: 0]
            if count == 0 { order.append(key) }
            seen[key] = count + 1
            if count < limits.maxEvidencePerName { hits.insert(evidence) }
        }
        var reliable = true
        if let encryption = slice.encryption, encryption.cryptID != 0 {
            reliable = false
            notes.append(
                """
                FairPlay-encrypted (cryptid \(encryption.cryptID)): section strings in the encrypted range are \
                unreadable, so missing evidence means nothing; decrypt the app to scan it
                """)
        }
        for section in slice.sections {
            let isStrings = stringSections.contains(section.name)
            let isTypeReferences = section.name == typeReferenceSection
            guard isStrings || isTypeReferences, !section.isZeroFill, section.size > 0 else { continue }
            let label = "\(section.segmentName),\(section.name)"
            guard let size = Int(exactly: section.size),
                let bytes = try? reader.subReader(at: Int(section.sliceOffset), count: size, reading: label)
            else {
                reliable = false
                notes.append("\(label) lies outside the file; not scanned")
                continue
            }
            if let encryption = slice.encryption, encryption.cryptID != 0,
                Int(section.sliceOffset) < Int(encryption.cryptOffset) + Int(encryption.cryptSize),
                Int(encryption.cryptOffset) < Int(section.sliceOffset) + size
            {
                notes.append("\(label) lies in the encrypted range")
            }
            if isStrings {
                // Compare in place; only strings as long as a catalogue entry become Strings.
                let visited =
                    bytes.forEachCString(
                        maxLength: limits.maxStringLength,
                        maxCount: limits.maxStringsPerSection
                    ) { offset, raw in
                        guard LinkCatalogue.plainStringLengths.contains(raw.count) else { return }
                        let text = String(decoding: raw, as: UTF8.self)
                        if let entry = LinkCatalogue.plainStrings[text] {
                            record(
                                LinkEvidence(
                                    kind: entry.kind, name: entry.name, section: label,
                                    offset: bytes.absoluteOffset(offset), arch: slice.arch,
                                    matchedString: text))
                        }
                    }
                if visited >= limits.maxStringsPerSection {
                    reliable = false
                    notes.append(
                        "\(label): more than \(limits.maxStringsPerSection) strings; the rest were not scanned")
                }
                continue
            }
            let strings = readableTypeReferenceRuns(bytes, limits: limits)
            if strings.count >= limits.maxStringsPerSection {
                reliable = false
                notes.append("\(label): more than \(limits.maxStringsPerSection) strings; the rest were not scanned")
            }
            for string in strings {
                let text = string.string
                if let entry = LinkCatalogue.swiftPrefixes.first(where: { text.hasPrefix($0.0) })?.1 {
                    record(
                        LinkEvidence(
                            kind: entry.kind, name: entry.name, section: label,
                            offset: bytes.absoluteOffset(string.offset), arch: slice.arch,
                            matchedString: text))
                }
            }
        }
        for symbol in symbols {
            guard let entry = LinkCatalogue.entry(forSymbol: symbol.name) else { continue }
            record(
                LinkEvidence(
                    kind: entry.kind, name: entry.name, section: "LC_SYMTAB",
                    offset: symbol.nameFileOffset, arch: slice.arch, matchedString: symbol.name))
        }
        for key in order {
            guard let count = seen[key], count > limits.maxEvidencePerName else { continue }
            let parts = key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            notes.append(
                """
                \(parts.first ?? key) in \(parts.last ?? "?"): \(count) occurrences; the \
                first \(limits.maxEvidencePerName) are listed
                """)
        }
        if slice.symbolTable == nil {
            notes.append("no LC_SYMTAB: imported symbols (SwiftUI handlers, universal-links-only option) not checked")
        }
        let sorted = hits.sorted { lhs, rhs in
            (lhs.kind.rawValue, lhs.name, lhs.offset, lhs.section) < (
                rhs.kind.rawValue, rhs.name, rhs.offset,
                rhs.section
            )
        }
        return LinkScanResult(evidence: sorted, isReliable: reliable, notes: notes)
    }

    /// The readable text runs of `__swift5_typeref` mangled names: symbolic references
    /// (a byte 0x01–0x17 plus a 4-byte offset, or 0x18–0x1F plus a pointer) split runs and
    /// may contain NUL bytes, so plain NUL splitting would misread them.
    static func readableTypeReferenceRuns(_ bytes: ByteReader, limits: MachOLimits) -> [ByteReader.CString] {
        var runs: [ByteReader.CString] = []
        let all = bytes.data
        var index = 0
        var runStart = 0
        func flush(_ end: Int) {
            if end > runStart, end - runStart <= limits.maxStringLength, runs.count < limits.maxStringsPerSection {
                runs.append(ByteReader.CString(offset: runStart, bytes: Data(all[runStart..<end])))
            }
        }
        while index < all.count {
            let byte = all[index]
            switch byte {
            case 0:
                flush(index)
                index += 1
                runStart = index
            case 0x01...0x17:
                flush(index)
                index = min(all.count, index + 5)
                runStart = index
            case 0x18...0x1F:
                flush(index)
                index = min(all.count, index + 9)
                runStart = index
            default:
                index += 1
            }
        }
        flush(index)
        return runs
    }
}
