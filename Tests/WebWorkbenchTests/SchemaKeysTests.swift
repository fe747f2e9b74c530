import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// The OpenAPI document's schemas say what the encoded types write: every key an answer holds is
/// a property of its schema, and every required property is there; and each schema that a Swift
/// type encodes lists exactly the keys that type writes. The answers are the real ones, of a
/// document with both apps, a URL list, a triaged finding and edited hosts, so optional keys
/// are written too; a key added to a Codable type without its schema fails here, and so does a
/// schema property no type writes.
@Suite struct SchemaKeysTests {
    nonisolated(unsafe) static let document =
        try! JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as! [String: Any]
    nonisolated(unsafe) static let schemas =
        ((document["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:]

    /// The schema `reference` names (`#/components/schemas/X`), or the schema itself.
    static func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String else { return schema }
        let name = String(reference.split(separator: "/").last ?? "")
        return (schemas[name] as? [String: Any]).map(resolve) ?? [:]
    }

    /// Every key of `value` is a property of `schema`, every required one is present, and so on
    /// down the properties and array items the schema describes. Returns the problems at `path`.
    /// Of a `oneOf`, the value must fit one alternative.
    static func problems(_ value: Any, _ schema: [String: Any], _ path: String) -> [String] {
        if let alternatives = schema["oneOf"] as? [[String: Any]] {
            let found = alternatives.map { problems(value, $0, path) }
            return found.contains { $0.isEmpty } ? [] : ["\(path) fits no alternative of its oneOf"] + found.joined()
        }
        let schema = resolve(schema)
        var found: [String] = []
        // The kinds a JSON reader tells apart without doubt: object, array, string (and null).
        let kinds = (schema["type"] as? String).map { [$0] } ?? (schema["type"] as? [String]) ?? []
        let kind =
            value is NSNull
            ? "null"
            : value is [String: Any]
                ? "object"
                : value is [Any]
                    ? "array"
                    : value is String ? "string" : nil
        if let kind, !kinds.isEmpty, !kinds.contains(kind) {
            found.append("\(path) is \(kind), the schema says \(kinds.joined(separator: " or "))")
        }
        if let object = value as? [String: Any], let properties = schema["properties"] as? [String: Any] {
            for key in object.keys.sorted() where properties[key] == nil {
                found.append("\(path).\(key) is written but not in the schema")
            }
            for key in (schema["required"] as? [String]) ?? [] where object[key] == nil {
                found.append("\(path).\(key) is required but not written")
            }
            for (key, property) in properties {
                if let child = object[key], !(child is NSNull), let propertySchema = property as? [String: Any] {
                    found += problems(child, propertySchema, "\(path).\(key)")
                }
            }
        } else if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, item) in array.enumerated() { found += problems(item, items, "\(path)[\(index)]") }
        }
        return found
    }

    /// The schema of `route`'s first 2xx JSON answer.
    static func answerSchema(_ route: APIRoute) throws -> [String: Any] {
        try answerSchema(route.path, route.method.rawValue.lowercased())
    }

    /// The schema of `operation`'s first 2xx JSON answer (written there or shared by reference).
    static func answerSchema(_ path: String, _ method: String) throws -> [String: Any] {
        let paths = try #require(document["paths"] as? [String: Any])
        let operation = try #require((paths[path] as? [String: Any])?[method] as? [String: Any], "\(method) \(path)")
        let responses = try #require(operation["responses"] as? [String: Any])
        let code = try #require(responses.keys.sorted().first { $0.hasPrefix("2") })
        var success = try #require(responses[code] as? [String: Any])
        if let reference = success["$ref"] as? String {  // a shared answer: `#/components/responses/X`
            let shared = (document["components"] as? [String: Any])?["responses"] as? [String: Any]
            success = try #require(shared?[String(reference.split(separator: "/").last ?? "")] as? [String: Any])
        }
        let content = try #require(success["content"] as? [String: Any])
        let json = try #require(content["application/json"] as? [String: Any])
        return try #require(json["schema"] as? [String: Any])
    }

    /// The answers of the sample document, each with the route that gave it: its view, list,
    /// URL list page, a finding, a triage, edited hosts, the probe kit; with `android`, the APK
    /// added first and an Android host's file replaced too.
    static func answers(
        _ client: some TestClientProtocol, _ fixture: WebFixture, android: Bool
    ) async throws -> [(APIRoute, TestResponse)] {
        let id = try await DocumentAPITests.openSample(client, fixture)
        var answers: [(APIRoute, TestResponse)] = []
        var domain = WebFixture.bearer
        domain[HTTPField.Name("X-LinkLab-Domain")!] = "example.com"
        let opened = try await client.execute(
            uri: "/api/documents", method: .post, headers: domain, body: ByteBuffer(string: #"{"applinks": {}}"#))
        answers.append((.openDocument, opened))
        if android {
            let apk = try Data(contentsOf: sample("LinkLabSample.apk"))
            answers.append((.addApp, try await AndroidAPITests.addApp(client, id, apk, name: "LinkLabSample.apk")))
            try await fixture.server.settle(id)
        }
        let lines = #"{"lines": "https://example.com/buy/1\nnot a url\n! https://example.com/account/delete"}"#
        _ = try await PresentationAPITests.post(client, "/api/documents/\(id)/urls", lines, method: .put)
        let file =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "#
            + #""components": [{"/": "/x/*"}]}]}}"#
        let hosts = "/api/documents/\(id)/hosts"
        answers.append(
            (
                .editHostText,
                try await PresentationAPITests.post(client, "\(hosts)/go.example.net/text", file, method: .put)
            ))
        answers.append(
            (
                .useFileForHost,
                try await PresentationAPITests.post(client, "\(hosts)/shop.example.com/file", file, method: .put)
            ))
        if android {
            let host = try #require(AndroidAPITests.androidHosts.first)
            let statements = try String(contentsOf: sample("assetlinks/\(host).json"), encoding: .utf8)
            let uri = "\(hosts)/\(host)/file?platform=android"
            answers.append(
                (.useFileForHost, try await PresentationAPITests.post(client, uri, statements, method: .put)))
        }
        let documentJSON = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)"))
        let findings = try #require(documentJSON["findings"] as? [[String: Any]])
        let fingerprint = try #require(findings.first?["fingerprint"] as? String)
        let triage = #"{"status": "confirmed", "note": "seen"}"#
        answers.append(
            (
                .setTriage,
                try await PresentationAPITests.post(
                    client, "/api/documents/\(id)/triage/\(fingerprint)", triage, method: .put)
            ))
        let gets: [(APIRoute, String)] = [
            (.listDocuments, "/api/documents"),
            (.documentView, "/api/documents/\(id)/view"),
            (.urlListPage, "/api/documents/\(id)/urls?limit=10"),
            (.findingDetail, "/api/documents/\(id)/findings/\(fingerprint)"),
            (.probeKit, "/api/documents/\(id)/probes"),
        ]
        for (route, uri) in gets { answers.append((route, try await DocumentAPITests.get(client, uri))) }
        return answers
    }

    @Test(arguments: [false, true]) func everyAnswerWritesExactlyWhatItsSchemaDescribes(android: Bool) async throws {
        let fixture = try WebFixture(settings: android ? AndroidAPITests.settings : DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            for (route, response) in try await Self.answers(client, fixture, android: android) {
                #expect(response.status.code / 100 == 2, "\(route): \(response.status)")
                let value = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                let found = Self.problems(value, try Self.answerSchema(route), "\(route)")
                #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
            }
        }
    }

    /// The schemas a Codable type (with synthesized coding keys) encodes, with the type: its keys
    /// are its stored properties, optional ones too (`storedKeys`).
    nonisolated(unsafe) static let codableTypes: [String: any Decodable.Type] = [
        "FindingListPatch": FindingListPatch.self, "URLListPage": URLListPage.self, "PhaseStatus": PhaseStatus.self,
        "FindingRowPresentation": FindingRowPresentation.self,
        "FindingListPresentation": FindingListPresentation.self,
        "FindingDetailPresentation": FindingDetailPresentation.self, "Block": DomainPresentation.Block.self,
        "ShownFile": DomainPresentation.File.self, "DomainPresentation": DomainPresentation.self,
        "URLTestPresentation": URLTestPresentation.self, "Verdict": URLTestPresentation.Verdict.self,
        "PlatformExpectation": URLTestPresentation.PlatformExpectation.self,
        "PlatformOutcome": CrossPlatformPresentation.PlatformOutcome.self, "Badge": Badge.self,
        "PanelCell": PanelCell.self, "PanelRow": PanelRow.self, "PanelBlock": PanelBlock.self, "Panel": Panel.self,
        "AppSection": AppSection.self, "HostSlot": HostSlot.self, "HostActions": HostActions.self,
        "CrossPlatformCell": CrossPlatformPresentation.Cell.self, "CrossPlatform": CrossPlatformPresentation.self,
        "URLListPresentation": URLListPresentation.self, "LabeledText": LabeledText.self,
        "DocumentPresentation": DocumentPresentation.self, "AndroidHostCard": AndroidHostCard.self,
        "ProductHost": ProductHostPresentation.self,
    ]

    /// Values of the Codable types no sample answer writes, as JSON (`LabeledText` is in no
    /// answer's schema; the sample's hosts answer no headers, so no `Block`).
    static let handSamples: [String: String] = [
        "Block": #"{"title": "Headers", "lines": []}"#, "LabeledText": #"{"label": "Team", "text": "ABCDE12345"}"#,
    ]

    /// The schemas a type that cannot be decoded from an answer encodes (Encodable only, or
    /// private to the route code), by the type's name: their keys are the ones the sample
    /// answers write, and those `unwritten` lists.
    static let encodableTypes: [String: String] = [
        "Created": "\(CreatedDocument.self)", "DocumentList": "WorkbenchServer.DocumentList (private)",
        "DocumentSummary": "\(DocumentListEntry.self)", "HostReport": "\(HostStatus.self)",
        "TriagedFinding": "WorkbenchServer.TriageAnswer (private)", "AddedApp": "WorkbenchServer.AddedApp (private)",
        "ProbeKitPresentation": "\(ProbeKitPresentation.self)",
    ]

    /// Keys of Encodable-only types that the sample answers do not write: `emptyMessage` is
    /// written only for a kit with no probes.
    static let unwritten: [String: Set<String>] = ["ProbeKitPresentation": ["emptyMessage"]]

    /// Keys an answer writes beside a Codable type's own: the view (`WorkbenchServer.ViewAnswer`)
    /// is the `DocumentPresentation` and its `urlList`.
    static let beside: [String: Set<String>] = ["DocumentPresentation": ["urlList"]]

    /// The keys a Codable type writes: the stored properties of a value decoded from `sample` (a
    /// nil optional is a property too; with synthesized coding keys the keys are their names).
    static func storedKeys<Value: Decodable>(_ type: Value.Type, _ sample: Data) throws -> Set<String> {
        Set(Mirror(reflecting: try JSONDecoder().decode(Value.self, from: sample)).children.compactMap(\.label))
    }

    /// What the sample answers write, by schema name: every key, and one object as JSON.
    struct Written: Sendable {
        var keys: [String: Set<String>] = [:]
        var samples: [String: Data] = [:]

        mutating func merge(_ other: Written) {
            keys.merge(other.keys) { $0.union($1) }
            samples.merge(other.samples) { first, _ in first }
        }
    }

    /// Adds to `written`, under a schema's name, the keys of each object in `value` that the
    /// schema named by a `$ref` describes, down the properties and items `schema` describes (of a
    /// `oneOf`, the alternative `value` fits).
    static func collectKeys(_ value: Any, _ schema: [String: Any], into written: inout Written) {
        var schema = schema
        if let alternatives = schema["oneOf"] as? [[String: Any]] {
            guard let fit = alternatives.first(where: { problems(value, $0, "").isEmpty }) else { return }
            schema = fit
        }
        if let reference = schema["$ref"] as? String, let object = value as? [String: Any] {
            let name = String(reference.split(separator: "/").last ?? "")
            written.keys[name, default: []].formUnion(object.keys)
            if written.samples[name] == nil {
                written.samples[name] = try? JSONSerialization.data(withJSONObject: object)
            }
        }
        let resolved = resolve(schema)
        if let object = value as? [String: Any], let properties = resolved["properties"] as? [String: Any] {
            for (key, child) in object {
                if let property = properties[key] as? [String: Any] { collectKeys(child, property, into: &written) }
            }
        } else if let array = value as? [Any], let items = resolved["items"] as? [String: Any] {
            for item in array { collectKeys(item, items, into: &written) }
        }
    }

    /// Each schema a Swift type encodes lists exactly the keys the type writes: a Codable type's
    /// stored properties, an Encodable-only type's keys in the sample answers (with the APK and
    /// without) and `unwritten`. Every answer's keys are among them.
    @Test func everySchemaOfASwiftTypeListsExactlyTheKeysItsTypeWrites() async throws {
        var written = Written()
        for android in [false, true] {
            let fixture = try WebFixture(settings: android ? AndroidAPITests.settings : DocumentAPITests.sampleSettings)
            let found = try await fixture.application.test(.router) { client in
                var found = Written()
                for (route, response) in try await Self.answers(client, fixture, android: android) {
                    let value = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                    Self.collectKeys(value, try Self.answerSchema(route), into: &found)
                }
                return found
            }
            written.merge(found)
        }
        #expect(Set(Self.codableTypes.keys).isDisjoint(with: Self.encodableTypes.keys))
        for name in Set(Self.codableTypes.keys).union(Self.encodableTypes.keys).sorted() {
            let schema = try #require(Self.schemas[name] as? [String: Any], "no schema \(name)")
            let properties = Set(try #require(schema["properties"] as? [String: Any], "\(name)").keys)
            let keys: Set<String>
            if let type = Self.codableTypes[name] {
                let sample = try #require(
                    written.samples[name] ?? Self.handSamples[name].map { Data($0.utf8) }, "\(name)")
                keys = try Self.storedKeys(type, sample).union(Self.beside[name, default: []])
                let stray = written.keys[name, default: []].subtracting(keys)
                #expect(stray.isEmpty, "\(name): written but not a property of \(type): \(stray.sorted())")
            } else {
                keys = written.keys[name, default: []].union(Self.unwritten[name, default: []])
            }
            let difference =
                "in the schema only \(properties.subtracting(keys).sorted()), "
                + "written only \(keys.subtracting(properties).sorted())"
            let typeName = Self.codableTypes[name].map { "\($0)" } ?? Self.encodableTypes[name] ?? ""
            #expect(properties == keys, "\(name) (\(typeName)): \(difference)")
        }
    }

    /// The checker finds what it is for: a key the schema lacks, a required key missing.
    @Test func theCheckerFindsAnUndescribedKeyAndAMissingRequiredOne() {
        let list: [String: Any] = ["type": "array", "items": ["$ref": "#/components/schemas/DocumentList"]]
        let schema: [String: Any] = [
            "type": "object", "required": ["a"],
            "properties": ["a": ["type": "string"], "b": list],
        ]
        let found = Self.problems(["b": [["documents": [], "extra": 1]]], schema, "x")
        #expect(found.contains("x.a is required but not written"))
        #expect(Self.problems(["a": ["not": "a string"]], schema, "y") == ["y.a is object, the schema says string"])
        #expect(found.contains("x.b[0].extra is written but not in the schema"))
    }
}
