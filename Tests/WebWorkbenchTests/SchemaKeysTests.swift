import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// The OpenAPI document's schemas say what the encoded types write: every key an answer holds is
/// a property of its schema, and every required property is there. The answers are the real
/// ones, of a document with a URL list, a triaged finding and an edited host, so optional keys
/// are written too; a key added to a Codable type without its schema fails here.
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
    static func problems(_ value: Any, _ schema: [String: Any], _ path: String) -> [String] {
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

    @Test func everyAnswerWritesExactlyWhatItsSchemaDescribes() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let lines = #"{"lines": "https://example.com/buy/1\nnot a url\n! https://example.com/account/delete"}"#
            _ = try await PresentationAPITests.post(client, "/api/documents/\(id)/urls", lines, method: .put)
            let file =
                #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "#
                + #""components": [{"/": "/x/*"}]}]}}"#
            let hosts = "/api/documents/\(id)/hosts"
            let edited = try await PresentationAPITests.post(client, "\(hosts)/go.example.net/text", file, method: .put)
            let used = try await PresentationAPITests.post(client, "\(hosts)/shop.example.com/file", file, method: .put)
            let documentJSON = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)"))
            let findings = try #require(documentJSON["findings"] as? [[String: Any]])
            let fingerprint = try #require(findings.first?["fingerprint"] as? String)
            let triage = #"{"status": "confirmed", "note": "seen"}"#
            let triaged = try await PresentationAPITests.post(
                client, "/api/documents/\(id)/triage/\(fingerprint)",
                triage, method: .put)
            let answers: [(String, String, TestResponse)] = [
                ("/api/documents", "get", try await DocumentAPITests.get(client, "/api/documents")),
                (
                    "/api/documents/{id}/view", "get",
                    try await DocumentAPITests.get(client, "/api/documents/\(id)/view")
                ),
                (
                    "/api/documents/{id}/urls", "get",
                    try await DocumentAPITests.get(client, "/api/documents/\(id)/urls?limit=10")
                ),
                (
                    "/api/documents/{id}/findings/{fingerprint}", "get",
                    try await DocumentAPITests.get(client, "/api/documents/\(id)/findings/\(fingerprint)")
                ),
                ("/api/documents/{id}/triage/{fingerprint}", "put", triaged),
                ("/api/documents/{id}/hosts/{host}/text", "put", edited),
                ("/api/documents/{id}/hosts/{host}/file", "put", used),
            ]
            for (path, method, response) in answers {
                #expect(response.status.code / 100 == 2, "\(method) \(path): \(response.status)")
                let value = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                let found = Self.problems(value, try Self.answerSchema(path, method), "\(method) \(path)")
                #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
            }
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
