extension AssociatedDomain {
    /// Parses one entitlement entry; never throws (problems are listed on the value).
    public static func parse(_ entry: String) -> AssociatedDomain {
        var domain = AssociatedDomain(raw: entry, service: "", host: "", wildcard: false, port: nil, modes: [], problems: [])
        var problems: [DomainProblem] = []
        func add(_ kind: DomainProblem.Kind, _ severity: DomainProblem.Severity, _ message: String) {
            problems.append(DomainProblem(kind: kind, severity: severity, message: message))
        }

        guard let colon = entry.firstIndex(of: ":") else {
            add(.missingService, .error, "no service prefix (expected applinks:, webcredentials:, activitycontinuation: or appclips:)")
            domain.host = entry.lowercased()
            domain.problems = problems
            return domain
        }
        domain.service = String(entry[..<colon])
        var rest = Substring(entry[entry.index(after: colon)...])
        if !knownServices.contains(domain.service) {
            add(.unknownService, .error, "unknown service \"\(domain.service)\" (iOS knows applinks, webcredentials, activitycontinuation, appclips)")
        }

        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if rest.hasPrefix("//") || rest.contains("/") {
            add(.schemeOrPath, .error, "an entry names a host only: no scheme (https://) and no path")
            if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
            if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        }

        // Modes first: IP literals and localhost are allowed only in developer mode.
        if let query {
            parseModes(query, into: &domain, add: add)
        }

        var hostPart = rest
        var portText: Substring?
        if hostPart.hasPrefix("["), let close = hostPart.firstIndex(of: "]") {
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() }
            hostPart = hostPart[...close]
        } else if let portColon = hostPart.lastIndex(of: ":") {
            portText = hostPart[hostPart.index(after: portColon)...]
            hostPart = hostPart[..<portColon]
        }
        if let portText {
            if let port = Int(portText), (1...65535).contains(port), portText.allSatisfy(\.isASCIIDigit) {
                domain.port = port
                add(.portPresent, .warning, "entry names port \(port): Apple's technote says links on a domain with a port will not open the app")
            } else {
                add(.invalidPort, .error, "port \"\(portText)\" is not a number from 1 to 65535")
            }
        }

        var host = hostPart.lowercased()
        if host.hasPrefix("*.") {
            domain.wildcard = true
            host.removeFirst(2)
            if domain.service == "appclips" {
                add(.appClipWildcard, .error, "appclips: entries cannot use a *. wildcard")
            }
        }
        domain.host = host
        checkHost(host, developer: domain.isDeveloperMode, add: add)
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
        let labels = host.split(separator: ".", omittingEmptySubsequences: true)
        let isIPv4 = labels.count == 4 && labels.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }
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
