import DeviceTools
import Foundation
import SiteAssociation
import TestSupport
import Testing

@Suite struct AppleMatcherTests {
    let ownApp: Set<String> = ["ABCDE12345.com.example.app"]

    private func text(_ name: String) throws -> String {
        String(decoding: try Fixtures.data("devicetools/\(name)"), as: UTF8.self)
    }

    @Test func verifyCommandIsSwcutilVerifyWithDomainFileAndURL() throws {
        let command = try SwcutilCommands.verify(
            host: "example.com", associationFile: "/tmp/aasa 1.json",
            url: "https://example.com/buy/42")
        #expect(command.executable == "/usr/bin/swcutil")
        #expect(
            command.arguments == [
                "verify", "-d", "example.com", "-j", "/tmp/aasa 1.json",
                "-u", "https://example.com/buy/42",
            ])
        #expect(command.commandLine.hasPrefix("sudo /usr/bin/swcutil verify -d example.com -j '/tmp/aasa 1.json'"))
    }

    @Test func verifyRejectsHostsThatAreNotHostnames() {
        #expect(throws: ToolInputError.invalidHost("exa mple.com")) {
            try SwcutilCommands.verify(host: "exa mple.com", associationFile: "/tmp/a.json", url: "https://x/")
        }
        #expect(throws: ToolInputError.invalidPath) {
            try SwcutilCommands.verify(host: "example.com", associationFile: "relative.json", url: "https://x/")
        }
    }

    @Test func administratorPromptRunsTheCommandThroughOsascriptWithQuotedForm() throws {
        let verify = try SwcutilCommands.verify(
            host: "example.com", associationFile: "/tmp/a\"b.json",
            url: "https://example.com/it's")
        let prompt = SwcutilCommands.withAdministratorPrompt(verify)
        #expect(prompt.executable == "/usr/bin/osascript")
        #expect(prompt.arguments.first == "-e")
        let script = try #require(prompt.arguments.last)
        #expect(script.hasPrefix("do shell script \""))
        #expect(script.hasSuffix("\" with administrator privileges"))
        // The embedded shell line is the quoted command line, with AppleScript's \ and " escaped.
        #expect(script.contains("'/tmp/a\\\"b.json'"))
        #expect(!script.contains("sudo"))
    }

    @Test func matchedLineForOwnAppIsMatchedAndOtherAppsAreLeftOut() throws {
        let answer = AppleMatcherAnswer.parse(stdout: try text("verify-stdout.txt"), stderr: "", appIDs: ownApp)
        #expect(
            answer.lines == [
                AppleMatcherLine(
                    service: "applinks", appID: "ABCDE12345.com.example.app",
                    domain: "example.com", url: "https://example.com/buy/42",
                    outcome: .matched)
            ])
        #expect(answer.otherAppLines == 1)
        #expect(answer.outcome(for: "ABCDE12345.com.example.app") == .matched)
    }

    @Test func blockedMatchIsBlocked() throws {
        let answer = AppleMatcherAnswer.parse(
            stdout: try text("verify-blocked-stdout.txt"), stderr: "",
            appIDs: ownApp)
        #expect(answer.outcome(for: "ABCDE12345.com.example.app") == .blocked)
    }

    @Test func didNotMatchOnStderrIsNoMatchForEveryApp() throws {
        let answer = AppleMatcherAnswer.parse(stdout: "", stderr: try text("verify-nomatch-stderr.txt"), appIDs: ownApp)
        #expect(answer.didNotMatch)
        #expect(answer.outcome(for: "ABCDE12345.com.example.app") == .noMatch)
    }

    @Test func otherDomainIsReportedWithBothDomains() throws {
        let answer = AppleMatcherAnswer.parse(stdout: "", stderr: try text("verify-domain-stderr.txt"), appIDs: ownApp)
        #expect(
            answer.domainMismatch
                == AppleMatcherAnswer.DomainMismatch(
                    input: "example.com",
                    urlDomain: "shop.example.com"))
        #expect(answer.outcome(for: "ABCDE12345.com.example.app") == .otherDomain)
    }

    @Test func unrecognisedOutputIsKeptBoundedAndIsUnknown() {
        let noise = (0..<500).map { "line \($0) " + String(repeating: "x", count: 2000) }.joined(separator: "\n")
        let answer = AppleMatcherAnswer.parse(stdout: noise, stderr: "SWCErrorDomain error 7", appIDs: ownApp)
        #expect(answer.outcome(for: "ABCDE12345.com.example.app") == .unknown)
        #expect(answer.unrecognised.count <= AppleMatcherAnswer.maximumKeptLines)
        #expect(answer.unrecognised.allSatisfy { $0.count <= AppleMatcherAnswer.maximumLineLength })
    }

    @Test func ownAppIDsMatchCaseSensitivelyOnTeamAndBundle() throws {
        let answer = AppleMatcherAnswer.parse(
            stdout: try text("verify-stdout.txt"), stderr: "",
            appIDs: ["abcde12345.com.example.app"])
        #expect(answer.lines.isEmpty)
        #expect(answer.otherAppLines == 2)
    }

    @Test func comparisonAgreesOnlyWhenBothSayTheSame() {
        let cases: [(Decision, AppleMatcherOutcome, Bool?)] = [
            (.match, .matched, true), (.exclude, .blocked, true), (.noMatch, .noMatch, true),
            (.match, .noMatch, false), (.noMatch, .matched, false), (.exclude, .matched, false),
            (.match, .blocked, false), (.match, .unknown, nil), (.noMatch, .otherDomain, nil),
        ]
        for (ours, apple, agrees) in cases {
            let comparison = MatcherComparison(appID: "A.b", ours: ours, apple: apple)
            #expect(comparison.agrees == agrees, "\(ours) vs \(apple)")
        }
        #expect(
            MatcherComparison(appID: "A.b", ours: .match, apple: .noMatch).summary
                == "Disagreement: we say the link opens the app; Apple's matcher says no rule matched.")
    }
}
