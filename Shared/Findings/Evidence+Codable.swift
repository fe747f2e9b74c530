import Foundation

extension Evidence: Codable {
    private enum Kind: String, Codable {
        case binary, network, associationFile, entitlement, text
    }

    private enum CodingKeys: String, CodingKey {
        case kind
        case file, slice, section, symbol, offset, length
        case host, route, url, status, headerName, headerValue
        case pointer, line, column
        case key, value
        case text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .binary(let location):
            try container.encode(Kind.binary, forKey: .kind)
            try container.encode(location.file, forKey: .file)
            try container.encodeEvidenceField(location.slice, forKey: .slice)
            try container.encodeEvidenceField(location.section, forKey: .section)
            try container.encodeEvidenceField(location.symbol, forKey: .symbol)
            try container.encodeEvidenceField(location.offset, forKey: .offset)
            try container.encodeEvidenceField(location.length, forKey: .length)
        case .network(let observation):
            try container.encode(Kind.network, forKey: .kind)
            try container.encode(observation.host, forKey: .host)
            try container.encodeEvidenceField(observation.route, forKey: .route)
            try container.encodeEvidenceField(observation.url, forKey: .url)
            try container.encodeEvidenceField(observation.status, forKey: .status)
            try container.encodeEvidenceField(observation.headerName, forKey: .headerName)
            try container.encodeEvidenceField(observation.headerValue, forKey: .headerValue)
        case .associationFile(let location):
            try container.encode(Kind.associationFile, forKey: .kind)
            try container.encode(location.host, forKey: .host)
            try container.encode(location.pointer, forKey: .pointer)
            try container.encodeEvidenceField(location.line, forKey: .line)
            try container.encodeEvidenceField(location.column, forKey: .column)
        case .entitlement(let key, let value):
            try container.encode(Kind.entitlement, forKey: .kind)
            try container.encode(key, forKey: .key)
            try container.encode(value, forKey: .value)
        case .text(let text):
            try container.encode(Kind.text, forKey: .kind)
            try container.encode(text, forKey: .text)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .binary:
            self = .binary(
                BinaryLocation(
                    file: try container.decode(String.self, forKey: .file),
                    slice: try container.decodeIfPresent(String.self, forKey: .slice),
                    section: try container.decodeIfPresent(String.self, forKey: .section),
                    symbol: try container.decodeIfPresent(String.self, forKey: .symbol),
                    offset: try container.decodeIfPresent(UInt64.self, forKey: .offset),
                    length: try container.decodeIfPresent(UInt64.self, forKey: .length)))
        case .network:
            self = .network(
                NetworkObservation(
                    host: try container.decode(String.self, forKey: .host),
                    route: try container.decodeIfPresent(String.self, forKey: .route),
                    url: try container.decodeIfPresent(String.self, forKey: .url),
                    status: try container.decodeIfPresent(Int.self, forKey: .status),
                    headerName: try container.decodeIfPresent(String.self, forKey: .headerName),
                    headerValue: try container.decodeIfPresent(String.self, forKey: .headerValue)))
        case .associationFile:
            self = .associationFile(
                AssociationFileLocation(
                    host: try container.decode(String.self, forKey: .host),
                    pointer: try container.decode(String.self, forKey: .pointer),
                    line: try container.decodeIfPresent(Int.self, forKey: .line),
                    column: try container.decodeIfPresent(Int.self, forKey: .column)))
        case .entitlement:
            self = .entitlement(
                key: try container.decode(String.self, forKey: .key),
                value: try container.decode(String.self, forKey: .value))
        case .text:
            self = .text(try container.decode(String.self, forKey: .text))
        }
    }
}

extension KeyedEncodingContainer {
    /// Writes the value, or an explicit `null` when it is nil (stable JSON shape).
    mutating func encodeEvidenceField<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}
