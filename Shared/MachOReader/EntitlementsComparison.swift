/// Semantic comparison of XML (slot 5) and DER (slot 7) entitlements.
///
/// iOS enforces the DER form on recent systems while older tools read the XML form, so the
/// two must say the same thing. Dictionaries compare by key regardless of order; arrays by
/// position; scalars by type and value.
public struct EntitlementsComparison: Sendable, Equatable {
    /// One place where the two forms differ.
    public struct Difference: Sendable, Equatable, Codable, CustomStringConvertible {
        /// Key path, e.g. `com.apple.developer.associated-domains[0]` (empty for the top level).
        public var path: String
        /// Short rendering of the XML value, or `nil` when absent there.
        public var xml: String?
        /// Short rendering of the DER value, or `nil` when absent there.
        public var der: String?

        /// Creates a difference record.
        public init(path: String, xml: String?, der: String?) {
            self.path = path
            self.xml = xml
            self.der = der
        }

        public var description: String {
            let place = path.isEmpty ? "top level" : path
            switch (xml, der) {
            case (let xml?, nil): return "\(place): only in XML (\(xml))"
            case (nil, let der?): return "\(place): only in DER (\(der))"
            default: return "\(place): XML \(xml ?? "-"), DER \(der ?? "-")"
            }
        }
    }

    /// Every difference found, in key order.
    public var differences: [Difference]

    /// True when XML and DER entitlements say the same thing.
    public var agree: Bool { differences.isEmpty }

    /// Compares `xml` with `der`.
    public init(xml: PlistValue, der: PlistValue) {
        var found: [Difference] = []
        Self.compare(xml, der, path: "", into: &found, depth: 0)
        differences = found
    }

    private static func compare(
        _ xml: PlistValue, _ der: PlistValue, path: String, into found: inout [Difference],
        depth: Int
    ) {
        guard depth < PlistValue.hardMaxDepth else { return }
        switch (xml, der) {
        case (.dictionary(let left), .dictionary(let right)):
            for key in Set(left.keys).union(right.keys).sorted() {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                switch (left[key], right[key]) {
                case (let l?, let r?): compare(l, r, path: childPath, into: &found, depth: depth + 1)
                case (let l?, nil): found.append(Difference(path: childPath, xml: render(l), der: nil))
                case (nil, let r?): found.append(Difference(path: childPath, xml: nil, der: render(r)))
                case (nil, nil): break
                }
            }
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) {
                let childPath = "\(path)[\(index)]"
                let l = index < left.count ? left[index] : nil
                let r = index < right.count ? right[index] : nil
                switch (l, r) {
                case (let l?, let r?): compare(l, r, path: childPath, into: &found, depth: depth + 1)
                default: found.append(Difference(path: childPath, xml: l.map(render), der: r.map(render)))
                }
            }
        default:
            if xml != der {
                found.append(Difference(path: path, xml: render(xml), der: render(der)))
            }
        }
    }

    private static func render(_ value: PlistValue) -> String {
        let text = value.jsonString()
        return text.count > 120 ? String(text.prefix(117)) + "..." : text
    }
}

extension CodeSignature {
    /// XML versus DER entitlements, when both decoded; `nil` otherwise.
    public var entitlementsComparison: EntitlementsComparison? {
        guard let xml = xmlEntitlements, let der = derEntitlements else { return nil }
        return EntitlementsComparison(xml: xml, der: der)
    }
}
