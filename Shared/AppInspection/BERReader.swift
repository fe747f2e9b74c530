import Foundation
import MachOReader

/// A minimal BER walker for CMS envelopes: definite and indefinite lengths, constructed
/// strings. swift-asn1 accepts DER only, and real provisioning profiles use BER indefinite
/// length with a chunked OCTET STRING.
struct BERNode: Sendable, Equatable {
    /// The identifier octet's class and constructed bits plus the tag number.
    var tagClass: UInt8
    var isConstructed: Bool
    var tagNumber: UInt32
    /// Offset of the identifier octet.
    var start: Int
    /// Where the content starts and ends (end excludes an indefinite form's end-of-contents).
    var contentStart: Int
    var contentEnd: Int
    /// Offset just past the whole element (including end-of-contents octets).
    var end: Int

    static let universal: UInt8 = 0
    static let contextSpecific: UInt8 = 2

    func isUniversal(_ number: UInt32) -> Bool { tagClass == Self.universal && tagNumber == number }
    func isContext(_ number: UInt32) -> Bool { tagClass == Self.contextSpecific && tagNumber == number }
}

/// Reads BER elements from bytes with depth and size caps.
struct BERReader: Sendable {
    let reader: ByteReader
    let maxDepth: Int

    /// Why a BER structure could not be read.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "\(reason) at offset \(offset)" }
    }

    init(_ data: Data, maxDepth: Int = 24) {
        reader = ByteReader(data)
        self.maxDepth = maxDepth
    }

    /// Parses the element starting at `offset`, which must end by `limit`.
    func element(at offset: Int, limit: Int, depth: Int = 0) throws(Failure) -> BERNode {
        guard depth <= maxDepth else { throw Failure(offset: offset, reason: "nesting deeper than \(maxDepth)") }
        do {
            guard offset < limit else { throw Failure(offset: offset, reason: "element expected but the data ended") }
            var position = offset
            let identifier = try reader.uint8(at: position, reading: "BER identifier")
            position += 1
            var number = UInt32(identifier & 0x1F)
            if number == 0x1F {
                number = 0
                var count = 0
                while true {
                    guard position < limit, count < 4 else {
                        throw Failure(offset: position, reason: "tag number too long")
                    }
                    let byte = try reader.uint8(at: position, reading: "BER tag")
                    position += 1
                    count += 1
                    number = (number << 7) | UInt32(byte & 0x7F)
                    if byte & 0x80 == 0 { break }
                }
            }
            guard position < limit else {
                throw Failure(offset: position, reason: "length expected but the data ended")
            }
            let lengthByte = try reader.uint8(at: position, reading: "BER length")
            position += 1
            let constructed = identifier & 0x20 != 0
            var node = BERNode(
                tagClass: identifier >> 6, isConstructed: constructed, tagNumber: number, start: offset,
                contentStart: position, contentEnd: position, end: position)
            if lengthByte == 0x80 {
                guard constructed else {
                    throw Failure(offset: offset, reason: "indefinite length on a primitive element")
                }
                // Content runs until an end-of-contents element (00 00) at this level.
                var child = position
                while true {
                    guard child + 2 <= limit else {
                        throw Failure(offset: child, reason: "indefinite-length element has no end-of-contents")
                    }
                    if try reader.uint8(at: child) == 0, try reader.uint8(at: child + 1) == 0 {
                        node.contentEnd = child
                        node.end = child + 2
                        return node
                    }
                    child = try element(at: child, limit: limit, depth: depth + 1).end
                }
            }
            var length = 0
            if lengthByte & 0x80 == 0 {
                length = Int(lengthByte)
            } else {
                let count = Int(lengthByte & 0x7F)
                guard count <= 4 else {
                    throw Failure(offset: position - 1, reason: "length of \(count) octets is too large")
                }
                for _ in 0..<count {
                    guard position < limit else { throw Failure(offset: position, reason: "length runs past the data") }
                    length = (length << 8) | Int(try reader.uint8(at: position, reading: "BER length"))
                    position += 1
                }
            }
            node.contentStart = position
            let (end, overflow) = position.addingReportingOverflow(length)
            guard !overflow, end <= limit else {
                throw Failure(offset: offset, reason: "element of \(length) bytes runs past its container")
            }
            node.contentEnd = end
            node.end = end
            return node
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(offset: offset, reason: "\(error)")
        }
    }

    /// The children of a constructed element, in order.
    func children(of node: BERNode, depth: Int = 0, maxCount: Int = 10_000) throws(Failure) -> [BERNode] {
        guard node.isConstructed else {
            throw Failure(offset: node.contentStart, reason: "expected a constructed element")
        }
        var result: [BERNode] = []
        var position = node.contentStart
        while position < node.contentEnd {
            guard result.count < maxCount else {
                throw Failure(offset: position, reason: "more than \(maxCount) elements")
            }
            let child = try element(at: position, limit: node.contentEnd, depth: depth + 1)
            result.append(child)
            position = child.end
        }
        return result
    }

    /// The bytes of an OCTET STRING, joining the chunks of a constructed (BER) one.
    func octetString(_ node: BERNode, maxBytes: Int, depth: Int = 0) throws(Failure) -> Data {
        guard node.tagClass == BERNode.universal, node.tagNumber == 4 else {
            throw Failure(offset: node.contentStart, reason: "expected an OCTET STRING")
        }
        if !node.isConstructed {
            guard node.contentEnd - node.contentStart <= maxBytes else {
                throw Failure(offset: node.contentStart, reason: "content larger than \(maxBytes) bytes")
            }
            return bytes(node)
        }
        guard depth < maxDepth else {
            throw Failure(offset: node.contentStart, reason: "nesting deeper than \(maxDepth)")
        }
        var joined = Data()
        for chunk in try children(of: node, depth: depth) {
            joined.append(try octetString(chunk, maxBytes: maxBytes - joined.count, depth: depth + 1))
        }
        return joined
    }

    /// The content bytes of a primitive element.
    func bytes(_ node: BERNode) -> Data {
        (try? reader.bytes(at: node.contentStart, count: node.contentEnd - node.contentStart)) ?? Data()
    }

    /// The dotted form of an OBJECT IDENTIFIER.
    func objectIdentifier(_ node: BERNode) throws(Failure) -> String {
        guard node.isUniversal(6), !node.isConstructed else {
            throw Failure(offset: node.contentStart, reason: "expected an OBJECT IDENTIFIER")
        }
        let content = [UInt8](bytes(node))
        guard !content.isEmpty, content.count <= 64 else {
            throw Failure(offset: node.contentStart, reason: "bad OBJECT IDENTIFIER length")
        }
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        for byte in content {
            guard value < (1 << 56) else {
                throw Failure(offset: node.contentStart, reason: "OBJECT IDENTIFIER arc too large")
            }
            value = (value << 7) | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                if arcs.isEmpty {
                    let first: UInt64 = value < 40 ? 0 : (value < 80 ? 1 : 2)
                    arcs.append(first)
                    arcs.append(value - first * 40)
                } else {
                    arcs.append(value)
                }
                value = 0
            }
        }
        return arcs.map(String.init).joined(separator: ".")
    }
}
