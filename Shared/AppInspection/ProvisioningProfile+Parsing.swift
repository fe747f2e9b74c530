import Foundation
import MachOReader
import X509

extension ProvisioningProfile {
    /// Largest profile read.
    public static let maxBytes = 4 << 20

    /// Reads a profile: CMS SignedData (DER or BER indefinite length) around an XML plist.
    /// The CMS signature is not verified.
    public static func parse(_ data: Data) throws(InspectionError) -> ProvisioningProfile {
        guard data.count <= maxBytes else {
            throw .limitExceeded(what: "provisioning profile size", limit: UInt64(maxBytes), actual: UInt64(data.count))
        }
        let envelope: CMSEnvelope
        do {
            envelope = try CMSEnvelope.parse(data)
        } catch {
            throw .malformedProfile(reason: "CMS envelope: \(error.description)")
        }
        let plist: PlistValue
        do {
            plist = try PlistValue.decode(envelope.content)
        } catch {
            throw .malformedProfile(reason: "the signed content is not a property list (\(error))")
        }
        guard let root = PlistAccess.dictionary(plist) else {
            throw .malformedProfile(reason: "the signed property list is not a dictionary")
        }
        var diagnostics: [String] = []
        let entitlements: PlistValue
        if let value = root["Entitlements"], PlistAccess.dictionary(value) != nil {
            entitlements = value
        } else {
            entitlements = .dictionary([:])
            diagnostics.append("the profile has no Entitlements dictionary")
        }
        var certificates: [DeveloperCertificate] = []
        for value in (PlistAccess.array(root["DeveloperCertificates"]) ?? []).prefix(64) {
            guard let der = PlistAccess.data(value) else { continue }
            certificates.append(DeveloperCertificate.decode(der))
        }
        return ProvisioningProfile(
            name: PlistAccess.string(root["Name"]),
            uuid: PlistAccess.string(root["UUID"]),
            teamIdentifier: PlistAccess.strings(root["TeamIdentifier"]),
            teamName: PlistAccess.string(root["TeamName"]),
            applicationIdentifierPrefix: PlistAccess.strings(root["ApplicationIdentifierPrefix"]),
            appIDName: PlistAccess.string(root["AppIDName"]),
            platforms: PlistAccess.strings(root["Platform"]),
            creationDate: PlistAccess.date(root["CreationDate"]),
            expirationDate: PlistAccess.date(root["ExpirationDate"]),
            entitlements: entitlements,
            provisionedDevices: PlistAccess.strings(root["ProvisionedDevices"]),
            provisionsAllDevices: PlistAccess.bool(root["ProvisionsAllDevices"]) ?? false,
            developerCertificates: certificates,
            usesIndefiniteLength: envelope.usesIndefiniteLength,
            diagnostics: diagnostics)
    }
}

extension ProvisioningProfile.DeveloperCertificate {
    /// One attribute value as a person reads it: RFC 4514 escapes (`\,` `\+` `\"` `\\`
    /// `\<` `\>` `\;` `\=` `\#`, a leading or trailing `\ `, and `\HH` hex bytes) removed.
    static func unescapedRFC4514(_ value: String) -> String {
        var bytes: [UInt8] = []
        let input = Array(value.utf8)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while index < input.count {
            let byte = input[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < input.count else {
                bytes.append(byte)
                index += 1
                continue
            }
            if index + 2 < input.count, let high = hex(input[index + 1]), let low = hex(input[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(input[index + 1])
                index += 2
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes one DER certificate; a bad one keeps the error instead of failing the profile.
    static func decode(_ der: Data) -> Self {
        do {
            let certificate = try Certificate(derEncoded: [UInt8](der))
            var commonName: String?
            for rdn in certificate.subject {
                for attribute in rdn where attribute.type == .RDNAttributeType.commonName {
                    commonName = commonName ?? unescapedRFC4514(attribute.value.description)
                }
            }
            return Self(
                subject: certificate.subject.description,
                commonName: commonName,
                notValidAfter: certificate.notValidAfter,
                notValidBefore: certificate.notValidBefore,
                serialNumber: certificate.serialNumber.description,
                error: nil)
        } catch {
            return Self(
                subject: "", commonName: nil, notValidAfter: nil, notValidBefore: nil, serialNumber: nil,
                error: "not a readable X.509 certificate (\(error))")
        }
    }
}
