import Crypto
import Foundation
import SwiftASN1
@_spi(CMS) import X509

/// A certificate authority generated at test time (P-256), so HTTPS tests never depend on
/// files on disk or on the system trust store.
public struct TestCertificateAuthority: Sendable {
    /// The CA certificate (self-signed).
    public let certificate: Certificate
    private let privateKey: P256.Signing.PrivateKey

    /// Creates a fresh CA named `name`.
    public init(name: String = "UniversalLinkLab Test CA") throws {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(name) }
        let now = Date()
        certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(86_400),
            issuer: subject,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(key)
        )
        privateKey = key
    }

    /// The CA certificate as PEM (what `--ca-file` reads).
    public var certificatePEM: String {
        get throws { try certificate.serializeAsPEM().pemString }
    }

    /// Issues a server certificate valid for `dnsNames` (wildcards such as `*.bench.test` allowed).
    public func issueServerIdentity(dnsNames: [String]) throws -> TestServerIdentity {
        let key = P256.Signing.PrivateKey()
        let now = Date()
        let leaf = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(86_400),
            issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(dnsNames.first ?? "localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(dnsNames.map { GeneralName.dnsName($0) })
            },
            issuerPrivateKey: .init(privateKey)
        )
        return TestServerIdentity(
            certificatePEM: try leaf.serializeAsPEM().pemString,
            privateKeyPEM: key.pemRepresentation,
            certificate: leaf,
            privateKey: key
        )
    }
}

/// A server certificate and its private key, as PEM.
public struct TestServerIdentity: Sendable {
    public let certificatePEM: String
    public let privateKeyPEM: String
    let certificate: Certificate
    let privateKey: P256.Signing.PrivateKey

    /// `body` wrapped in a CMS SignedData (attached content) signed with this identity, as an
    /// association file signed the iOS 8 way.
    public func cmsSigned(_ body: [UInt8]) throws -> [UInt8] {
        try CMS.sign(body, certificate: certificate, privateKey: .init(privateKey), detached: false)
    }
}

/// Every certificate a fetch test needs: a trusted CA and a leaf for the test host names, a
/// leaf for other names (name mismatch), and a leaf from a CA the client does not trust.
public struct TestPKI: Sendable {
    /// The CA the client is told to trust.
    public let authority: TestCertificateAuthority
    /// Valid for the host names given to `init`.
    public let serverIdentity: TestServerIdentity
    /// Signed by the trusted CA but for `wrong-name.test` only.
    public let wrongNameIdentity: TestServerIdentity
    /// Valid names, but signed by a CA the client does not trust.
    public let untrustedIdentity: TestServerIdentity

    /// Generates the whole set for `hostNames`.
    public init(hostNames: [String]) throws {
        authority = try TestCertificateAuthority()
        serverIdentity = try authority.issueServerIdentity(dnsNames: hostNames)
        wrongNameIdentity = try authority.issueServerIdentity(dnsNames: ["wrong-name.test"])
        untrustedIdentity =
            try TestCertificateAuthority(name: "Untrusted Test CA").issueServerIdentity(dnsNames: hostNames)
    }

    /// Writes the trusted CA as PEM to a fresh temporary file (for `--ca-file`).
    public func writeCAFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("linklab-test-ca-\(UUID().uuidString).pem")
        try Data(authority.certificatePEM.utf8).write(to: url)
        return url
    }
}
