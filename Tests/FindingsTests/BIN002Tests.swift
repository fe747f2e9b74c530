import Findings
import Testing

@Suite struct BIN002Tests {
    let rule = BIN002ReceiversFound()

    @Test func locatesEachReceiverOfTheMainApp() throws {
        let finding = rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).first
        let places =
            finding?.evidence.compactMap { evidence -> BinaryLocation? in
                if case .binary(let place) =
                    evidence
                {
                    place
                } else {
                    nil
                }
            } ?? []
        #expect(
            places.contains {
                $0.symbol == "application:continueUserActivity:restorationHandler:" && $0.offset == 16699
                    && $0.section == "__TEXT,__objc_methname" && $0.slice == "arm64"
            })
        #expect(places.count == 3)
    }

    @Test func reportsTheFrameworkReceiverSeparately() throws {
        let subjects = rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa")).map(\.subject)
        #expect(subjects.contains("Payload/LinkLab.app"))
        #expect(subjects.contains("Payload/LinkLab.app/Frameworks/LinkSDK.framework"))
    }

    @Test func silentWithoutReceivers() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/no-receivers.bin")).isEmpty)
    }
}
