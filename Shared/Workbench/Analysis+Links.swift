import Foundation
import Reports

extension Analysis {
    /// Most sample links made from claimed paths (a file can claim thousands).
    public static let maxSampleLinks = 200

    /// The test-link page: one sample URL per path the app's domains claim for it, then the
    /// tester's URLs; each link says what the tester should see (the tester's expectation,
    /// else the verdict predicted here for the app).
    public func testLinkPage(toolVersion: String) -> TestLinkPage {
        TestLinkPage(
            title: "Test links: \(appName)",
            introduction: """
                Links for \(snapshot.mainBundle?.applicationIdentifier ?? appName). Green links should open the app, \
                red ones should stay in the browser; a link that does otherwise is a finding to confirm.
                """,
            links: claimedPathLinks + testerLinks,
            generatedBy: noteAudience.generatedBy(toolVersion: toolVersion)
        )
    }

    /// The tester's URLs with their expectation (or the predicted verdict when they gave none).
    public var testerLinks: [TestLinkPage.Link] {
        urlTests.map { test in
            let verdict = appVerdict(test)
            let predicted =
                verdict.map {
                    "predicted: \(Self.verdictText($0))\($0.decision == .noMatch ? "" : " (\(Self.ruleText($0)))")"
                }
                ?? "no verdict"
            let source = test.line.map { "URL list line \($0)" } ?? "--url"
            switch test.expectation {
            case .mustOpen:
                return TestLinkPage.Link(
                    url: test.url, expectation: .opensApp,
                    note: "\(source); must open the app; \(predicted)")
            case .mustNotOpen:
                return TestLinkPage.Link(
                    url: test.url, expectation: .staysInBrowser,
                    note: "\(source); must not open the app; \(predicted)")
            case .none:
                return TestLinkPage.Link(
                    url: test.url, expectation: Self.expectation(verdict?.decision),
                    note: "\(source); \(predicted)")
            }
        }
    }

    /// One sample URL per claimed path pattern of the app's applinks domains, with the verdict
    /// predicted for the app (a shadowed or excluded sample is expected to stay in the browser).
    public var claimedPathLinks: [TestLinkPage.Link] {
        let decisions = URLDecisions(hosts: hosts, reports: domains, snapshot: snapshot)
        let samples = Self.claimedSamples(decisions, limit: Self.maxSampleLinks)
        let tests = decisions.decide(samples.map { URLListEntry(url: $0.url) })
        return zip(tests, samples).map { test, sample in
            let verdict = appVerdict(test)
            return TestLinkPage.Link(
                url: test.url, expectation: Self.expectation(verdict?.decision),
                note: "sample of \(sample.place) on \(sample.host); "
                    + "predicted: \(verdict.map(Self.verdictText) ?? "no verdict")")
        }
    }

    /// A sample URL of one path pattern the app claims: the domain's host, the pattern, and where
    /// the rule stands in the file (`details[0].components[1]`).
    struct ClaimedSample: Equatable {
        var url: String
        var host: String
        var pattern: String
        var place: String
    }

    /// One sample per claimed path pattern (`claimedPatterns`) of each detail naming one of the
    /// app's IDs, over `decisions`' applinks domains in order; each URL once, at most `limit`.
    /// The test-link page (`claimedPathLinks`) and the probe kit (`ProbeKit.iosDrafts`) both
    /// start from these.
    static func claimedSamples(_ decisions: URLDecisions, limit: Int) -> [ClaimedSample] {
        var samples: [ClaimedSample] = []
        var seen: Set<String> = []
        for report in decisions.applinksDomains {
            guard let applinks = report.effectiveFile?.applinks else { continue }
            let host = authority(report)
            for (detailIndex, detail) in applinks.details.enumerated()
            where detail.appIDs.contains(where: decisions.appIDs.contains) {
                for (pattern, query, place) in claimedPatterns(detail, index: detailIndex) {
                    let url = TestLinkPage.sampleURL(host: host, pathPattern: pattern, query: query)
                    guard samples.count < limit, seen.insert(url).inserted else { continue }
                    samples.append(ClaimedSample(url: url, host: report.host, pattern: pattern, place: place))
                }
            }
        }
        return samples
    }

    /// Path patterns a detail claims (not excluded): `components` `/` values, else `paths` entries.
    static func claimedPatterns(_ detail: AppLinksDetail, index: Int) -> [(String, String?, String)] {
        var result: [(String, String?, String)] = []
        if let components = detail.components {
            for (ruleIndex, component) in components.enumerated() where component.exclude != true {
                guard let path = component.path ?? detail.defaults?.path else { continue }
                var query: String?
                if case .items(let items)? = component.query, !items.isEmpty {
                    query = items.map { "\($0.name)=\(Self.concrete($0.pattern))" }.joined(separator: "&")
                }
                result.append((path, query, "details[\(index)].components[\(ruleIndex)]"))
            }
        } else if let paths = detail.paths {
            for (ruleIndex, path) in paths.enumerated() where !path.uppercased().hasPrefix("NOT ") {
                result.append((path, nil, "details[\(index)].paths[\(ruleIndex)]"))
            }
        }
        return result
    }

    private static func concrete(_ pattern: String) -> String {
        var out = ""
        for character in pattern {
            switch character {
            case "*": out += "sample"
            case "?": out += "x"
            default: out.append(character)
            }
        }
        return out
    }

    private static func expectation(_ decision: Decision?) -> TestLinkPage.Expectation {
        switch decision {
        case .match?: return .opensApp
        case .exclude?, .noMatch?: return .staysInBrowser
        case nil: return .unspecified
        }
    }
}
