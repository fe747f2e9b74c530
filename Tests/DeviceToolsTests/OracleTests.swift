import DeviceTools
import Foundation
import SiteAssociation
import TestSupport
import Testing

@Suite struct OracleGeneratorTests {
    static let run = OracleGenerator.cases(count: 2000, runSeed: 7)

    @Test func sameSeedSameCasesAndHalfComeFromTheFixedSeed() {
        let again = OracleGenerator.cases(count: 2000, runSeed: 7)
        #expect(again == Self.run)
        let other = OracleGenerator.cases(count: 2000, runSeed: 8)
        #expect(
            Array(other.prefix(1000)) == Array(Self.run.prefix(1000)),
            "the fixed half does not depend on the run seed")
        #expect(Array(other.suffix(1000)) != Array(Self.run.suffix(1000)))
        #expect(Self.run.count == 2000)
        #expect(Set(Self.run.map(\.id)).count == 2000)
        #expect(Self.run.first?.id == "f00000" && Self.run.last?.id == "r00999")
        #expect(OracleGenerator.cases(count: 3, runSeed: 1).map(\.id) == ["f00000", "f00001", "r00000"])
    }

    @Test func everyGeneratedFileIsStrictJSONTheDeviceAccepts() {
        for testCase in Self.run {
            let document = AssociationDocument.parse(Data(testCase.association.utf8))
            #expect(document.deviceAccepts, "\(testCase.id): \(document.diagnostics.map(\.message))")
            #expect(document.file?.applinksAppIDs.contains(OracleGenerator.appID) == true, "\(testCase.id)")
            #expect((try? JSONSerialization.jsonObject(with: Data(testCase.association.utf8))) != nil)
        }
    }

    @Test func theFeatureSpaceIsCovered() {
        let files = Self.run.map(\.association)
        func share(_ predicate: (String) -> Bool, _ texts: [String]) -> Double {
            Double(texts.filter(predicate).count) / Double(texts.count)
        }
        let fileFeatures = [
            "\"components\"", "\"paths\"", "\"NOT ", "\"exclude\": true", "\"caseSensitive\": false",
            "\"caseSensitive\": true", "\"percentEncoded\": false", "\"percentEncoded\": true",
            "\"substitutionVariables\"", "$(ids)", "$(digit)", "$(alpha)", "\"?\": {", "\"?\": \"",
            "\"#\"", "*", "?*", "\u{E9}", "%C3%A9", "\"appID\"", OracleGenerator.otherAppID,
            "\"comment\"",
        ]
        for feature in fileFeatures {
            #expect(share({ $0.contains(feature) }, files) > 0.01, "files with \(feature)")
        }
        let parsed = Self.run.compactMap { AssociationDocument.parse(Data($0.association.utf8)).file?.applinks }
        #expect(parsed.contains { $0.defaults != nil }, "file-level defaults")
        #expect(parsed.contains { $0.details.contains { $0.defaults != nil } }, "detail-level defaults")
        let urls = Self.run.map(\.url)
        let urlFeatures: [(String, (String) -> Bool)] = [
            ("a query", { $0.contains("?") }), ("a fragment", { $0.contains("#") }),
            ("percent-encoding", { $0.contains("%") }), ("non-ASCII, encoded", { $0.contains("%C3%") }),
            ("upper case in the path", { $0.dropFirst(8).contains { $0.isUppercase } }),
            ("a trailing slash", { $0.split(separator: "?")[0].hasSuffix("/") }),
            ("an empty query", { $0.hasSuffix("?") }), ("a plus", { $0.contains("+") }),
            (
                "a repeated key",
                { url in
                    let query = url.split(separator: "?").dropFirst().first?.split(separator: "#").first ?? ""
                    let keys = query.split(separator: "&").map { $0.split(separator: "=").first ?? "" }
                    return Set(keys).count < keys.count
                }
            ),
        ]
        for (name, predicate) in urlFeatures {
            #expect(share(predicate, urls) > 0.005, "URLs with \(name)")
        }
    }

    @Test func ourDecisionsAreSpreadOverAllThreeAnswers() {
        var counts: [Decision: Int] = [:]
        for testCase in Self.run { counts[testCase.ourDecision(), default: 0] += 1 }
        for decision in Decision.allCases {
            #expect(counts[decision, default: 0] >= 100, "\(decision): \(counts)")
        }
    }
}

@Suite struct OracleComparisonTests {
    let buy = OracleCase(
        id: "buy", host: "example.com", appID: "ABCDE12345.com.example.app",
        url: "https://example.com/buy/42",
        association: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "#
            + #""components": [{"/": "/buy/*"}, {"/": "/admin", "exclude": true}]}]}}"#)

    private func text(_ name: String) throws -> String {
        String(decoding: try Fixtures.data("devicetools/\(name)"), as: UTF8.self)
    }

    @Test func recordedOutputsAgreeOrDisagreeWithOurDecision() throws {
        let matched = OracleComparison.compare(buy, stdout: try text("verify-stdout.txt"), stderr: "")
        #expect(matched.status == .agree && matched.apple == .matched && matched.ours == .match)
        var admin = buy
        admin.url = "https://example.com/admin"
        let blocked = OracleComparison.compare(admin, stdout: try text("verify-blocked-stdout.txt"), stderr: "")
        #expect(blocked.status == .agree && blocked.ours == .exclude)
        // swcutil exits 0 and prints "did not match" on stderr: for /buy/42 that is a disagreement.
        let noMatch = OracleComparison.compare(buy, stdout: "", stderr: try text("verify-nomatch-stderr.txt"))
        #expect(noMatch.status == .disagree && noMatch.apple == .noMatch)
        #expect(noMatch.regressionCase.apple == .noMatch && noMatch.regressionCase.ours == .match)
        #expect(noMatch.regressionCase.appleOutput == "Input JSON did not match input URL.")
        let domain = OracleComparison.compare(buy, stdout: "", stderr: try text("verify-domain-stderr.txt"))
        #expect(domain.status == .inconclusive)
        #expect(OracleComparison.compare(buy, stdout: nil, stderr: nil).status == .inconclusive)
        #expect(OracleComparison.compare(buy, stdout: "", stderr: "").status == .inconclusive)
    }

    @Test func summaryFailsOnADisagreementAndOnARunWithoutAnswers() throws {
        let agree = OracleComparison.compare(buy, stdout: try text("verify-stdout.txt"), stderr: "")
        let disagree = OracleComparison.compare(buy, stdout: "", stderr: "Input JSON did not match input URL.")
        let silent = OracleComparison.compare(buy, stdout: "", stderr: "")
        #expect(OracleComparison.summarise(Array(repeating: agree, count: 10)).passes())
        #expect(!OracleComparison.summarise(Array(repeating: agree, count: 10) + [disagree]).passes())
        #expect(OracleComparison.summarise(Array(repeating: agree, count: 10) + [silent]).passes())
        #expect(!OracleComparison.summarise(Array(repeating: agree, count: 2) + [silent]).passes())
        #expect(!OracleComparison.summarise([]).passes())
        let summary = OracleComparison.summarise([agree, disagree, silent])
        #expect(summary.lines.first == "cases: 3, agree: 1, disagree: 1, inconclusive: 1")
    }
}

@Suite struct OracleRunDirectoryTests {
    /// What swcutil prints for `decision` (the formats in Tests/Fixtures/devicetools).
    static func swcutilOutput(_ testCase: OracleCase, _ decision: Decision) -> (String, String) {
        let head = "{ s = applinks, a = \(testCase.appID), d = \(testCase.host) }: Pattern \"\(testCase.url)\""
        return switch decision {
        case .match: (head + " matched.\n", "")
        case .exclude: (head + " blocked match.\n", "")
        case .noMatch: ("", "Input JSON did not match input URL.\n")
        }
    }

    @Test func writeRecordCompareWritesEachDisagreementAsARegressionCase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases = OracleGenerator.cases(count: 40, runSeed: 3)
        let run = OracleRunDirectory(url: directory)
        try run.write(cases)
        let script = String(decoding: try Data(contentsOf: run.scriptURL), as: UTF8.self)
        let lines = script.split(separator: "\n").filter { $0.hasPrefix("/usr/bin/swcutil verify -d example.com -j ") }
        #expect(lines.count == 40)
        #expect(lines[0].hasSuffix(" >\(run.url.path)/out/f00000.stdout 2>\(run.url.path)/out/f00000.stderr"))
        #expect(try run.cases() == cases)
        // The recorded answers: ours for every case but one, flipped.
        let flipped = cases[5]
        for testCase in cases {
            var decision = testCase.ourDecision()
            if testCase.id == flipped.id { decision = decision == .match ? .noMatch : .match }
            let (stdout, stderr) = Self.swcutilOutput(testCase, decision)
            try Data(stdout.utf8).write(to: directory.appendingPathComponent("out/\(testCase.id).stdout"))
            try Data(stderr.utf8).write(to: directory.appendingPathComponent("out/\(testCase.id).stderr"))
        }
        let (summary, _) = try run.compare()
        #expect(summary.total == 40 && summary.agreed == 39 && summary.disagreed == 1)
        #expect(!summary.passes())
        let written = try FileManager.default.contentsOfDirectory(atPath: run.regressionsURL.path)
        #expect(written == ["\(flipped.id).json"])
        let regression = try OracleCase.decode(Data(contentsOf: run.regressionsURL.appendingPathComponent(written[0])))
        #expect(regression.url == flipped.url && regression.association == flipped.association)
        #expect(regression.ours == flipped.ourDecision())
        #expect(regression.apple != nil && regression.apple != AppleMatcherOutcome.unknown)
        let summaryText = String(
            decoding: try Data(contentsOf: directory.appendingPathComponent("summary.txt")),
            as: UTF8.self)
        #expect(summaryText.contains("\(flipped.id): disagree"))
    }

    @Test func unsafeIDsAreRefused() {
        var testCase = OracleGenerator.cases(count: 1, runSeed: 1)[0]
        testCase.id = "../escape"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = OracleRunDirectory(url: folder)
        #expect(throws: OracleError.unsafeID("../escape")) { try run.write([testCase]) }
    }
}

/// The repository's regression cases: Apple's recorded answer must be ours.
@Suite struct OracleRegressionCaseTests {
    static let directory = Fixtures.url("oracle/regressions")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func thereAreRegressionCases() {
        #expect(Self.names.count >= 7)
    }

    @Test(arguments: names)
    func ourMatcherGivesApplesRecordedAnswer(name: String) throws {
        let testCase = try OracleCase.decode(Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let apple = try #require(testCase.apple, "\(name) records Apple's answer")
        let comparison = MatcherComparison(appID: testCase.appID, ours: testCase.ourDecision(), apple: apple)
        #expect(comparison.agrees == true, "\(name): \(comparison.summary)")
    }
}
