import SiteAssociation

/// A JSON value written with its members in the order given (so a seed gives the same bytes
/// everywhere); strings keep non-ASCII as UTF-8 and escape only what JSON requires.
enum OracleJSON {
    case string(String)
    case bool(Bool)
    case array([OracleJSON])
    case object([(String, OracleJSON)])

    /// The value as indented JSON text.
    var text: String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .string(let value): out += JSONStringLiteral.quoted(value)
        case .bool(let value): out += value ? "true" : "false"
        case .array(let values):
            if values.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, value) in values.enumerated() {
                out += indent + "  "
                value.write(into: &out, indent: indent + "  ")
                out += index == values.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                out += indent + "  " + JSONStringLiteral.quoted(key) + ": "
                value.write(into: &out, indent: indent + "  ")
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}
