extension AssociatedDomain {
    /// Parses one entitlement entry; never throws (problems are listed on the value).
    public static func parse(_ entry: String) -> AssociatedDomain {
        var domain =
            AssociatedDomain(raw: entry, service: "", host: "", wildcard: false, port: nil, modes: [], problems: [])
        var problems: [DomainProblem] = []
        func add(_ kind: DomainProblem.Kind, _ severity: DomainProblem.Severity, _ message: String) {
            problems.append(DomainProblem(kind: kind, severity: severity, message: message))
        }

        guard let colon = entry.firstIndex(of: ":") else {
            add(
                .missingService, .error,
                """
                no service prefix (expected applinks:, webcredentials:, activitycontinuation: or appclips:)
                """)
            domain.host = entry.lowercased()
            domain.problems = problems
            return domain
        }
        domain.service = String(entry[..<colon])
        var rest = Substring(entry[entry.index(after: colon)...])
        if !knownServices.contains(domain.service) {
            add(
                .unknownService, .error,
                """
                unknown service \"\(domain.service)\" (iOS knows applinks, webcredentials, activitycontinuation, \
                appclips)
                """)
        }

        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if rest.hasPrefix("//") || rest.contains("/") {
            add(.schemeOrPath, .error, "an entry names a host only: no scheme (https://) and no path")
            if let scheme = rest.firstRange(of: "://") {
                rest = rest[scheme.upperBound...]
            } else if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
            }
            if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        }

        // Modes first: IP literals and localhost are allowed only in developer mode.
        if let query {
            parseModes(query, into: &domain, add: add)
        }

        var hostPart = rest
        var portText: Substring?
        var malformedLiteral: String?
        if hostPart.hasPrefix("[") {
            // An IPv6 literal: "[address]" optionally followed by ":port", nothing else.
            if let close = hostPart.firstIndex(of: "]") {
                let address = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
                let after = hostPart[hostPart.index(after: close)...]
                if after.hasPrefix(":") {
                    portText = after.dropFirst()
                    hostPart = hostPart[...close]
                } else if !after.isEmpty {
                    malformedLiteral = "text follows the \"]\" of the IP address"
                }
                if malformedLiteral == nil, !IPAddressText.isIPv6(address) {
                    malformedLiteral = "the text in brackets is not an IPv6 address"
                }
            } else {
                malformedLiteral = "the IP address has no closing \"]\""
            }
        } else if let portColon = hostPart.lastIndex(of: ":") {
            portText = hostPart[hostPart.index(after: portColon)...]
            hostPart = hostPart[..<portColon]
        }
        if let portText {
            if let port = Int(portText), (1...65535).contains(port), portText.allSatisfy(\.isASCIIDigit) {
                domain.port = port
                add(
                    .portPresent, .warning,
                    """
                    entry names port \(port): Apple's technote says links on a domain with a port will not open the app
                    """)
            } else {
                add(.invalidPort, .error, "port \"\(portText)\" is not a number from 1 to 65535")
            }
        }

        // ASCII only: Unicode lower-casing would turn U+212A KELVIN SIGN into an ASCII "k".
        var host = Self.asciiLowercased(hostPart)
        if host.hasPrefix("*.") {
            domain.wildcard = true
            host.removeFirst(2)
            if domain.service == "appclips" {
                add(.appClipWildcard, .error, "appclips: entries cannot use a *. wildcard")
            }
        }
        domain.host = host
        if let malformedLiteral {
            add(.invalidCharacters, .error, malformedLiteral)
        } else {
            checkHost(host, developer: domain.isDeveloperMode, add: add)
        }
        domain.problems = problems
        return domain
    }

    private static func parseModes(
        _ query: Substring,
        into domain: inout AssociatedDomain,
        add: (DomainProblem.Kind, DomainProblem.Severity, String) -> Void
    ) {
        guard query.hasPrefix("mode=") else {
            add(.malformedQuery, .warning, "query \"?\(query)\" is not ?mode=…; iOS ignores it")
            return
        }
        for mode in query.dropFirst(5).split(separator: "+", omittingEmptySubsequences: false) {
            let name = String(mode)
            if knownModes.contains(name) {
                if !domain.modes.contains(name) { domain.modes.append(name) }
            } else {
                add(.unknownMode, .warning, "unknown mode \"\(name)\" is ignored by iOS (known: developer, managed)")
            }
        }
    }

    private static func checkHost(
        _ host: String,
        developer: Bool,
        add: (DomainProblem.Kind, DomainProblem.Severity, String) -> Void
    ) {
        if host.isEmpty {
            add(.emptyHost, .error, "the host is empty")
            return
        }
        if host.hasPrefix("[") {
            if !developer { add(.ipLiteral, .error, "an IP address is only accepted with ?mode=developer") }
            return
        }
        let allowed = host.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "."
        }
        if !allowed {
            add(.invalidCharacters, .error, "the host has characters outside a-z, 0-9, \"-\" and \".\"")
        }
        if host.hasPrefix(".") {
            add(.leadingDot, .error, "the host starts with \".\"")
        }
        if host.contains("..") {
            add(.emptyLabel, .error, "the host contains \"..\" (an empty label)")
        }
        if host.count > 1, host.hasSuffix("."), !host.hasSuffix("..") {
            add(
                .trailingDot, .warning,
                "the host ends with \".\"; whether iOS treats it as the same domain is unverified")
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: true)
        let isIPv4 =
            labels.count == 4
            && labels.allSatisfy {
                !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit)
            }
        if isIPv4 {
            if !developer { add(.ipLiteral, .error, "an IP address is only accepted with ?mode=developer") }
            return
        }
        if host == "localhost" {
            if !developer { add(.localhost, .error, "localhost is only accepted with ?mode=developer") }
            return
        }
        if labels.count < 2 {
            add(.bareName, .error, "the host has no dot (a bare name or top-level domain)")
        }
        if labels.contains(where: { $0.hasPrefix("xn--") }) {
            add(.punycode, .warning, "punycode (IDN) host: reported not to verify on iOS 16 and later")
        }
    }
}

extension AssociatedDomain {
    /// Lower-cases ASCII letters only; every other character is kept as written.
    fileprivate static func asciiLowercased(_ text: Substring) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar >= "A", scalar <= "Z", let lower = Unicode.Scalar(scalar.value + 32) {
                scalars.append(lower)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

/// Textual IP address checks (no resolution, no I/O).
enum IPAddressText {
    /// True for an IPv6 address in text form (`::1`, `2001:db8::1`, `::ffff:192.0.2.1`); no zone ID.
    static func isIPv6(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 45,
            text.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." })
        else {
            return false
        }
        var groups = text.split(separator: ":", omittingEmptySubsequences: false)
        var needed = 8
        if let last = groups.last, last.contains(".") {
            guard isIPv4(last) else { return false }
            groups.removeLast()
            groups.append("0")
            groups.append("0")
        }
        guard !groups.dropLast().contains(where: { $0.contains(".") }) else { return false }
        if text.hasPrefix(":") != text.hasPrefix("::") || text.hasSuffix(":") != text.hasSuffix("::") { return false }
        if text.firstRange(of: "::") != nil {
            guard !text.contains(":::"), text.ranges(of: "::").count == 1 else { return false }
            // "::" yields empty pieces around it; at the very start or end one more.
            let pieces = groups.filter { !$0.isEmpty }
            guard pieces.allSatisfy({ $0.count <= 4 }) else { return false }
            needed -= 1
            return pieces.count <= needed
        }
        return groups.count == needed && groups.allSatisfy { !$0.isEmpty && $0.count <= 4 }
    }

    /// True for a dotted-quad IPv4 address (four decimal parts, each 0–255, no leading zeros).
    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCIIDigit), let value = Int(part),
                    value <= 255
                else {
                    return false
                }
                return part.count == 1 || part.first != "0"
            }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension AssociatedDomain: Codable {
    private enum CodingKeys: String, CodingKey {
        case raw, service, host, wildcard, port, modes, problems
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(raw, forKey: .raw)
        try container.encode(service, forKey: .service)
        try container.encode(host, forKey: .host)
        try container.encode(wildcard, forKey: .wildcard)
        if let port { try container.encode(port, forKey: .port) } else { try container.encodeNil(forKey: .port) }
        try container.encode(modes, forKey: .modes)
        try container.encode(problems, forKey: .problems)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        raw = try container.decode(String.self, forKey: .raw)
        service = try container.decode(String.self, forKey: .service)
        host = try container.decode(String.self, forKey: .host)
        wildcard = try container.decode(Bool.self, forKey: .wildcard)
        port = try container.decodeIfPresent(Int.self, forKey: .port)
        modes = try container.decodeIfPresent([String].self, forKey: .modes) ?? []
        problems = try container.decodeIfPresent([DomainProblem].self, forKey: .problems) ?? []
    }
}
