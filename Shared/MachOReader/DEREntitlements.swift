import Foundation
import SwiftASN1

/// Decoder for DER-encoded entitlements (code signature slot 7, blob magic `0xFADE7172`).
///
/// Current form: `[APPLICATION 16] { INTEGER 1, value }`, where a dictionary is
/// `[CONTEXT 16] { SEQUENCE { UTF8String key, value } … }`, an array is a `SEQUENCE`, and
/// scalars are `BOOLEAN`, `INTEGER` or `UTF8String`. The older form (early iOS 15 signers)
/// has a `SET` of key/value `SEQUENCE`s at the top and for nested dictionaries; both decode to
/// the same `PlistValue`. Parsing uses swift-asn1 (strict DER, at most 50 levels) plus our own
/// depth cap.
public enum DEREntitlements {
    static let wrapper = ASN1Identifier(tagWithNumber: 16, tagClass: .application)
    static let dictionary = ASN1Identifier(tagWithNumber: 16, tagClass: .contextSpecific)

    /// Decodes DER entitlements (the bytes after the 8-byte blob header).
    public static func decode(_ data: Data) throws(MachOError) -> PlistValue {
        try decode(data, maxDepth: PlistValue.defaultMaxDepth)
    }

    /// Decodes DER entitlements with an explicit nesting cap.
    public static func decode(_ data: Data, maxDepth: Int) throws(MachOError) -> PlistValue {
        let root: ASN1Node
        do {
            root = try DER.parse(Array(data))
        } catch {
            throw .invalidDER(offset: nil, reason: "\(error)")
        }
        if root.identifier == wrapper {
            guard case .constructed(let children) = root.content else {
                throw .invalidDER(offset: offset(root), reason: "[APPLICATION 16] wrapper is not constructed")
            }
            let items = Array(children)
            guard items.count == 2 else {
                throw .invalidDER(
                    offset: offset(root),
                    reason: "[APPLICATION 16] wrapper holds \(items.count) elements, expected 2 (version, value)")
            }
            guard items[0].identifier == .integer, let version = try? Int(derEncoded: items[0]) else {
                throw .invalidDER(
                    offset: offset(items[0]),
                    reason: "first element of the wrapper is not an INTEGER version")
            }
            guard version == 1 else {
                throw .invalidDER(offset: offset(items[0]), reason: "unsupported DER entitlements version \(version)")
            }
            return try value(items[1], depth: 1, maxDepth: maxDepth)
        }
        if root.identifier == .set {
            return try value(root, depth: 1, maxDepth: maxDepth)
        }
        throw .invalidDER(
            offset: 0,
            reason: "top element is neither [APPLICATION 16] nor a SET (identifier \(root.identifier))")
    }

    private static func offset(_ node: ASN1Node) -> Int { node.encodedBytes.startIndex }

    private static func value(_ node: ASN1Node, depth: Int, maxDepth: Int) throws(MachOError) -> PlistValue {
        guard depth <= maxDepth else {
            throw .invalidDER(offset: offset(node), reason: "nesting deeper than \(maxDepth) levels")
        }
        switch node.identifier {
        case .boolean:
            do { return .bool(try Bool(derEncoded: node)) } catch {
                throw .invalidDER(offset: offset(node), reason: "invalid BOOLEAN: \(error)")
            }
        case .integer:
            do { return .integer(try Int(derEncoded: node)) } catch {
                throw .invalidDER(offset: offset(node), reason: "INTEGER invalid or too large: \(error)")
            }
        case .utf8String:
            guard case .primitive(let bytes) = node.content else {
                throw .invalidDER(offset: offset(node), reason: "UTF8String is constructed")
            }
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw .invalidDER(offset: offset(node), reason: "UTF8String holds invalid UTF-8")
            }
            return .string(string)
        case .sequence:
            guard case .constructed(let children) = node.content else {
                throw .invalidDER(offset: offset(node), reason: "SEQUENCE is not constructed")
            }
            var elements: [PlistValue] = []
            for child in children {
                elements.append(try value(child, depth: depth + 1, maxDepth: maxDepth))
            }
            return .array(elements)
        case dictionary, .set:
            guard case .constructed(let children) = node.content else {
                throw .invalidDER(offset: offset(node), reason: "dictionary is not constructed")
            }
            var entries: [String: PlistValue] = [:]
            for child in children {
                guard child.identifier == .sequence, case .constructed(let pair) = child.content else {
                    throw .invalidDER(offset: offset(child), reason: "dictionary entry is not a SEQUENCE")
                }
                let parts = Array(pair)
                guard parts.count == 2 else {
                    throw .invalidDER(
                        offset: offset(child),
                        reason: "dictionary entry holds \(parts.count) elements, expected key and value")
                }
                guard case .string(let key) = try value(parts[0], depth: depth + 1, maxDepth: maxDepth),
                    parts[0].identifier == .utf8String
                else {
                    throw .invalidDER(offset: offset(parts[0]), reason: "dictionary key is not a UTF8String")
                }
                guard entries[key] == nil else {
                    throw .invalidDER(offset: offset(parts[0]), reason: "duplicate dictionary key \"\(key)\"")
                }
                entries[key] = try value(parts[1], depth: depth + 1, maxDepth: maxDepth)
            }
            return .dictionary(entries)
        default:
            throw .invalidDER(offset: offset(node), reason: "unsupported element \(node.identifier)")
        }
    }
}
