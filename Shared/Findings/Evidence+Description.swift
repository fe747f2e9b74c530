import Foundation

extension Evidence {
    /// Short label of the kind for people ("Binary", "Network").
    public var kindLabel: String {
        switch self {
        case .binary: "Binary"
        case .network: "Network"
        case .associationFile: "Association file"
        case .entitlement: "Entitlement"
        case .text: "Note"
        }
    }

    /// The evidence as label/value pairs, in a fixed order, for tables and cards.
    public var fields: [(label: String, value: String)] {
        switch self {
        case .binary(let location):
            var fields: [(String, String)] = [("File", location.file)]
            if let slice = location.slice { fields.append(("Slice", slice)) }
            if let section = location.section { fields.append(("Section", section)) }
            if let symbol = location.symbol { fields.append(("Symbol", symbol)) }
            if let offset = location.offset { fields.append(("Offset", Evidence.hex(offset))) }
            if let length = location.length { fields.append(("Length", "\(length) bytes")) }
            return fields
        case .network(let observation):
            var fields: [(String, String)] = [("Host", observation.host)]
            if let route = observation.route { fields.append(("Route", route)) }
            if let url = observation.url { fields.append(("URL", url)) }
            if let status = observation.status { fields.append(("HTTP status", String(status))) }
            if let name = observation.headerName {
                fields.append(("Header", "\(name): \(observation.headerValue ?? "")"))
            }
            return fields
        case .associationFile(let location):
            var fields: [(String, String)] =
                [
                    ("Host", location.host),
                    ("JSON pointer", location.pointer.isEmpty ? "(whole document)" : location.pointer),
                ]
            if let line = location.line {
                fields.append(("Line", location.column.map { "\(line), column \($0)" } ?? String(line)))
            }
            return fields
        case .entitlement(let key, let value):
            return [("Key", key), ("Value", value)]
        case .text(let text):
            return [("Note", text)]
        }
    }

    /// The evidence on one line ("Payload/X.app/X [arm64] __TEXT,__objc_methname @ 0x1f00").
    public var summary: String {
        switch self {
        case .binary(let location):
            var text = location.file
            if let slice = location.slice { text += " [\(slice)]" }
            if let section = location.section { text += " \(section)" }
            if let symbol = location.symbol { text += " \(symbol)" }
            if let offset = location.offset { text += " @ \(Evidence.hex(offset))" }
            return text
        case .network(let observation):
            var text = observation.host
            if let route = observation.route { text += " (\(route))" }
            if let url = observation.url { text += " \(url)" }
            if let status = observation.status { text += " → HTTP \(status)" }
            if let name = observation.headerName { text += "; \(name): \(observation.headerValue ?? "")" }
            return text
        case .associationFile(let location):
            var text = "\(location.host) \(location.pointer.isEmpty ? "/" : location.pointer)"
            if let line = location.line {
                text += " (line \(line)\(location.column.map { ", column \($0)" } ?? ""))"
            }
            return text
        case .entitlement(let key, let value):
            return "\(key) = \(value)"
        case .text(let text):
            return text
        }
    }

    static func hex(_ value: UInt64) -> String {
        "0x" + String(value, radix: 16)
    }
}
