import Foundation

extension PlistValue: Encodable {
    /// Encodes as JSON-friendly values (see the type's documentation): dates become ISO 8601
    /// strings and data becomes base64, whatever the encoder's strategies say.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .real(let value):
            var container = encoder.singleValueContainer()
            if value.isNaN {
                try container.encode("nan")
            } else if value.isInfinite {
                try container.encode(value > 0 ? "inf" : "-inf")
            } else {
                try container.encode(value)
            }
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .date(let value):
            var container = encoder.singleValueContainer()
            let interval = value.timeIntervalSinceReferenceDate
            // Binary plists store dates as doubles: a NaN or absurd value must not become a plausible date.
            if interval.isFinite, abs(interval) < 3e11 {
                try container.encode(value.formatted(.iso8601))
            } else {
                try container.encode("invalid-date(\(interval))")
            }
        case .data(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value.base64EncodedString())
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .dictionary(let entries):
            var container = encoder.container(keyedBy: PlistJSONKey.self)
            for key in entries.keys.sorted() {
                if let value = entries[key] { try container.encode(value, forKey: PlistJSONKey(key)) }
            }
        }
    }

    /// Canonical JSON text (sorted keys, no extra whitespace), for tests and comparisons.
    public func jsonString() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

private struct PlistJSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
