import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND011Tests {
    @Test func debuggableAndTestOnlyFixture() throws {
        let found = AND011DebuggableOrTestOnly().evaluate(AndroidFacts(snapshot: try F.apk("debug-v2.apk")))
        #expect(found.count == 1)
        #expect(found.first?.evidence.count == 2)
        #expect(AND011DebuggableOrTestOnly().evaluate(AndroidFacts(snapshot: try F.apk())).isEmpty)
    }
}
