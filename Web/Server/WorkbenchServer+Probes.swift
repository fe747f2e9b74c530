import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Workbench

/// The handler probe kit's routes (docs/commands/serve.md): the Probes view (`ProbeKitPresentation`),
/// an outcome recorded per probe, a results file imported, the attacker host, the kit's files.
/// Thin, as every route: one intent of the document on the main actor, JSON back.
extension WorkbenchServer {
    /// `PUT …/probes/outcomes/{probe}`: `{"outcome": "expected" | "vulnerable" | "not-reached" | null,
    /// "note": "…"}`.
    struct ProbeOutcomeBody: Decodable {
        let outcome: ProbeFacts.Observation.Outcome?
        let note: String

        private enum Key: String, CodingKey { case outcome, note }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            do {
                outcome = try container.decodeIfPresent(ProbeFacts.Observation.Outcome.self, forKey: .outcome)
            } catch {
                throw WebAPIError(.badRequest, "The outcome must be expected, vulnerable, not-reached or null.")
            }
            do {
                note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
            } catch {
                throw WebAPIError(.badRequest, "The note must be a string.")
            }
        }
    }

    /// `PUT …/probes/attacker-host`: `{"host": "…"}`.
    struct AttackerHostBody: Decodable {
        let host: String
    }

    /// The kit's file kinds by the name the route takes (`script`, `frida`, `page`, `json`, `text`).
    @MainActor
    func probeKit(_ id: String) throws -> Response {
        let document = try registry.document(id)
        return try Self.encoded(ProbeKitPresentation(document: document))
    }

    func setProbeOutcome(_ id: String, probe: String, _ request: Request) async throws -> Response {
        let body = try await Self.body(
            ProbeOutcomeBody.self, request, limit: limits.maxBody,
            hint: "Send {\"outcome\": expected, vulnerable, not-reached or null, "
                + "\"note\": \"…\"}.")
        return try await MainActor.run {
            let document = try registry.document(id)
            do { try document.recordProbeOutcome(id: probe, outcome: body.outcome, note: body.note) } catch {
                throw Self.apiError(error)
            }
            return try Self.encoded(ProbeKitPresentation(document: document))
        }
    }

    func importProbeResults(_ id: String, _ request: Request) async throws -> Response {
        let data = try await Self.smallBody(request, limit: min(limits.maxBody, ProbeKit.maxResultsBytes))
        return try await MainActor.run {
            let document = try registry.document(id)
            do { try document.importProbeResults(data) } catch { throw Self.apiError(error) }
            return try Self.encoded(ProbeKitPresentation(document: document))
        }
    }

    func setAttackerHost(_ id: String, _ request: Request) async throws -> Response {
        let body = try await Self.body(
            AttackerHostBody.self, request, limit: limits.maxBody,
            hint: "Send {\"host\": \"a DNS name you control\"}.")
        return try await MainActor.run {
            let document = try registry.document(id)
            do { try document.setAttackerHost(body.host) } catch { throw Self.apiError(error) }
            return try Self.encoded(ProbeKitPresentation(document: document))
        }
    }

    @MainActor
    func exportProbes(_ id: String, kind name: String) throws -> Response {
        let document = try registry.document(id)
        guard let kind = ProbeKit.FileKind(name: name) else {
            let names = ProbeKit.FileKind.allCases.map(\.name).joined(separator: ", ")
            throw WebAPIError(.notFound, "The probe kit's files are \(names).")
        }
        guard let kit = document.probeKit else { throw Self.apiError(WorkbenchDocumentError.notReady) }
        let title = document.source?.name ?? "UniversalLinkLab"
        let data: Data
        do {
            data = try kit.file(kind, title: title)
        } catch {
            throw WebAPIError(.internalServerError, "The probe kit could not be written.")
        }
        let fileName = ExportNaming.fileName(
            source: document.source?.name,
            fileExtension: String(kind.rawValue.dropFirst()), date: Date())
        var headers = HTTPFields()
        headers[.contentType] = kind.mediaType
        headers[.contentDisposition] = UploadName.contentDisposition(fileName)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
