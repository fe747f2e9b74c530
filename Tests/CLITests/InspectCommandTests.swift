import Foundation
import TestSupport
import Testing

/// `linklab inspect` end to end: the built binary, its exit codes and its JSON contract.
@Suite struct InspectCommandTests {
    static func json(_ output: LinkLabProcess.Output) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: output.stdoutData)
        return try #require(object as? [String: Any], "stdout is not a JSON object: \(output.stdout.prefix(300))")
    }

    static func mainBundle(_ document: [String: Any]) throws -> [String: Any] {
        let bundles = try #require(document["bundles"] as? [[String: Any]])
        return try #require(bundles.first)
    }

    @Test(
        .enabled(
            if: Fixtures.sharedURL("fixtures/fastlane/very-capable-app.ipa") != nil,
            "Tests/Fixtures/third-party/fastlane is missing (the committed fastlane IPAs)"))
    func doneWhenFastlaneIPAShowsIdentifierDomainSelectorsAndProfile() throws {
        let path = try #require(Fixtures.sharedURL("fixtures/fastlane/very-capable-app.ipa")).path
        let output = try LinkLabProcess.run(["inspect", path, "--format", "json"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        let document = try Self.json(output)
        #expect(document["schemaVersion"] as? Int == 1)
        let source = try #require(document["source"] as? [String: Any])
        #expect(source["kind"] as? String == "ipa")
        #expect((source["sha256"] as? String)?.hasPrefix("78de685e89e5f867") == true)
        let app = try Self.mainBundle(document)
        #expect(app["role"] as? String == "app")
        #expect(app["path"] as? String == "Payload/very-capable-app.app")
        #expect(app["applicationIdentifier"] as? String == "TestFixture.org.fastlane.very-capable-app")
        #expect(app["entitlementsSource"] as? String == "xml")
        let entitlements = try #require(app["entitlements"] as? [String: Any])
        #expect(entitlements["application-identifier"] as? String == "TestFixture.org.fastlane.very-capable-app")
        let domains = try #require(app["associatedDomains"] as? [[String: Any]])
        #expect(domains.count == 1)
        #expect(domains.first?["service"] as? String == "webcredentials")
        #expect(domains.first?["host"] as? String == "example.com")
        #expect(domains.first?["wildcard"] as? Bool == false)
        #expect(domains.first?.keys.contains("port") == true && domains.first?["port"] is NSNull)
        #expect((domains.first?["modes"] as? [String])?.isEmpty == true)
        let slices = try #require(app["slices"] as? [[String: Any]])
        let handlers = Set(slices.flatMap { $0["linkHandlers"] as? [String] ?? [] })
        #expect(
            handlers.isSuperset(of: [
                "application:continueUserActivity:restorationHandler:", "application:openURL:options:",
                "application:handleOpenURL:", "application:openURL:sourceApplication:annotation:",
            ]))
        let slice = try #require(slices.first)
        for key in [
            "arch", "fileType", "signed", "adhoc", "encrypted", "signingIdentifier", "teamIdentifier",
            "linkHandlers", "outgoingLinks",
        ] {
            #expect(slice.keys.contains(key), "slice lacks \(key)")
        }
        let profile = try #require(app["provisioningProfile"] as? [String: Any])
        #expect(profile["name"] as? String == "org.fastlane.very-capable-app Development")
        #expect(profile["teamIdentifier"] as? [String] == ["TestFixture"])
        #expect(profile["expirationDate"] as? String == "2019-04-07T01:27:21Z")
        let ceiling = try #require(profile["entitlements"] as? [String: Any])
        #expect(ceiling["com.apple.developer.associated-domains"] as? String == "*")
        #expect(document["diagnostics"] is [Any])
    }

    @Test func contractKeysAreAlwaysPresentWithExplicitNulls() throws {
        let output =
            try LinkLabProcess.run(["inspect", Fixtures.url("zip/missing-executable.ipa").path, "--format", "json"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let app = try Self.mainBundle(try Self.json(output))
        for key in [
            "role", "path", "bundleIdentifier", "applicationIdentifier", "teamIdentifier", "urlSchemes",
            "entitlements", "entitlementsSource", "associatedDomains", "slices", "provisioningProfile",
        ] {
            #expect(app.keys.contains(key), "bundle lacks \(key)")
        }
        #expect(app["applicationIdentifier"] is NSNull)
        #expect(app["provisioningProfile"] is NSNull)
        #expect(app["entitlementsSource"] as? String == "none")
        #expect((app["entitlements"] as? [String: Any])?.isEmpty == true)
    }

    @Test func textOutputShowsBundlesDomainsAndHandlers() throws {
        let output = try LinkLabProcess.run(["inspect", Fixtures.url("app/LinkLab.ipa").path])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(!output.stdout.contains("\u{1B}["), "no colour when not a terminal")
        for expected in [
            "app  Payload/LinkLab.app", "extension  Payload/LinkLab.app/PlugIns/Share.appex",
            "appclip  Payload/LinkLab.app/AppClips/Clip.app", "ABCDE12345.com.example.linklab",
            "dev.example.com", "application:continueUserActivity:restorationHandler:",
            "LinkLab Development",
        ] {
            #expect(output.stdout.contains(expected), "text output lacks \(expected)")
        }
    }

    @Test func unpackedAppFolderAndBareMachOAreAccepted() throws {
        let folder = try LinkLabProcess.run(["inspect", Fixtures.url("app/LinkLab.app").path, "--format", "json"])
        #expect(folder.exitCode == 0, "\(folder.stderr)")
        #expect((try Self.json(folder)["source"] as? [String: Any])?["kind"] as? String == "app")
        let binary =
            try LinkLabProcess.run(["inspect", Fixtures.url("macho/arm64-applinks-der.bin").path, "--format", "json"])
        #expect(binary.exitCode == 0, "\(binary.stderr)")
        let bundle = try Self.mainBundle(try Self.json(binary))
        #expect(bundle["applicationIdentifier"] as? String == "ABCDE12345.com.example.linklab")
    }

    @Test(arguments: [
        "zip/bomb-ratio.ipa", "zip/bomb-declared-size.ipa", "zip/overlapping-entries.ipa", "zip/path-dotdot.ipa",
        "zip/path-dotdot-nested.ipa", "zip/path-absolute.ipa", "zip/name-nul.ipa", "zip/truncated.ipa",
        "zip/entry-count-claim.ipa", "zip/entry-count-claim-zip64.ipa",
    ])
    func hostileArchivesExitThreeWithOneLine(_ name: String) throws {
        let path = Fixtures.url(name).path
        let output = try LinkLabProcess.run(["inspect", path])
        #expect(output.exitCode == 3)
        #expect(!output.diedFromSignal)
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("linklab: \(path): "))
    }

    @Test(
        .enabled(
            if: Fixtures.sharedURL("fixtures/fastlane") != nil,
            "Tests/Fixtures/third-party/fastlane is missing (the committed fastlane IPAs)"),
        arguments: ["no-app-bundle.ipa", "not-an-ipa.ipa"])
    func fastlaneNonAppsExitThree(_ name: String) throws {
        let path = try #require(Fixtures.sharedURL("fixtures/fastlane/\(name)")).path
        let output = try LinkLabProcess.run(["inspect", path, "--format", "json"])
        #expect(output.exitCode == 3)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
    }

    @Test func missingFileExitsThree() throws {
        let output = try LinkLabProcess.run(["inspect", "/nonexistent/app.ipa"])
        #expect(output.exitCode == 3)
        #expect(output.stderr.contains("/nonexistent/app.ipa"))
    }

    @Test func partlyBrokenBundlesSucceedWithDiagnostics() throws {
        let output =
            try LinkLabProcess.run(["inspect", Fixtures.url("zip/malformed-infoplist.ipa").path, "--format", "json"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let diagnostics = try #require(try Self.json(output)["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["id"] as? String == "plist.malformed" })
    }
}

/// Truncated inputs through the real binary: exit 0 or 3, never a signal.
@Suite struct InspectTruncationTests {
    @Test func prefixesOfASmallIPAExitCleanly() throws {
        let data = try Fixtures.data("zip/tiny-valid.ipa")
        let folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("linklab-prefix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for length in [0, 1, 4, 22, 100, data.count / 2, data.count - 22, data.count - 1] {
            let file = folder.appendingPathComponent("prefix-\(length).ipa")
            try data.prefix(length).write(to: file)
            let output = try LinkLabProcess.run(["inspect", file.path, "--format", "json"])
            #expect(!output.diedFromSignal)
            #expect(output.exitCode == 3, "prefix \(length): \(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1)
        }
    }
}
