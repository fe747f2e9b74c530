import Foundation
import SiteAssociation

/// Encodes as one entry of the `urlTests` array of `scan` (the `results` entry of `match` in
/// `docs/cli.md`: `url`, `apps`), plus `expectation`, `domain` and `line` (explicit `null`
/// when absent).
extension URLTest: Codable {
    private enum CodingKeys: String, CodingKey {
        case url, apps, expectation, domain, line
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(String.self, forKey: .url),
            expectation: try container.decodeIfPresent(URLExpectation.self, forKey: .expectation) ?? .none,
            domain: try container.decodeIfPresent(String.self, forKey: .domain),
            verdicts: try container.decodeIfPresent([AppVerdict].self, forKey: .apps) ?? [],
            line: try container.decodeIfPresent(Int.self, forKey: .line))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(verdicts, forKey: .apps)
        try container.encode(expectation, forKey: .expectation)
        if let domain {
            try container.encode(domain, forKey: .domain)
        } else {
            try container.encodeNil(forKey: .domain)
        }
        if let line { try container.encode(line, forKey: .line) } else { try container.encodeNil(forKey: .line) }
    }
}
