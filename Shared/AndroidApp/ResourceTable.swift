import Foundation
import MachOReader

/// A compiled resource table (`resources.arsc`), read lazily: the chunk layout is indexed once,
/// and an entry is decoded only when a manifest attribute refers to it.
///
/// Only the default configuration is consulted, unless an entry has no default value, in which
/// case the first configuration that defines it answers (and `Resolution.configuration` says so).
public struct ResourceTable: Sendable {
    private static let tableType: UInt16 = 0x0002
    private static let packageType: UInt16 = 0x0200
    private static let typeType: UInt16 = 0x0201

    private let bytes: ByteReader
    private let limits: AndroidLimits
    private let globalStrings: StringPool
    private var packages: [UInt8: Package] = [:]

    private struct Package {
        var name: String
        var typeNames: StringPool?
        var keyNames: StringPool?
        /// Type chunks by type ID, default configuration first.
        var types: [UInt8: [TypeChunk]] = [:]
    }

    private struct TypeChunk {
        var offset: Int
        var headerSize: Int
        var size: Int
        var isDefault: Bool
    }

    /// One looked-up value.
    public struct Resolution: Sendable, Equatable {
        /// `type/name` of the entry, e.g. `string/app_host`.
        public var name: String
        public var value: ResourceValue
        /// True when the value came from the default configuration.
        public var isDefaultConfiguration: Bool
    }

    /// Indexes the table's chunks (packages and type chunks); decodes no entry yet.
    public init(_ data: Data, limits: AndroidLimits = AndroidLimits()) throws {
        guard data.count <= limits.maxResourceTableBytes else {
            throw AndroidAppError.limitExceeded(
                what: "resources.arsc size", limit: limits.maxResourceTableBytes, actual: data.count)
        }
        let bytes = ByteReader(data)
        func fail(_ reason: String, _ offset: Int) -> AndroidAppError {
            .malformedResourceTable(reason: reason, offset: offset)
        }
        guard let type = try? bytes.uint16(at: 0, .little), let headerSize = try? bytes.uint16(at: 2, .little),
            let size = try? bytes.uint32(at: 4, .little)
        else {
            throw fail("shorter than a chunk header", 0)
        }
        guard type == Self.tableType else { throw fail(String(format: "not a resource table (type 0x%04x)", type), 0) }
        guard headerSize >= 12, Int(headerSize) <= Int(size), Int(size) <= bytes.count else {
            throw fail("table header declares \(size) bytes in a \(bytes.count)-byte file", 0)
        }
        self.bytes = bytes
        self.limits = limits
        var strings: StringPool?
        var visited = 0
        try Self.walk(
            bytes, from: Int(headerSize), to: Int(size),
            fail: fail
        ) { chunkType, offset, chunkHeader, chunkSize in
            visited += 1
            guard visited <= limits.maxResourceEntries else {
                throw AndroidAppError.limitExceeded(
                    what: "chunk count", limit: limits.maxResourceEntries,
                    actual: visited)
            }
            if chunkType == StringPool.chunkType, strings == nil {
                strings = try StringPool(bytes, chunkAt: offset, limits: limits, fail: fail)
            }
            _ = chunkHeader
            _ = chunkSize
        }
        guard let strings else { throw fail("no global string pool", Int(headerSize)) }
        self.globalStrings = strings
        try Self.walk(
            bytes, from: Int(headerSize), to: Int(size),
            fail: fail
        ) { chunkType, offset, chunkHeader, chunkSize in
            guard chunkType == Self.packageType else { return }
            try self.readPackage(at: offset, headerSize: chunkHeader, size: chunkSize, fail: fail)
        }
    }

    /// Visits the chunks laid end to end in `[start, end)`, checking each one's size.
    private static func walk(
        _ bytes: ByteReader, from start: Int, to end: Int, fail: (String, Int) -> AndroidAppError,
        visit: (UInt16, Int, Int, Int) throws -> Void
    ) throws {
        var offset = start
        while offset < end {
            guard let type = try? bytes.uint16(at: offset, .little),
                let header = try? bytes.uint16(at: offset + 2, .little),
                let size = try? bytes.uint32(at: offset + 4, .little)
            else {
                throw fail("truncated chunk header", offset)
            }
            guard size >= 8, header >= 8, Int(header) <= Int(size), Int(size) <= end - offset else {
                throw fail("chunk of \(size) bytes does not fit (header \(header))", offset)
            }
            try visit(type, offset, Int(header), Int(size))
            offset += Int(size)
        }
    }

    private mutating func readPackage(
        at offset: Int, headerSize: Int, size: Int,
        fail: (String, Int) -> AndroidAppError
    ) throws {
        guard headerSize >= 284, let id = try? bytes.uint32(at: offset + 8, .little), id <= 0xFF,
            let typeStringsOffset = try? bytes.uint32(at: offset + 268, .little),
            let keyStringsOffset = try? bytes.uint32(at: offset + 276, .little)
        else {
            throw fail("truncated package header", offset)
        }
        guard packages[UInt8(id)] == nil else { throw fail("package ID \(id) appears twice", offset) }
        var nameUnits: [UInt16] = []
        for index in 0..<128 {
            guard let unit = try? bytes.uint16(at: offset + 12 + index * 2, .little), unit != 0 else { break }
            nameUnits.append(unit)
        }
        var package = Package(name: String(decoding: nameUnits, as: UTF16.self))
        let limits = self.limits
        let bytes = self.bytes
        var entries = 0
        try Self.walk(
            bytes, from: offset + headerSize, to: offset + size,
            fail: fail
        ) { type, chunk, header, chunkSize in
            switch type {
            case StringPool.chunkType where chunk == offset + Int(typeStringsOffset):
                package.typeNames = try StringPool(bytes, chunkAt: chunk, limits: limits, fail: fail)
            case StringPool.chunkType where chunk == offset + Int(keyStringsOffset):
                package.keyNames = try StringPool(bytes, chunkAt: chunk, limits: limits, fail: fail)
            case Self.typeType:
                guard header >= 20, let typeID = try? bytes.uint8(at: chunk + 8), typeID != 0,
                    let configSize = try? bytes.uint32(at: chunk + 20, .little), Int(configSize) <= header - 20,
                    configSize >= 4,
                    let isDefault = try? bytes.withBytes(
                        at: chunk + 24, count: Int(configSize) - 4,
                        { config in config.allSatisfy { $0 == 0 } })
                else {
                    throw fail("truncated type chunk header", chunk)
                }
                entries += 1
                guard entries <= limits.maxResourceEntries else {
                    throw AndroidAppError.limitExceeded(
                        what: "type chunk count", limit: limits.maxResourceEntries, actual: entries)
                }
                let record = TypeChunk(offset: chunk, headerSize: header, size: chunkSize, isDefault: isDefault)
                if isDefault {
                    package.types[typeID, default: []].insert(record, at: 0)
                } else {
                    package.types[typeID, default: []].append(record)
                }
            default:
                break
            }
        }
        packages[UInt8(id)] = package
    }

    /// The value of resource `id`, following chained references up to the reference-depth limit.
    /// Nil when the table has no such entry; throws on a cycle or an over-long chain.
    public func resolve(_ id: UInt32) throws -> Resolution? {
        var seen: [UInt32] = []
        var current = id
        var first: Resolution?
        while true {
            guard !seen.contains(current) else {
                throw AndroidAppError.malformedResourceTable(
                    reason: "reference cycle through "
                        + seen.map { String(format: "0x%08x", $0) }.joined(separator: " → "),
                    offset: 0)
            }
            seen.append(current)
            guard seen.count <= limits.maxReferenceDepth else {
                throw AndroidAppError.limitExceeded(
                    what: "reference chain length", limit: limits.maxReferenceDepth, actual: seen.count)
            }
            guard var found = entry(current) else {
                return first.map {
                    Resolution(name: $0.name, value: .null, isDefaultConfiguration: $0.isDefaultConfiguration)
                }
            }
            if first == nil { first = found }
            if case .reference(let next) = found.value {
                current = next
                continue
            }
            found.name = first?.name ?? found.name
            found.isDefaultConfiguration = found.isDefaultConfiguration && (first?.isDefaultConfiguration ?? true)
            return found
        }
    }

    /// The `type/name` of resource `id`, if the table defines it.
    public func name(of id: UInt32) -> String? { entry(id)?.name }

    private func entry(_ id: UInt32) -> Resolution? {
        let packageID = UInt8(id >> 24)
        let typeID = UInt8((id >> 16) & 0xFF)
        let index = Int(id & 0xFFFF)
        guard let package = packages[packageID], let chunks = package.types[typeID] else { return nil }
        let typeName = package.typeNames?.string(Int(typeID) - 1) ?? "type\(typeID)"
        for chunk in chunks {
            guard let (key, value) = value(in: chunk, index: index) else { continue }
            let keyName = package.keyNames?.string(Int(key)) ?? String(format: "0x%08x", id)
            return Resolution(name: "\(typeName)/\(keyName)", value: value, isDefaultConfiguration: chunk.isDefault)
        }
        return nil
    }

    /// The key index and simple value of entry `index` in one type chunk (nil when absent or complex).
    private func value(in chunk: TypeChunk, index: Int) -> (UInt32, ResourceValue)? {
        guard let flags = try? bytes.uint8(at: chunk.offset + 9),
            let entryCount = try? bytes.uint32(at: chunk.offset + 12, .little),
            let entriesStart = try? bytes.uint32(at: chunk.offset + 16, .little)
        else { return nil }
        let offsets = chunk.offset + chunk.headerSize
        let end = chunk.offset + chunk.size
        var entryOffset: Int?
        if flags & 0x01 != 0 {
            // Sparse: sorted (index u16, offset/4 u16) pairs.
            var low = 0
            var high = Int(entryCount) - 1
            while low <= high {
                let middle = (low + high) / 2
                guard offsets + middle * 4 + 4 <= end, let key = try? bytes.uint16(at: offsets + middle * 4, .little),
                    let quarter = try? bytes.uint16(at: offsets + middle * 4 + 2, .little)
                else { return nil }
                if Int(key) == index {
                    entryOffset = Int(quarter) * 4
                    break
                }
                if Int(key) < index { low = middle + 1 } else { high = middle - 1 }
            }
        } else if index < Int(entryCount) {
            if flags & 0x02 != 0 {
                guard offsets + index * 2 + 2 <= end, let quarter = try? bytes.uint16(at: offsets + index * 2, .little),
                    quarter != 0xFFFF
                else { return nil }
                entryOffset = Int(quarter) * 4
            } else {
                guard offsets + index * 4 + 4 <= end, let raw = try? bytes.uint32(at: offsets + index * 4, .little),
                    raw != UInt32.max
                else { return nil }
                entryOffset = Int(raw)
            }
        }
        guard let entryOffset else { return nil }
        let entry = chunk.offset + Int(entriesStart) + entryOffset
        guard entry + 8 <= end, let sizeOrKey = try? bytes.uint16(at: entry, .little),
            let entryFlags = try? bytes.uint16(at: entry + 2, .little)
        else {
            return nil
        }
        if entryFlags & 0x08 != 0 {
            // Compact entry: key index in the first field, type in the flags' high byte.
            guard let data = try? bytes.uint32(at: entry + 4, .little) else { return nil }
            return (UInt32(sizeOrKey), .decode(type: UInt8(entryFlags >> 8), data: data, strings: globalStrings))
        }
        guard entryFlags & 0x01 == 0, let key = try? bytes.uint32(at: entry + 4, .little) else { return nil }
        let valueStart = entry + Int(sizeOrKey)
        guard sizeOrKey >= 8, valueStart + 8 <= end, let type = try? bytes.uint8(at: valueStart + 3),
            let data = try? bytes.uint32(at: valueStart + 4, .little)
        else { return nil }
        return (key, .decode(type: type, data: data, strings: globalStrings))
    }
}
