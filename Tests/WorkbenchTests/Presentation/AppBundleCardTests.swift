import AppInspection
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The App tab's cards, against the sample IPA (facts from `Samples/README.md`, the profile
/// generator `scripts/fixtures/fxsamples.py` and `Tests/Fixtures/EXPECTED.md`) and the XML/DER
/// fixtures.
@Suite struct AppBundleCardTests {
    static let sample = Result { try AppInspector.inspect(at: SampleScan.ipa) }

    private func allCards() throws -> [AppBundleCard] {
        AppBundleCard.cards(for: try Self.sample.get(), now: SampleScan.now)
    }

    private func main() throws -> AppBundleCard {
        try #require(try allCards().first)
    }

    @Test func everyBundleHasACardMainAppFirst() throws {
        let snapshot = try Self.sample.get()
        let cards = try allCards()
        #expect(cards.map(\.id) == snapshot.bundles.map(\.path))
        #expect(cards.first?.role == "app")
        #expect(Set(cards.map(\.role)).isSuperset(of: ["app", "extension", "appclip", "watch", "framework"]))
        #expect(try main().title == "com.example.app (app)")
    }

    @Test func identifiersNameTheAppIDAndTeam() throws {
        let lines = try main().identifiers
        #expect(lines.contains(LabeledText(label: "Bundle ID", text: "com.example.app")))
        #expect(lines.contains(LabeledText(label: "App ID", text: "ABCDE12345.com.example.app")))
        #expect(lines.contains(LabeledText(label: "Path", text: "Payload/LinkLab.app")))
        #expect(lines.first { $0.label == "Architectures" }?.text.hasPrefix("arm64") == true)
    }

    @Test func signedEntitlementsShowXMLAndDERAgreeing() throws {
        let table = try main().entitlements
        #expect(table.source == "xml+der")
        #expect(table.hasXML && table.hasDER)
        #expect(table.summary == "The XML (slot 5) and DER (slot 7) blobs agree.")
        #expect(table.rows.map(\.key) == table.rows.map(\.key).sorted())
        let domains = try #require(table.rows.first { $0.key == "com.apple.developer.associated-domains" })
        #expect(domains.differs == false)
        #expect(domains.xml == domains.der)
        for entry in ["applinks:example.com", "applinks:*.example.org", "applinks:go.example.net"] {
            #expect(domains.xml?.contains(entry) == true)
        }
        #expect(table.rows.first { $0.key == "get-task-allow" }?.xml == "true")
    }

    @Test func disagreeingBlobsAreMarkedWithBothValues() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("macho/xml-der-disagree.bin"))
        let bundle = try #require(snapshot.bundles.first)
        let table = AppBundleCard(bundle, in: snapshot, now: SampleScan.now).entitlements
        #expect(table.summary.hasPrefix("The XML and DER blobs disagree on com.apple.developer.associated-domains"))
        let row = try #require(table.rows.first { $0.key == "com.apple.developer.associated-domains" })
        #expect(row.differs)
        #expect(row.differences == [#"[0]: XML "applinks:example.com", DER "applinks:attacker.io""#])
        #expect(row.xml?.contains("applinks:example.com") == true)
        #expect(row.der == nil, "the DER value is not known in full, only where it differs")
        let agreeing = try #require(table.rows.first { $0.key == "application-identifier" })
        #expect(agreeing.differs == false)
        #expect(agreeing.xml == agreeing.der)
    }

    @Test func aDifferencesPathIsFiledUnderTheLongestKeyItStartsWith() {
        let keys: Set = ["com.apple", "com.apple.developer.associated-domains", "keychain-access-groups"]
        #expect(
            EntitlementsTable.topKey(of: "com.apple.developer.associated-domains[0]", among: keys)
                == "com.apple.developer.associated-domains")
        #expect(EntitlementsTable.topKey(of: "com.apple.x", among: keys) == "com.apple")
        #expect(EntitlementsTable.topKey(of: "only-in-der", among: keys) == "only-in-der")
        #expect(EntitlementsTable.topKey(of: "com.applesauce", among: keys) == "com.applesauce")
    }

    @Test func differencesSurviveTheSnapshotJSON() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("macho/xml-der-disagree.bin"))
        let decoded = try JSONDecoder().decode(AppSnapshot.self, from: JSONEncoder().encode(snapshot))
        let differences = try #require(snapshot.bundles.first?.slices.first?.entitlementsDifferences)
        #expect(differences.count == 1)
        #expect(decoded.bundles.first?.slices.first?.entitlementsDifferences == differences)
        let agreeing = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try Self.sample.get()))
        #expect(
            !String(describing: agreeing).contains("entitlementsDifferences"),
            "agreeing blobs add no key: inspect JSON and sessions keep their bytes")
    }

    @Test func profileShowsTeamExpiryDevicesAndCeiling() throws {
        let profile = try #require(try main().profile)
        #expect(profile.name == "LinkLab Sample Development")
        #expect(profile.team == "ABCDE12345 (Example Test Team)")
        #expect(profile.expires == "2036-01-01 00:00:00 UTC")
        #expect(profile.isExpired == false)
        #expect(profile.expiryText.hasPrefix("Valid for another 3"))
        #expect(profile.devices.count == 40)
        #expect(profile.devicesText == "40 devices")
        #expect(profile.devices.first == "00008110-001A2B3C4D5E6F00")
        #expect(profile.associatedDomainsCeiling.contains("applinks:example.com"))
        #expect(!profile.associatedDomainsCeiling.contains("applinks:go.example.net"))
        #expect(profile.notAllowed == ["applinks:go.example.net"])
    }

    @Test func anExpiredProfileSaysSo() throws {
        let later = Date(timeIntervalSince1970: 2_082_758_400 + 10 * 86_400)  // 2036-01-11
        let profile = try #require(AppBundleCard.cards(for: try Self.sample.get(), now: later).first?.profile)
        #expect(profile.isExpired)
        #expect(profile.expiryText == "Expired 10 days ago")
    }

    @Test func associatedDomainsCarryTheirProblemsAsText() throws {
        let rows = try main().associatedDomains
        let go = try #require(rows.first { $0.entry == "applinks:go.example.net" })
        #expect(go.allowedByProfile == false)
        #expect(go.problems.contains("error: the provisioning profile does not allow this entry (ENT-005)"))
        let wildcard = try #require(rows.first { $0.entry == "applinks:*.example.org" })
        #expect(wildcard.wildcard && wildcard.host == "example.org" && wildcard.allowedByProfile == true)
        #expect(
            rows.allSatisfy { row in row.problems.allSatisfy { $0.hasPrefix("error: ") || $0.hasPrefix("warning: ") } })
    }

    @Test func urlSchemesAreListed() throws {
        let card = try main()
        #expect(card.urlSchemes == ["linklab", "myapp", "linklab-oauth"])
        #expect(card.queriedSchemes == ["fb", "twitter", "linklab-beta"])
    }

    @Test func linkHandlersCarryEvidenceAndAFridaCommand() throws {
        let card = try main()
        let receivers = card.linkHandlers.filter { $0.kind == "receiver" }
        #expect(
            Set(receivers.map(\.name)) == [
                "application:continueUserActivity:restorationHandler:",
                "scene:continueUserActivity:", "scene:willConnectToSession:options:",
            ])
        #expect(card.linkHandlers.prefix(receivers.count).allSatisfy { $0.kind == "receiver" }, "receivers first")
        let handler = try #require(receivers.first { $0.name == "scene:continueUserActivity:" })
        #expect(handler.file == "Payload/LinkLab.app/LinkLab")
        #expect(handler.slice == "arm64")
        #expect(!handler.section.isEmpty)
        #expect(handler.offset > 0 && handler.offsetText == "0x" + String(handler.offset, radix: 16))
        #expect(handler.fridaCommand == #"frida-trace -U -f com.example.app -m "-[* scene:continueUserActivity:]""#)
        #expect(card.linkHandlers.filter { $0.kind != "receiver" }.allSatisfy { $0.fridaCommand == nil })
        #expect(
            card.fridaCommand == #"frida-trace -U -f com.example.app"#
                + #" -m "-[* application:continueUserActivity:restorationHandler:]""#
                + #" -m "-[* scene:continueUserActivity:]" -m "-[* scene:willConnectToSession:options:]""#)
    }

    @Test func frameworkReceiversAreTracedInTheAppsProcessExtensionsNot() throws {
        let cards = try allCards()
        let framework = try #require(cards.first { $0.role == "framework" })
        #expect(framework.fridaCommand == #"frida-trace -U -f com.example.app -m "-[* application:openURL:options:]""#)
        let clip = try #require(cards.first { $0.role == "appclip" })
        #expect(clip.fridaCommand?.hasPrefix("frida-trace -U -f com.example.app.Clip ") == true)
        for card in cards where card.role == "extension" || card.role == "watch" {
            #expect(card.fridaCommand == nil)
        }
    }

    @Test func cardsRoundTripAsJSONForTheWebFace() throws {
        let cards = try allCards()
        let data = try JSONEncoder().encode(cards)
        #expect(try JSONDecoder().decode([AppBundleCard].self, from: data) == cards)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(
            Set(object[0].keys).isSuperset(of: [
                "id", "title", "identifiers", "entitlements", "profile",
                "urlSchemes", "associatedDomains", "linkHandlers",
            ]))
    }

    @Test func aBareMachOWithoutProfileOrSignatureStillHasACard() throws {
        let snapshot = try AppInspector.inspect(at: Fixtures.url("macho/unsigned-arm64.bin"))
        let card = try #require(AppBundleCard.cards(for: snapshot, now: SampleScan.now).first)
        #expect(card.profile == nil)
        #expect(card.entitlements.summary == "No signed entitlements.")
        #expect(card.entitlements.rows.isEmpty)
        #expect(card.identifiers.first { $0.label == "Architectures" }?.text == "arm64, unsigned")
    }
}
