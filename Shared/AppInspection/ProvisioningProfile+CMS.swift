import Foundation

/// The signed content of a CMS SignedData envelope (RFC 5652), read without verifying it.
struct CMSEnvelope: Sendable, Equatable {
    /// eContent bytes (for a provisioning profile: an XML plist).
    var content: Data
    /// True when any element used BER indefinite length (e.g. fastlane's profiles).
    var usesIndefiniteLength: Bool
    /// DER certificates carried in the envelope's `certificates` field.
    var certificates: [Data]

    static let signedDataOID = "1.2.840.113549.1.7.2"
    static let maxContentBytes = 4 << 20

    /// Parses `ContentInfo { contentType signedData, [0] SignedData { …, encapContentInfo { …, [0] OCTET STRING } } }`.
    static func parse(_ data: Data) throws(BERReader.Failure) -> CMSEnvelope {
        let ber = BERReader(data)
        let contentInfo = try ber.element(at: 0, limit: data.count)
        guard contentInfo.isUniversal(16), contentInfo.isConstructed else {
            throw BERReader.Failure(offset: 0, reason: "not a CMS ContentInfo SEQUENCE")
        }
        var indefinite = contentInfo.end != contentInfo.contentEnd
        let info = try ber.children(of: contentInfo)
        guard info.count >= 2 else {
            throw BERReader.Failure(offset: contentInfo.contentStart, reason: "ContentInfo has no content")
        }
        let type = try ber.objectIdentifier(info[0])
        guard type == signedDataOID else {
            throw BERReader.Failure(offset: info[0].contentStart, reason: "content type \(type) is not CMS SignedData")
        }
        guard info[1].isContext(0), info[1].isConstructed else {
            throw BERReader.Failure(offset: info[1].contentStart, reason: "SignedData is not wrapped in [0]")
        }
        indefinite = indefinite || info[1].end != info[1].contentEnd
        let wrapper = try ber.children(of: info[1], depth: 1)
        guard let signedData = wrapper.first, signedData.isUniversal(16) else {
            throw BERReader.Failure(offset: info[1].contentStart, reason: "SignedData SEQUENCE missing")
        }
        indefinite = indefinite || signedData.end != signedData.contentEnd
        let fields = try ber.children(of: signedData, depth: 2)
        guard fields.count >= 3, fields[2].isUniversal(16) else {
            throw BERReader.Failure(offset: signedData.contentStart, reason: "SignedData has no encapsulated content")
        }
        let encapsulated = try ber.children(of: fields[2], depth: 3)
        indefinite = indefinite || fields[2].end != fields[2].contentEnd
        guard encapsulated.count >= 2, encapsulated[1].isContext(0) else {
            throw BERReader.Failure(
                offset: fields[2].contentStart,
                reason: "SignedData carries no content (detached signature)")
        }
        indefinite = indefinite || encapsulated[1].end != encapsulated[1].contentEnd
        let explicit = try ber.children(of: encapsulated[1], depth: 4)
        guard let octets = explicit.first else {
            throw BERReader.Failure(offset: encapsulated[1].contentStart, reason: "empty content")
        }
        indefinite = indefinite || octets.isConstructed
        let content = try ber.octetString(octets, maxBytes: maxContentBytes, depth: 5)

        var certificates: [Data] = []
        for field in fields.dropFirst(3) where field.isContext(0) && field.isConstructed {
            for certificate in try ber.children(of: field, depth: 3, maxCount: 64) where certificate.isUniversal(16) {
                if let bytes =
                    try? ber.reader.bytes(at: certificate.start, count: certificate.end - certificate.start)
                {
                    certificates.append(bytes)
                }
            }
        }
        return CMSEnvelope(content: content, usesIndefiniteLength: indefinite, certificates: certificates)
    }

}
