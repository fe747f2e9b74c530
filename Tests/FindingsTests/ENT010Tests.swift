import Foundation
import Testing

@testable import Findings

@Suite struct ENT010Tests {
    let rule = ENT010ProfileExpiry()
    // Every profile in app/LinkLab.ipa expires 2036-01-01T00:00:00Z.
    static let expiry = Date(timeIntervalSince1970: 2_082_758_400)

    func findings(now: Date) throws -> [Finding] {
        var facts = try FactsFactory.appFacts("app/LinkLab.ipa")
        facts.options.now = now
        return rule.evaluate(facts)
    }

    @Test func reportsExpiredProfilesAsMedium() throws {
        let found = try findings(now: Self.expiry.addingTimeInterval(86_400))
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.severity == .medium && $0.explanation.contains("expired") })
    }

    @Test func reportsProfilesExpiringWithinTheWindow() throws {
        let found = try findings(now: Self.expiry.addingTimeInterval(-10 * 86_400))
        #expect(found.contains { $0.subject == "Payload/LinkLab.app" && $0.severity == .low })
    }

    @Test func silentLongBeforeExpiry() throws {
        #expect(try findings(now: Self.expiry.addingTimeInterval(-200 * 86_400)).isEmpty)
    }
}
