import Foundation

/// A deliberately naive matcher written straight from the spec, as an oracle for the compiled
/// one: recursive backtracking glob (exponential in the worst case, fine for short inputs),
/// Foundation's percent-decoding, whole-string lower-casing. It handles one detail's
/// `components` with defaults already merged by the caller.
enum ReferenceMatcher {
    struct Rule {
        var path: String?
        var query: String?
        var queryItems: [(String, String)]?
        var fragment: String?
        var exclude = false
        var caseSensitive = true
        var percentEncoded = true
    }

    indirect enum Token {
        case char(Character)
        case star
        case one
        case oneOf((Character) -> Bool)
        case choice([[Token]])
        case nothing
    }

    static func normalise(_ text: String) -> String {
        if text.isEmpty { return "/" }
        if text.count == 1 { return text }
        var out = ""
        for character in text {
            if character == "*" || character == "/", out.last == character { continue }
            out.append(character)
        }
        if !out.hasPrefix("/") && !out.hasPrefix("*") { out = "/" + out }
        if !out.hasSuffix("/") && !out.hasSuffix("*") { out += "/" }
        return out
    }

    static func tokens(_ pattern: String, variables: [String: [String]], fold: Bool, expand: Bool = true) -> [Token] {
        var result: [Token] = []
        var characters = Array(pattern)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "*" {
                result.append(.star)
            } else if character == "?" {
                result.append(.one)
            } else if expand, character == "$", characters.first == "(", let close = characters.firstIndex(of: ")"),
                !characters[characters.index(after: characters.startIndex)..<close].contains(where: {
                    $0 == "$" || $0 == "("
                })
            {
                let name = String(characters[characters.index(after: characters.startIndex)..<close])
                characters = characters[characters.index(after: close)...]
                result.append(variable(name, variables: variables, fold: fold))
            } else {
                result.append(.char(fold ? Character(String(character).lowercased()) : character))
            }
        }
        return result
    }

    static func variable(_ name: String, variables: [String: [String]], fold: Bool) -> Token {
        if let values = variables[name] {
            return .choice(values.map { tokens($0, variables: [:], fold: fold, expand: false) })
        }
        func ascii(_ test: @escaping (Character) -> Bool) -> Token {
            .oneOf { character in
                guard character.isASCII else { return false }
                if test(character) { return true }
                return fold && (test(Character(character.uppercased())) || test(Character(character.lowercased())))
            }
        }
        switch name {
        case "alpha": return ascii { $0.isLetter }
        case "upper": return ascii { $0.isUppercase }
        case "lower": return ascii { $0.isLowercase }
        case "alnum": return ascii { $0.isLetter || $0.isNumber }
        case "digit": return ascii { $0.isNumber }
        case "xdigit": return ascii { $0.isHexDigit }
        default: return .nothing
        }
    }

    static func glob(_ pattern: ArraySlice<Token>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let rest = pattern.dropFirst()
        switch first {
        case .star:
            var tail = text
            while true {
                if glob(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        case .one:
            return !text.isEmpty && glob(rest, text.dropFirst())
        case .char(let expected):
            return text.first == expected && glob(rest, text.dropFirst())
        case .oneOf(let test):
            guard let character = text.first else { return false }
            return test(character) && glob(rest, text.dropFirst())
        case .choice(let alternatives):
            return alternatives.contains { glob(ArraySlice($0 + Array(rest)), text) }
        case .nothing:
            return false
        }
    }

    static func matches(_ pattern: String, _ text: String, variables: [String: [String]], fold: Bool) -> Bool {
        glob(
            ArraySlice(tokens(pattern, variables: variables, fold: fold)),
            ArraySlice(Array(fold ? text.lowercased() : text)))
    }

    /// Decision for a URL split into raw path/query/fragment.
    static func decide(
        _ rules: [Rule], path: String, query: String?, fragment: String?,
        variables: [String: [String]]
    ) -> String {
        for rule in rules {
            let treat: (String) -> String = { raw in rule.percentEncoded ? raw : (raw.removingPercentEncoding ?? raw) }
            let fold = !rule.caseSensitive
            if let pattern = rule.path {
                let text = normalise(treat(path))
                if !matches(normalise(pattern), text, variables: variables, fold: fold) { continue }
            }
            if let pattern = rule.query {
                if !matches(pattern, treat(query ?? ""), variables: variables, fold: fold) { continue }
            }
            if let items = rule.queryItems {
                let pairs: [(String, String)] = (query ?? "").split(separator: "&").map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    return (treat(String(parts[0])), treat(parts.count > 1 ? String(parts[1]) : ""))
                }
                let ok = items.allSatisfy { name, pattern in
                    let values = pairs.filter { $0.0 == name }.map(\.1)
                    return (values.isEmpty ? [""] : values).allSatisfy {
                        matches(pattern, $0, variables: variables, fold: fold)
                    }
                }
                if !ok { continue }
            }
            if let pattern = rule.fragment {
                if !matches(pattern, treat(fragment ?? ""), variables: variables, fold: fold) { continue }
            }
            return rule.exclude ? "exclude" : "match"
        }
        return "no_match"
    }
}
