import Testing

@testable import Findings

@Suite struct ENT009Tests {
    let rule = ENT009NestedBundleDomains()

    @Test func listsTheShareClipAndWatchBundles() throws {
        let subjects = rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa")).map(\.subject).sorted()
        #expect(
            subjects == [
                "Payload/LinkLab.app/AppClips/Clip.app", "Payload/LinkLab.app/PlugIns/Share.appex",
                "Payload/LinkLab.app/Watch/Watch.app",
            ])
    }

    @Test func silentWhenOnlyTheMainAppHasDomains() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
    }
}
