import Foundation
import MachOReader

/// One element of a decoded binary XML document (Android's compiled `AndroidManifest.xml`).
public struct BinaryXMLElement: Sendable, Equatable {
    /// Namespace URI of the element, if any.
    public var namespace: String?
    /// Local name (`activity`, `intent-filter`, `data`, …).
    public var name: String
    /// Source line recorded by the compiler.
    public var line: Int
    public var attributes: [BinaryXMLAttribute]
    public var children: [BinaryXMLElement]

    /// The attribute in Android's namespace called `name` (matched by resource ID when known).
    public func androidAttribute(_ name: String) -> BinaryXMLAttribute? {
        attributes.first { $0.isAndroid && $0.name == name }
    }

    /// A plain (no namespace) attribute, such as `<manifest package>`.
    public func plainAttribute(_ name: String) -> BinaryXMLAttribute? {
        attributes.first { $0.namespace == nil && $0.name == name }
    }
}

/// One attribute of a binary XML element.
public struct BinaryXMLAttribute: Sendable, Equatable {
    public var namespace: String?
    /// The attribute's name: from the framework resource ID when it is one we know (the name
    /// string can be stripped or obfuscated), otherwise from the string pool.
    public var name: String
    /// Framework attribute resource ID from the resource map (`0x0101xxxx`), if any.
    public var resourceID: UInt32?
    /// The typed value.
    public var value: ResourceValue
    /// The raw string the compiler kept, if any.
    public var raw: String?

    /// True for `http://schemas.android.com/apk/res/android` attributes.
    public var isAndroid: Bool { namespace == BinaryXML.androidNamespace }
}

/// Decoder for Android binary XML (`RES_XML_TYPE`): string pool, resource map, namespaces,
/// elements with typed attributes. Bounded in size, element count, depth and attribute count.
public enum BinaryXML {
    public static let androidNamespace = "http://schemas.android.com/apk/res/android"

    private static let xmlType: UInt16 = 0x0003
    private static let resourceMapType: UInt16 = 0x0180
    private static let startNamespace: UInt16 = 0x0100
    private static let endNamespace: UInt16 = 0x0101
    private static let startElement: UInt16 = 0x0102
    private static let endElement: UInt16 = 0x0103
    private static let cdata: UInt16 = 0x0104

    /// Framework attribute IDs (from `android.R.attr`) for the attributes the manifest reader uses.
    static let frameworkAttributes: [UInt32: String] = [
        0x0101_0003: "name", 0x0101_0006: "permission", 0x0101_000E: "enabled", 0x0101_000F: "debuggable",
        0x0101_0010: "exported", 0x0101_0026: "mimeType", 0x0101_0027: "scheme", 0x0101_0028: "host",
        0x0101_0029: "port", 0x0101_002A: "path", 0x0101_002B: "pathPrefix", 0x0101_002C: "pathPattern",
        0x0101_0202: "targetActivity", 0x0101_020C: "minSdkVersion", 0x0101_021B: "versionCode",
        0x0101_021C: "versionName", 0x0101_0270: "targetSdkVersion", 0x0101_0272: "testOnly",
        0x0101_04EE: "autoVerify",
    ]

    /// Decodes a whole document and returns its root element.
    public static func decode(_ data: Data, limits: AndroidLimits = AndroidLimits()) throws -> BinaryXMLElement {
        try decode(ByteReader(data), limits: limits)
    }

    static func decode(_ bytes: ByteReader, limits: AndroidLimits) throws -> BinaryXMLElement {
        func fail(_ reason: String, _ offset: Int) -> AndroidAppError {
            .malformedBinaryXML(reason: reason, offset: offset)
        }
        guard bytes.count <= limits.maxManifestBytes else {
            throw AndroidAppError.limitExceeded(
                what: "binary XML size", limit: limits.maxManifestBytes,
                actual: bytes.count)
        }
        guard let type = try? bytes.uint16(at: 0, .little), let headerSize = try? bytes.uint16(at: 2, .little),
            let size = try? bytes.uint32(at: 4, .little)
        else {
            throw fail("shorter than a chunk header", 0)
        }
        guard type == xmlType else { throw fail(String(format: "not binary XML (chunk type 0x%04x)", type), 0) }
        guard headerSize >= 8, Int(size) <= bytes.count, Int(headerSize) <= Int(size) else {
            throw fail("document header declares \(size) bytes in a \(bytes.count)-byte file", 0)
        }
        var state = DecodeState(bytes: bytes, limits: limits)
        var offset = Int(headerSize)
        let end = Int(size)
        while offset < end {
            guard let chunkType = try? bytes.uint16(at: offset, .little),
                let chunkHeader = try? bytes.uint16(at: offset + 2, .little),
                let chunkSize = try? bytes.uint32(at: offset + 4, .little)
            else {
                throw fail("truncated chunk header", offset)
            }
            guard chunkSize >= 8, Int(chunkHeader) >= 8, Int(chunkHeader) <= Int(chunkSize),
                Int(chunkSize) <= end - offset
            else {
                throw fail("chunk of \(chunkSize) bytes does not fit (header \(chunkHeader))", offset)
            }
            try state.chunk(type: chunkType, at: offset, headerSize: Int(chunkHeader), size: Int(chunkSize))
            offset += Int(chunkSize)
        }
        guard state.stack.isEmpty else { throw fail("\(state.stack.count) element(s) never closed", end) }
        guard let root = state.root else { throw fail("no root element", end) }
        return root
    }

    private struct DecodeState {
        let bytes: ByteReader
        let limits: AndroidLimits
        var strings: StringPool?
        var resourceMap: [UInt32] = []
        var stack: [BinaryXMLElement] = []
        var root: BinaryXMLElement?
        var elementCount = 0

        func fail(_ reason: String, _ offset: Int) -> AndroidAppError {
            .malformedBinaryXML(reason: reason, offset: offset)
        }

        mutating func chunk(type: UInt16, at offset: Int, headerSize: Int, size: Int) throws {
            switch type {
            case StringPool.chunkType:
                guard strings == nil else { throw fail("a second string pool", offset) }
                strings = try StringPool(bytes, chunkAt: offset, limits: limits, fail: fail)
            case BinaryXML.resourceMapType:
                let count = (size - headerSize) / 4
                guard count <= limits.maxStrings else {
                    throw AndroidAppError.limitExceeded(
                        what: "resource map size", limit: limits.maxStrings,
                        actual: count)
                }
                resourceMap = (0..<count).compactMap { try? bytes.uint32(at: offset + headerSize + $0 * 4, .little) }
            case BinaryXML.startNamespace, BinaryXML.endNamespace, BinaryXML.cdata:
                break
            case BinaryXML.startElement:
                try start(at: offset, headerSize: headerSize, size: size)
            case BinaryXML.endElement:
                guard let element = stack.popLast() else { throw fail("end tag without a start tag", offset) }
                if stack.isEmpty {
                    guard root == nil else { throw fail("a second root element", offset) }
                    root = element
                } else {
                    stack[stack.count - 1].children.append(element)
                }
            default:
                break  // Unknown chunks are skipped, as Android's parser does.
            }
        }

        mutating func start(at offset: Int, headerSize: Int, size: Int) throws {
            guard let strings else { throw fail("element before the string pool", offset) }
            elementCount += 1
            guard elementCount <= limits.maxElements else {
                throw AndroidAppError.limitExceeded(
                    what: "element count", limit: limits.maxElements,
                    actual: elementCount)
            }
            guard stack.count < limits.maxDepth else {
                throw AndroidAppError.limitExceeded(
                    what: "element depth", limit: limits.maxDepth,
                    actual: stack.count + 1)
            }
            guard root == nil else { throw fail("content after the root element", offset) }
            let body = offset + headerSize
            guard let line = try? bytes.uint32(at: offset + 8, .little),
                let namespaceIndex = try? bytes.uint32(at: body, .little),
                let nameIndex = try? bytes.uint32(at: body + 4, .little),
                let attributeStart = try? bytes.uint16(at: body + 8, .little),
                let attributeSize = try? bytes.uint16(at: body + 10, .little),
                let attributeCount = try? bytes.uint16(at: body + 12, .little),
                body + 20 <= offset + size
            else {
                throw fail("truncated start tag", offset)
            }
            guard let name = strings.string(Int(nameIndex)) else {
                throw fail("element name index \(nameIndex) is out of range (\(strings.count) strings)", offset)
            }
            guard Int(attributeCount) <= limits.maxAttributes else {
                throw AndroidAppError.limitExceeded(
                    what: "attribute count of <\(name)>", limit: limits.maxAttributes, actual: Int(attributeCount))
            }
            guard attributeSize >= 20 || attributeCount == 0 else {
                throw fail("attribute record of \(attributeSize) bytes (needs 20)", offset)
            }
            let first = body + Int(attributeStart)
            guard first + Int(attributeCount) * Int(attributeSize) <= offset + size else {
                throw fail("attributes of <\(name)> run past the chunk", offset)
            }
            var attributes: [BinaryXMLAttribute] = []
            attributes.reserveCapacity(Int(attributeCount))
            for index in 0..<Int(attributeCount) {
                attributes.append(try attribute(at: first + index * Int(attributeSize), strings: strings))
            }
            stack.append(
                BinaryXMLElement(
                    namespace: strings.optionalString(namespaceIndex), name: name, line: Int(line),
                    attributes: attributes, children: []))
        }

        func attribute(at position: Int, strings: StringPool) throws -> BinaryXMLAttribute {
            guard let namespace = try? bytes.uint32(at: position, .little),
                let nameIndex = try? bytes.uint32(at: position + 4, .little),
                let rawIndex = try? bytes.uint32(at: position + 8, .little),
                let type = try? bytes.uint8(at: position + 15),
                let data = try? bytes.uint32(at: position + 16, .little)
            else {
                throw fail("truncated attribute", position)
            }
            let resourceID = Int(nameIndex) < resourceMap.count ? resourceMap[Int(nameIndex)] : nil
            let known = resourceID.flatMap { BinaryXML.frameworkAttributes[$0] }
            guard let name = known ?? strings.string(Int(nameIndex)) else {
                throw fail("attribute name index \(nameIndex) is out of range (\(strings.count) strings)", position)
            }
            let raw = strings.optionalString(rawIndex)
            var value = ResourceValue.decode(type: type, data: data, strings: strings)
            if value == .null, let raw { value = .string(raw) }
            return BinaryXMLAttribute(
                namespace: strings.optionalString(namespace), name: name, resourceID: resourceID, value: value,
                raw: raw)
        }
    }
}
