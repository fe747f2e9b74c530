import Foundation

/// The certificates of a CMS SignedData envelope (RFC 5652) whose content may be detached,
/// as in a JAR signature (`META-INF/*.RSA|DSA|EC` of an APK signed with scheme v1).
public enum CMSCertificates {
    /// DER certificates in the envelope's `certificates` field, in order (at most 64).
    /// Throws a readable reason when the bytes are not a SignedData envelope.
    public static func extract(_ data: Data) throws -> [Data] {
        let ber = BERReader(data)
        let contentInfo = try ber.element(at: 0, limit: data.count)
        guard contentInfo.isUniversal(16), contentInfo.isConstructed else {
            throw BERReader.Failure(offset: 0, reason: "not a CMS ContentInfo SEQUENCE")
        }
        let info = try ber.children(of: contentInfo)
        guard info.count >= 2, try ber.objectIdentifier(info[0]) == CMSEnvelope.signedDataOID,
            info[1].isContext(0), info[1].isConstructed
        else {
            throw BERReader.Failure(offset: contentInfo.contentStart, reason: "not CMS SignedData")
        }
        guard let signedData = try ber.children(of: info[1], depth: 1).first, signedData.isUniversal(16) else {
            throw BERReader.Failure(offset: info[1].contentStart, reason: "SignedData SEQUENCE missing")
        }
        var certificates: [Data] = []
        for field in try ber.children(of: signedData, depth: 2).dropFirst(3)
        where field.isContext(0) && field.isConstructed {
            for certificate in try ber.children(of: field, depth: 3, maxCount: 64) where certificate.isUniversal(16) {
                certificates.append(
                    try ber.reader.bytes(
                        at: certificate.start,
                        count: certificate.end - certificate.start))
            }
        }
        return certificates
    }
}
