/// Unwraps the content of a CMS (PKCS#7) SignedData body, the iOS 8 `application/pkcs7-mime`
/// form of an association file. A small bounds-checked DER/BER walker of our own: it finds
/// `ContentInfo → [0] SignedData → encapContentInfo → [0] OCTET STRING` and returns those
/// bytes. The signature is not verified (the caller says so in a diagnostic).
enum CMSEnvelope {
    /// `1.2.840.113549.1.7.2` (signedData), DER-encoded with its tag and length.
    private static let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    private static let maximumDepth = 16
    private static let maximumChunks = 10_000

    /// True when the bytes start like a CMS ContentInfo (a SEQUENCE whose first element is the
    /// signedData OID).
    static func looksLikeCMS(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 2, bytes[0] == 0x30 else { return false }
        // Only the header: a truncated body still looks like CMS (and is reported as such).
        let first = bytes[1]
        let start = first < 0x80 || first == 0x80 ? 2 : 2 + Int(first & 0x7F)
        guard first & 0x7F <= 4, start + signedDataOID.count <= bytes.count else { return false }
        return Array(bytes[start..<(start + signedDataOID.count)]) == signedDataOID
    }

    /// Why unwrapping failed.
    struct Failure: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// The encapsulated content bytes.
    static func unwrap(_ bytes: [UInt8]) -> Result<[UInt8], Failure> {
        guard let contentInfo = readNode(bytes, at: 0, limit: bytes.count, depth: 0), contentInfo.tag == 0x30 else {
            return .failure(Failure(message: "not a DER SEQUENCE", offset: 0))
        }
        let children = childNodes(bytes, of: contentInfo, depth: 1)
        guard children.count >= 2, children[0].tag == 0x06,
            Array(bytes[children[0].start..<children[0].end]) == signedDataOID
        else {
            return .failure(Failure(message: "ContentInfo does not hold signedData", offset: contentInfo.contentStart))
        }
        guard children[1].tag == 0xA0, let signedData = childNodes(bytes, of: children[1], depth: 2).first,
            signedData.tag == 0x30
        else {
            return .failure(Failure(message: "signedData content is missing", offset: children[1].start))
        }
        let fields = childNodes(bytes, of: signedData, depth: 3)
        guard fields.count >= 3, fields[2].tag == 0x30 else {
            return .failure(Failure(message: "encapContentInfo is missing", offset: signedData.contentStart))
        }
        let encap = childNodes(bytes, of: fields[2], depth: 4)
        guard encap.count >= 2, encap[1].tag == 0xA0 else {
            return .failure(
                Failure(
                    message: "the signed body carries no content (detached signature)",
                    offset: fields[2].start))
        }
        guard let octets = childNodes(bytes, of: encap[1], depth: 5).first else {
            return .failure(Failure(message: "content OCTET STRING is missing", offset: encap[1].start))
        }
        var output: [UInt8] = []
        var chunks = 0
        guard collectOctets(bytes, node: octets, depth: 6, into: &output, chunks: &chunks) else {
            return .failure(Failure(message: "content is not an OCTET STRING", offset: octets.start))
        }
        return .success(output)
    }

    private struct Node {
        var tag: UInt8
        var start: Int
        var contentStart: Int
        /// End of the content (for indefinite length: before the end-of-contents marker).
        var contentEnd: Int
        /// End of the whole element.
        var end: Int
        var constructed: Bool { tag & 0x20 != 0 }
    }

    private static func readNode(_ bytes: [UInt8], at start: Int, limit: Int, depth: Int) -> Node? {
        guard depth <= maximumDepth, start >= 0, start < limit, limit <= bytes.count else { return nil }
        let tag = bytes[start]
        guard tag & 0x1F != 0x1F else { return nil }  // high tag numbers never occur on this path
        var index = start + 1
        guard index < limit else { return nil }
        let first = bytes[index]
        index += 1
        if first < 0x80 {
            let (end, overflow) = index.addingReportingOverflow(Int(first))
            guard !overflow, end <= limit else { return nil }
            return Node(tag: tag, start: start, contentStart: index, contentEnd: end, end: end)
        }
        if first == 0x80 {
            // BER indefinite length: constructed only, ends at 00 00.
            guard tag & 0x20 != 0 else { return nil }
            var cursor = index
            var count = 0
            while true {
                guard cursor + 1 < limit else { return nil }
                if bytes[cursor] == 0, bytes[cursor + 1] == 0 {
                    return Node(tag: tag, start: start, contentStart: index, contentEnd: cursor, end: cursor + 2)
                }
                guard let child = readNode(bytes, at: cursor, limit: limit, depth: depth + 1) else { return nil }
                cursor = child.end
                count += 1
                guard count <= maximumChunks else { return nil }
            }
        }
        let lengthBytes = Int(first & 0x7F)
        guard lengthBytes <= 4, index + lengthBytes <= limit else { return nil }
        var length = 0
        for offset in 0..<lengthBytes { length = length << 8 | Int(bytes[index + offset]) }
        index += lengthBytes
        let (end, overflow) = index.addingReportingOverflow(length)
        guard !overflow, end <= limit else { return nil }
        return Node(tag: tag, start: start, contentStart: index, contentEnd: end, end: end)
    }

    private static func childNodes(_ bytes: [UInt8], of parent: Node, depth: Int) -> [Node] {
        guard parent.constructed else { return [] }
        var nodes: [Node] = []
        var cursor = parent.contentStart
        while cursor < parent.contentEnd, nodes.count < maximumChunks {
            guard let node = readNode(bytes, at: cursor, limit: parent.contentEnd, depth: depth) else { break }
            nodes.append(node)
            cursor = node.end
        }
        return nodes
    }

    private static func collectOctets(
        _ bytes: [UInt8], node: Node, depth: Int, into output: inout [UInt8],
        chunks: inout Int
    ) -> Bool {
        guard depth <= maximumDepth else { return false }
        if node.tag == 0x04 {
            output.append(contentsOf: bytes[node.contentStart..<node.contentEnd])
            return true
        }
        guard node.tag == 0x24 else { return false }
        for child in childNodes(bytes, of: node, depth: depth + 1) {
            chunks += 1
            guard chunks <= maximumChunks,
                collectOctets(bytes, node: child, depth: depth + 1, into: &output, chunks: &chunks)
            else {
                return false
            }
        }
        return true
    }
}
