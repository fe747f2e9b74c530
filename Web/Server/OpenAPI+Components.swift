/// The document's `components`: what several operations share, named by `$ref` (schemas,
/// parameters, shared answers), written as JSON; the error answers in it are generated from
/// `ErrorAnswer` (`errorComponents`). `SchemaKeysTests` holds each schema that a Swift type
/// encodes to exactly the keys that type writes.
extension OpenAPIDocument {
    static let components = #"""
        {
          "securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer", "description": "The token of the address linklab serve \#
        printed (128 random bits, new each run): the only credential."}
          },
          "parameters": {
            "DocumentID": {"name": "id", "in": "path", "required": true, "schema": {"type": "string", "maxLength": \#
        64}},
            "Filename": {"name": "X-LinkLab-Filename", "in": "header", "required": false, "description": "The \#
        file's \#
        name, shown (sanitised), never used as a path.", "schema": {"type": "string", "maxLength": 1024}},
            "Host": {"name": "host", "in": "path", "required": true, "description": "A host the app claims (the \#
        apex \#
        for a wildcard entry).", "schema": {"type": "string", "maxLength": 253}},
            "Platform": {
              "name": "platform", "in": "query", "required": false,
              "description": "`ios` (default): apple-app-site-association; `android`: the host's assetlinks.json.",
              "schema": {"type": "string", "enum": ["ios", "android"]}}
          },
          "schemas": {
            "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string", \#
        "description": "One clear sentence."}}, "additionalProperties": false},
            "Created": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "name": \#
        {"type": \#
        "string"}}},
            "Phase": {"type": "string", "enum": ["idle", "inspecting", "fetching", "ready", "failed"]},
            "PhaseEvent": {
              "type": "object",
              "required": ["phase"],
              "properties": {
                "phase": {"$ref": "#/components/schemas/Phase"},
                "bytesDone": {"type": "integer"}, "bytesTotal": {"type": ["integer", "null"]},
                "hostsDone": {"type": "integer"}, "hostsTotal": {"type": "integer"},
                "message": {"type": "string"}
              }
            },
            "SeverityCounts": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
            "DocumentSummary": {
              "type": "object",
              "required": ["id", "name", "phase", "counts"],
              "properties": {
                "id": {"type": "string"}, "name": {"type": "string"},
                "label": {"type": "string", "description": "The name, with \" (2)\", \" (3)\" … for a later \#
        document of \#
        the same name."},
                "kind": {"type": "string"},
                "phase": {"type": "string", "enum": ["idle", "inspecting", "fetching", "ready", "failed"]},
                "phaseText": {"type": "string"},
                "bundleID": {"type": ["string", "null"]}, "openedAt": {"type": ["string", "null"]},
                "counts": {"$ref": "#/components/schemas/SeverityCounts"}
              }
            },
            "DocumentList": {"type": "object", "required": ["documents"], "properties": {"documents": {"type": \#
        "array", \#
        "items": {"$ref": "#/components/schemas/DocumentSummary"}}, "limit": {"type": "integer"}}},
            "Document": {"type": "object", "description": "The scan JSON document of docs/cli.md plus phase, \#
        per-host \#
        state, fingerprint and triage.", "properties": {"phase": {"$ref": "#/components/schemas/Phase"}}},
            "URLLines": {"type": "object", "required": ["lines"], "properties": {"lines": {"type": "string", \#
        "maxLength": 1000000}}},
            "URLInput": {"type": "object", "required": ["url"], "properties": {"url": {"type": "string"}, "trace": \#
        {"type": "boolean", "default": true, "description": "Whether each verdict carries its trace (every rule \#
        tried; \#
        the page's keystrokes ask without)."}}},
            "URLTest": {"type": "object", "required": ["url", "apps"], "properties": {"url": {"type": "string"}, \#
        "apps": {"type": "array", "items": {"type": "object"}}, "expectation": {"type": "string"}, "domain": {"type": \#
        ["string", "null"]}, "line": {"type": ["integer", "null"]}}},
            "OneURLTest": {"type": "object", "required": ["urlTest"], "properties": {"urlTest": {"$ref": \#
        "#/components/schemas/URLTest"}}, "additionalProperties": false},
            "URLTests": {"type": "object", "required": ["urlTests"], "properties": {"urlTests": {"type": "array", \#
        "items": {"$ref": "#/components/schemas/URLTest"}}, "urlLineProblems": {"type": "array", "items": {"type": \#
        "object"}}}},
            "HostState": {"type": "object", "required": ["host", "state"], "properties": {"host": {"type": \#
        "string"}, \#
        "state": {"type": "string", "enum": ["pending", "fetching", "done", "failed", "supplied", "edited"]}}},
            "HostReport": {"type": "object", "required": ["host", "entries", "services", "state", "route", \#
        "edited", \#
        "fetchedAt", "lint", "report"], "description": "The host as the document resolves and holds it (HostStatus), \#
        with \#
        the report that decides (null while pending).", "properties": {"host": {"type": "string"}, "entries": \#
        {"type": \#
        "array", "items": {"type": "string"}}, "services": {"type": "array", "items": {"type": "string"}}, "state": \#
        {"type": "string", "enum": ["pending", "fetching", "done", "failed", "supplied", "edited"]}, "route": \#
        {"type": \#
        "string"}, "edited": {"type": "boolean"}, "fetchedAt": {"type": ["string", "null"]}, "lint": {"type": \#
        "integer", \#
        "minimum": 0}, "report": {}}, "additionalProperties": false},
            "ProbeOutcomeInput": {
              "type": "object",
              "properties": {
                "outcome": {"type": ["string", "null"], "enum": ["expected", "vulnerable", "not-reached", null]},
                "note": {"type": "string", "maxLength": 100000}
              }
            },
            "AttackerHostInput": {
              "type": "object",
              "required": ["host"],
              "properties": {"host": {"type": "string", "maxLength": 253}}
            },
            "ProbeKitPresentation": {
              "type": "object",
              "required": [
                "attackerHost",
                "digest",
                "rows",
                "total",
                "expected",
                "vulnerable",
                "notReached",
                "notRun",
                "stale",
                "summary",
                "notes",
                "choices",
                "files",
                "guidance"
              ],
              "properties": {
                "attackerHost": {"type": "string"},
                "digest": {"type": "string"},
                "rows": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "id",
                      "probeID",
                      "platform",
                      "platformLabel",
                      "kind",
                      "kindLabel",
                      "link",
                      "claim",
                      "watch",
                      "predicted",
                      "outcomeLabel",
                      "note",
                      "isStale"
                    ],
                    "properties": {
                      "id": {"type": "string"},
                      "probeID": {"type": "string"},
                      "platform": {"type": "string"},
                      "platformLabel": {"type": "string"},
                      "kind": {"type": "string"},
                      "kindLabel": {"type": "string"},
                      "link": {"type": "string"},
                      "claim": {"type": "string"},
                      "watch": {"type": "string"},
                      "predicted": {"type": "string"},
                      "outcome": {"type": ["string", "null"], "enum": ["expected", "vulnerable", "not-reached", \#
        null]},
                      "outcomeLabel": {"type": "string"},
                      "note": {"type": "string"},
                      "recordedAt": {"type": ["string", "null"]},
                      "isStale": {"type": "boolean"}
                    },
                    "additionalProperties": false
                  }
                },
                "total": {"type": "integer"},
                "expected": {"type": "integer"},
                "vulnerable": {"type": "integer"},
                "notReached": {"type": "integer"},
                "notRun": {"type": "integer"},
                "stale": {"type": "integer"},
                "summary": {"type": "string"},
                "notes": {"type": "array", "items": {"type": "string"}},
                "emptyMessage": {"type": ["string", "null"]},
                "choices": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["value", "label"],
                    "properties": {"value": {"type": "string"}, "label": {"type": "string"}},
                    "additionalProperties": false
                  }
                },
                "files": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["kind", "label", "accessibilityLabel"],
                    "properties": {"kind": {"type": "string"}, "label": {"type": "string"}, \#
        "accessibilityLabel": {"type": "string"}},
                    "additionalProperties": false
                  }
                },
                "guidance": {"type": "string"},
                "notRunLabel": {"type": "string"}
              },
              "additionalProperties": false
            },
            "TriageInput": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}, \#
        "note": {"type": "string", "maxLength": 100000}}},
            "TriagedFinding": {"type": "object", "properties": {"fingerprint": {"type": "string"}, "triage": {}, \#
        "finding": {}, "sidebar": {"$ref": "#/components/schemas/FindingListPatch"}}},
            "FindingListPatch": {"type": "object", "required": ["revision", "counts", "suppressed", "summary", \#
        "total", \#
        "groups", "fingerprint"], "properties": {
              "revision": {"type": "integer"},
              "counts": {"type": "array", "items": {"type": "object", "required": ["severity", "label", "count"], \#
        "properties": {"severity": {"type": "string"}, "label": {"type": "string"}, "count": {"type": "integer", \#
        "minimum": 0}}, "additionalProperties": false}},
              "suppressed": {"type": "integer", "minimum": 0}, "summary": {"type": "string"}, "total": {"type": \#
        "integer", "minimum": 0}, "emptyText": {"type": "string"},
              "groups": {"type": "array", "items": {"type": "object", "required": ["key", "title", "count"], \#
        "properties": {"key": {"type": "string"}, "title": {"type": "string"}, "count": {"type": "integer", \#
        "minimum": \#
        0}}, "additionalProperties": false}},
              "fingerprint": {"type": "string"}, "row": {"$ref": "#/components/schemas/FindingRowPresentation"}, \#
        "group": {"type": "string"}, "before": {"type": "string"}}, "additionalProperties": false},
            "URLListPage": {"type": "object", "required": ["version", "summary", "total", "offset", "items"], \#
        "properties": {
              "version": {"type": "string"}, "summary": {"type": "string"}, "total": {"type": "integer", \#
        "minimum": 0}, \#
        "offset": {"type": "integer", "minimum": 0},
              "items": {"type": "array", "items": {"$ref": "#/components/schemas/URLTestPresentation"}}}, \#
        "additionalProperties": false},
            "TesterInput": {"type": "object", "required": ["url"], "properties": {"url": {"type": "string"}, \#
        "trace": \#
        {"type": "boolean", "default": false}}},
            "PhaseStatus": {"type": "object", "required": ["phase", "text", "isBusy", "canCancel"], "properties": \#
        {"phase": {"$ref": "#/components/schemas/Phase"}, "text": {"type": "string"}, "fraction": {"type": "number", \#
        "minimum": 0, "maximum": 1}, "isBusy": {"type": "boolean"}, "canCancel": {"type": "boolean"}}, \#
        "additionalProperties": false},
            "FindingRowPresentation": {"type": "object", "required": ["fingerprint", "id", "severity", "title", \#
        "subject", "triage", "accessibilityLabel"], "properties": {"fingerprint": {"type": "string"}, "id": {"type": \#
        "string"}, "severity": {"type": "string"}, "title": {"type": "string"}, "subject": {"type": "string"}, \#
        "triage": \#
        {"type": "string"}, "triageBadge": {"type": "string"}, "accessibilityLabel": {"type": "string"}}, \#
        "additionalProperties": false},
            "FindingListPresentation": {"type": "object", "required": ["counts", "suppressed", "summary", "total", \#
        "groups"], "properties": {
              "counts": {"type": "array", "items": {"type": "object", "required": ["severity", "label", "count"], \#
        "properties": {"severity": {"type": "string"}, "label": {"type": "string"}, "count": {"type": "integer", \#
        "minimum": 0}}, "additionalProperties": false}},
              "suppressed": {"type": "integer", "minimum": 0}, "summary": {"type": "string"}, "total": {"type": \#
        "integer", "minimum": 0}, "emptyText": {"type": "string"},
              "groups": {"type": "array", "items": {"type": "object", "required": ["key", "title", "rows"], \#
        "properties": {"key": {"type": "string"}, "title": {"type": "string"}, "rows": {"type": "array", "items": \#
        {"$ref": "#/components/schemas/FindingRowPresentation"}}}, "additionalProperties": false}}}, \#
        "additionalProperties": false},
            "FindingDetailPresentation": {"type": "object", "required": ["fingerprint", "id", "severity", \#
        "severityLabel", "title", "subject", "paragraphs", "evidence", "remediation", "references", "triage", "note", \#
        "statuses"], "properties": {
              "fingerprint": {"type": "string"}, "id": {"type": "string"}, "severity": {"type": "string"}, \#
        "severityLabel": {"type": "string"}, "title": {"type": "string"}, "subject": {"type": "string"},
              "paragraphs": {"type": "array", "items": {"type": "string"}},
              "evidence": {"type": "array", "items": {"type": "object", "required": ["kind", "label", "text"], \#
        "properties": {"kind": {"type": "string"}, "label": {"type": "string"}, "text": {"type": "string"}}, \#
        "additionalProperties": false}},
              "remediation": {"type": "string"},
              "references": {"type": "array", "items": {"type": "object", "required": ["title", "url"], \#
        "properties": \#
        {"title": {"type": "string"}, "url": {"type": "string"}}, "additionalProperties": false}},
              "triage": {"type": "string"}, "note": {"type": "string"}, "triageSetAt": {"type": "string"},
              "statuses": {"type": "array", "items": {"type": "object", "required": ["value", "label"], \#
        "properties": \#
        {"value": {"type": "string"}, "label": {"type": "string"}}, "additionalProperties": false}}}, \#
        "additionalProperties": false},
            "Block": {"type": "object", "required": ["title", "lines"], "properties": {"title": {"type": "string"}, \#
        "lines": {"type": "array", "items": {"type": "string"}}}, "additionalProperties": false},
            "ShownFile": {"type": "object", "required": ["title", "text", "isExact", "markers"], "properties": \#
        {"title": {"type": "string"}, "text": {"type": "string"}, "isExact": {"type": "boolean"}, "note": {"type": \#
        "string"},
              "markers": {"type": "array", "items": {"type": "object", "required": ["line", "severity", "ids", \#
        "message"], "properties": {"line": {"type": "integer"}, "severity": {"type": "string"}, "ids": {"type": \#
        "array", \#
        "items": {"type": "string"}}, "message": {"type": "string"}}, "additionalProperties": false}}}, \#
        "additionalProperties": false},
            "DomainPresentation": {"type": "object", "required": ["host", "state", "stateText", "tone", "isEdited", \#
        "claims", "notes", "headers", "lint", "lintSummary", "editorText", "canRevert", "canRefetch"], "properties": {
              "host": {"type": "string"}, "state": {"type": "string", "enum": ["pending", "fetching", "done", \#
        "failed", \#
        "supplied", "edited", "not-fetched", "not-checked", "unreachable"]},
              "stateText": {"type": "string"}, "tone": {"type": "string", "enum": ["ok", "warn", "bad", "busy", \#
        "edited", "muted"]}, "isEdited": {"type": "boolean"}, "claims": {"type": "string"},
              "notes": {"type": "array", "items": {"type": "string"}},
              "routes": {"type": "object", "required": ["columns", "rows"], "properties": {"columns": {"type": \#
        "array", \#
        "items": {"type": "string"}}, "rows": {"type": "array", "items": {"type": "object", "required": ["route", \#
        "url", \#
        "cells", "decides", "tone"], "properties": {"route": {"type": "string"}, "url": {"type": "string"}, "curl": \#
        {"type": "string"}, "cells": {"type": "array", "items": {"type": "string"}}, "decides": {"type": "boolean"}, \#
        "tone": {"type": "string"}, "error": {"type": "string"}}, "additionalProperties": false}}}, \#
        "additionalProperties": false},
              "headers": {"type": "array", "items": {"$ref": "#/components/schemas/Block"}},
              "cdnOriginDiff": {"$ref": "#/components/schemas/Block"}, "refetchDiff": {"$ref": \#
        "#/components/schemas/Block"},
              "file": {"$ref": "#/components/schemas/ShownFile"}, "served": {"$ref": \#
        "#/components/schemas/ShownFile"},
              "lint": {"type": "array", "items": {"type": "object", "required": ["id", "severity", "message", \#
        "place", \#
        "location"], "properties": {"id": {"type": "string"}, "severity": {"type": "string"}, "message": {"type": \#
        "string"}, "place": {"type": "string"}, "location": {"type": "string"}}, "additionalProperties": false}},
              "lintSummary": {"type": "string"}, "editorText": {"type": "string"}, "editorNote": {"type": \#
        "string"}, \#
        "canRevert": {"type": "boolean"}, "canRefetch": {"type": "boolean"}}, "additionalProperties": false},
            "URLTestPresentation": {"type": "object", "required": ["url", "expectation", "expectationLabel", \#
        "verdicts"], "properties": {
              "url": {"type": "string"}, "line": {"type": "integer"}, "expectation": {"type": "string", "enum": \#
        ["none", "mustOpen", "mustNotOpen"]}, "expectationLabel": {"type": "string"},
              "expectationMet": {"type": "boolean"}, "expectationText": {"type": "string"}, "note": {"type": \#
        "string"}, \#
        "problem": {"type": "string"},
              "domain": {"type": "string",
                         "description": "The claimed host whose association file decides the URL; none: absent."},
              "verdicts": {"type": "array", "items": {"$ref": "#/components/schemas/Verdict"},
                "description": "Every platform's rows: iOS (one per app ID), then Android (one per matching \#
        activity)."},
              "expectations": {"type": "array", "items": {"$ref": "#/components/schemas/PlatformExpectation"}},
              "showsPlatforms": {"type": "boolean"},
              "crossPlatform": {"$ref": "#/components/schemas/CrossPlatformCell"}}, "additionalProperties": false},
            "Verdict": {
              "type": "object",
              "required": ["platform", "platformName", "platformTitle", "key", "appID", "appLabel", "isAuditedApp",
                "decision", "headline", "tone", "ruleLocation", "accessibilityLabel", "hooks"],
              "properties": {
                "platform": {"type": "string", "enum": ["ios", "android"]},
                "platformName": {"type": "string"},
                "platformTitle": {"type": "string"},
                "key": {"type": "string"},
                "appID": {"type": "string"},
                "appLabel": {"type": "string"},
                "isAuditedApp": {"type": "boolean"},
                "decision": {"type": "string", "enum": ["match", "exclude", "no_match",
                  "opens_app", "opens_app_unverified", "chooser", "browser"]},
                "reason": {"type": "string", "enum": ["not_link", "other_host", "port", "not_claimed", "no_file",
                  "unusable_file", "file_rejected", "app_not_listed", "no_rule_matched", "not_verified",
                  "dynamic_rules"]},
                "headline": {"type": "string"},
                "tone": {"type": "string", "enum": ["ok", "warn", "bad", "muted"]},
                "ruleLocation": {"type": "string"},
                "ruleText": {"type": "string"},
                "trace": {"type": "array", "items": {"type": "string"}},
                "accessibilityLabel": {"type": "string"},
                "badge": {"$ref": "#/components/schemas/Badge"},
                "detail": {"type": "string"},
                "hooks": {"type": "object", "additionalProperties": {"type": "string"}}
              },
              "additionalProperties": false},
            "PlatformExpectation": {
              "type": "object",
              "required": ["platform", "platformName", "met", "text"],
              "properties": {
                "platform": {"type": "string", "enum": ["ios", "android"]},
                "platformName": {"type": "string"},
                "met": {"type": "boolean"},
                "text": {"type": "string"}
              },
              "additionalProperties": false},
            "PlatformOutcome": {
              "type": "object",
              "required": ["platform", "platformName", "outcome", "text", "reason"],
              "properties": {
                "platform": {"type": "string", "enum": ["ios", "android"]},
                "platformName": {"type": "string"},
                "outcome": {"type": "string"},
                "text": {"type": "string"},
                "reason": {"type": "string"}
              },
              "additionalProperties": false},
            "Badge": {
              "type": "object",
              "required": ["text", "tone", "hook", "help"],
              "properties": {
                "text": {"type": "string"},
                "tone": {"type": "string"},
                "hook": {"type": "string"},
                "help": {"type": "string"}
              },
              "additionalProperties": false},
            "PanelCell": {
              "type": "object",
              "required": ["lines", "style", "note", "noteTone"],
              "properties": {
                "lines": {"type": "array", "items": {"type": "string"}},
                "style": {"type": "string", "enum": ["plain", "code", "preformatted", "fingerprint", "muted"]},
                "badge": {"$ref": "#/components/schemas/Badge"},
                "note": {"type": "string"},
                "noteTone": {"type": "string"}
              },
              "additionalProperties": false},
            "PanelRow": {
              "type": "object",
              "required": ["cells", "tone", "hooks"],
              "properties": {
                "cells": {"type": "array", "items": {"$ref": "#/components/schemas/PanelCell"}},
                "tone": {"type": "string"},
                "hooks": {"type": "object", "additionalProperties": {"type": "string"}}
              },
              "additionalProperties": false},
            "PanelBlock": {
              "type": "object",
              "description": "One block of a panel; the fields its kind does not use are empty.",
              "required": ["kind", "hook", "hooks", "text", "title", "tone", "level", "badges", "pairs", "columns",
                "rows", "items", "ordered", "lint"],
              "properties": {
                "kind": {"type": "string", "enum": ["heading", "text", "pairs", "table", "list", "command", "lint",
                  "file"]},
                "hook": {"type": "string"},
                "hooks": {"type": "object", "additionalProperties": {"type": "string"}},
                "text": {"type": "string"},
                "title": {"type": "string"},
                "tone": {"type": "string"},
                "level": {"type": "integer"},
                "badges": {"type": "array", "items": {"$ref": "#/components/schemas/Badge"}},
                "pairs": {"type": "array", "items": {"type": "object", "required": ["label", "text"], "properties": {
                  "label": {"type": "string"}, "text": {"type": "string"}}, "additionalProperties": false}},
                "columns": {"type": "array", "items": {"type": "string"}},
                "rows": {"type": "array", "items": {"$ref": "#/components/schemas/PanelRow"}},
                "items": {"type": "array", "items": {"$ref": "#/components/schemas/PanelCell"}},
                "ordered": {"type": "boolean"},
                "lint": {"type": "array", "items": {"type": "object", "required": ["id", "severity", "message",
                  "place", "location"], "properties": {"id": {"type": "string"}, "severity": {"type": "string"},
                  "message": {"type": "string"}, "place": {"type": "string"}, "location": {"type": "string"}},
                  "additionalProperties": false}},
                "file": {"$ref": "#/components/schemas/ShownFile"}
              },
              "additionalProperties": false},
            "Panel": {
              "type": "object",
              "description": "A platform's card as blocks every face renders alike.",
              "required": ["id", "platform", "platformName", "kicker", "title", "hook", "hooks", "badges", "isOpen",
                "blocks"],
              "properties": {
                "id": {"type": "string"},
                "platform": {"type": "string", "enum": ["ios", "android"]},
                "platformName": {"type": "string"},
                "kicker": {"type": "string"},
                "title": {"type": "string"},
                "hook": {"type": "string"},
                "hooks": {"type": "object", "additionalProperties": {"type": "string"}},
                "badges": {"type": "array", "items": {"$ref": "#/components/schemas/Badge"}},
                "isOpen": {"type": "boolean"},
                "blocks": {"type": "array", "items": {"$ref": "#/components/schemas/PanelBlock"}}
              },
              "additionalProperties": false},
            "AppSection": {
              "type": "object",
              "required": ["platform", "platformName", "title", "panels", "diagnostics"],
              "properties": {
                "platform": {"type": "string", "enum": ["ios", "android"]},
                "platformName": {"type": "string"},
                "title": {"type": "string"},
                "panels": {"type": "array", "items": {"$ref": "#/components/schemas/Panel"}},
                "note": {"type": "string"},
                "diagnostics": {"type": "array", "items": {"type": "string"}}
              },
              "additionalProperties": false},
            "HostSlot": {
              "type": "object",
              "required": ["platform", "platformName"],
              "properties": {
                "platform": {"type": "string", "enum": ["ios", "android"]},
                "platformName": {"type": "string"},
                "domain": {"type": "integer", "minimum": 0, "description": "An index into the view's domains."},
                "panel": {"$ref": "#/components/schemas/Panel"},
                "absent": {"type": "string"},
                "actions": {"$ref": "#/components/schemas/HostActions"}
              },
              "additionalProperties": false},
            "HostActions": {
              "type": "object",
              "description": "What a face offers on one platform's host: the host routes with ?platform=.",
              "required": ["platform", "host", "fileName", "editTitle", "canRefetch", "canRevert", "isEdited",
                "editorText"],
              "properties": {
                "platform": {"type": "string", "enum": ["ios", "android"]},
                "host": {"type": "string"},
                "fileName": {"type": "string"},
                "editTitle": {"type": "string"},
                "canRefetch": {"type": "boolean"},
                "canRevert": {"type": "boolean"},
                "isEdited": {"type": "boolean"},
                "editorText": {"type": "string"},
                "editorNote": {"type": "string"}
              },
              "additionalProperties": false},
            "CrossPlatformCell": {
              "type": "object",
              "required": ["verdict", "text", "shortText",
                "outcomes"],
              "properties": {
                "verdict": {"type": "string", "enum": ["both", "ios_only", "android_only", "neither"]},
                "text": {"type": "string"},
                "shortText": {"type": "string"},
                "outcomes": {"type": "array", "items": {"$ref": "#/components/schemas/PlatformOutcome"}}
              },
              "additionalProperties": false},
            "CrossPlatform": {
              "type": "object",
              "description": "Both platforms: the view has the counts; rows come with the list's slices.",
              "required": ["title", "heading", "caption", "iosApp", "androidApp", "androidSDK", "summary", "counts",
                "rows"],
              "properties": {
                "title": {"type": "string"},
                "heading": {"type": "string"},
                "caption": {"type": "string"},
                "iosApp": {"type": "string"},
                "androidApp": {"type": "string"},
                "androidSDK": {"type": "integer"},
                "summary": {"type": "string"},
                "columns": {"type": "array", "items": {"type": "string"}},
                "counts": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["verdict", "label", "count"],
                    "properties": {
                      "verdict": {"type": "string", "enum": ["both", "ios_only", "android_only", "neither"]},
                      "label": {"type": "string"},
                      "count": {"type": "integer", "minimum": 0}
                    },
                    "additionalProperties": false
                  }
                },
                "rows": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["url", "cell"],
                    "properties": {
                      "url": {"type": "string"},
                      "line": {"type": "integer"},
                      "cell": {"$ref": "#/components/schemas/CrossPlatformCell"},
                      "sensitive": {"type": "string"}
                    },
                    "additionalProperties": false
                  }
                },
                "more": {"type": "string"}
              },
              "additionalProperties": false},
            "URLListPresentation": {"type": "object", "required": ["lines", "summary", "items"], "properties": \#
        {"lines": {"type": "string"}, "summary": {"type": "string"}, "items": {"type": "array", "items": {"$ref": \#
        "#/components/schemas/URLTestPresentation"}}, "more": {"type": "string"}, "crossPlatform": {"$ref": \#
        "#/components/schemas/CrossPlatform"}}, "additionalProperties": false},
            "LabeledText": {"type": "object", "required": ["label", "text"], "properties": {"label": {"type": \#
        "string"}, "text": {"type": "string"}}, "additionalProperties": false},
            "DocumentPresentation": {"type": "object", "required": ["revision", "title", "subtitle", "kind", \#
        "phase", \#
        "notes", "canExport", "exportNames", "exports", "findings", "apps", "addApp", "domains", "urls"], \#
        "properties": {
              "revision": {"type": "integer"}, "title": {"type": "string"}, "subtitle": {"type": "string"}, "kind": \#
        {"type": "string"},
              "phase": {"$ref": "#/components/schemas/PhaseStatus"}, "notes": {"type": "array", "items": {"type": \#
        "string"}}, "canExport": {"type": "boolean"},
              "exportNames": {"type": "object", "additionalProperties": {"type": "string"}},
              "exports": {"type": "array", "items": {"type": "object", "required": ["format", "label", "caption", \#
        "hook", "fileName"], "properties": {"format": {"type": "string", "enum": \#(formatIDs.text())}, \#
        "label": {"type": "string"}, "caption": {"type": "string"}, "hook": {"type": "string"}, "fileName": \#
        {"type": "string"}}, \#
        "additionalProperties": false}},
              "exportWarning": {"type": "string", "description": "Shown beside the export controls while a host's \#
        file \#
        is edited (what-if); absent otherwise."},
              "findings": {"$ref": "#/components/schemas/FindingListPresentation"},
              "domains": {"type": "array", "items": {"$ref": "#/components/schemas/DomainPresentation"}},
              "urls": {"$ref": "#/components/schemas/URLListPresentation"},
              "apps": {"type": "array", "items": {"$ref": "#/components/schemas/AppSection"},
                "description": "The App tab: one section per platform, its cards as panels."},
              "addApp": {"type": "object", "required": ["label", "help", "accept"], "properties": {
                "label": {"type": "string"}, "help": {"type": "string"}, "accept": {"type": "string"}},
                "additionalProperties": false},
              "hosts": {
                "type": "array",
                "description": "With an Android app: each host of both apps, a slot per platform.",
                "items": {"$ref": "#/components/schemas/ProductHost"}
              },
              "urlList": {"$ref": "#/components/schemas/URLListPage"}}, "additionalProperties": false},
            "AddedApp": {
              "type": "object",
              "required": ["id", "name", "platform"],
              "properties": {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "platform": {"type": "string", "enum": ["ios", "android"]}
              },
              "additionalProperties": false
            },
            "AndroidHostCard": {
              "type": "object",
              "required": [
                "host",
                "state",
                "stateText",
                "tone",
                "outcome",
                "claims",
                "verified",
                "verdict",
                "verification",
                "notes",
                "routes",
                "columns",
                "grants",
                "lint",
                "lintSummary",
                "canRefetch",
                "isEdited",
                "canRevert",
                "editorText"
              ],
              "properties": {
                "host": {"type": "string"},
                "state": {
                  "type": "string",
                  "enum": ["pending", "fetching", "done", "failed", "supplied", "edited", "not-fetched", \#
        "unreachable"]
                },
                "stateText": {"type": "string"},
                "tone": {"type": "string", "enum": ["ok", "warn", "bad", "busy", "edited", "muted"]},
                "outcome": {"type": "string"},
                "claims": {"type": "string"},
                "verified": {"type": "boolean"},
                "verdict": {"type": "string"},
                "verification": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["host", "verified", "reason"],
                    "properties": {
                      "host": {"type": "string"},
                      "verified": {"type": "boolean"},
                      "reason": {"type": "string"}
                    },
                    "additionalProperties": false
                  }
                },
                "notes": {"type": "array", "items": {"type": "string"}},
                "columns": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["key", "title"],
                    "properties": {
                      "key": {"type": "string", "enum": ["status", "contentType", "bytes", "time"]},
                      "title": {"type": "string"}
                    },
                    "additionalProperties": false
                  }
                },
                "routes": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["route", "name", "url", "status", "bytes", "outcome", "contentType", "time", "tone"],
                    "properties": {
                      "route": {"type": "string", "enum": ["assetlinks", "local", "include", "google"]},
                      "name": {"type": "string"},
                      "url": {"type": "string"},
                      "status": {"type": "string"},
                      "bytes": {"type": "string"},
                      "outcome": {"type": "string"},
                      "contentType": {"type": "string"},
                      "time": {"type": "string"},
                      "tone": {"type": "string"},
                      "problem": {"type": "string"}
                    },
                    "additionalProperties": false
                  }
                },
                "grants": {"type": "array", "items": {"type": "string"}},
                "google": {
                  "type": "object",
                  "required": ["summary", "onlyInFile", "onlyInGoogle"],
                  "properties": {
                    "summary": {"type": "string"},
                    "agrees": {"type": "boolean"},
                    "onlyInFile": {"type": "array", "items": {"type": "string"}},
                    "onlyInGoogle": {"type": "array", "items": {"type": "string"}},
                    "debug": {"type": "string"}
                  },
                  "additionalProperties": false
                },
                "lint": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["id", "severity", "message", "place", "location"],
                    "properties": {
                      "id": {"type": "string"},
                      "severity": {"type": "string"},
                      "message": {"type": "string"},
                      "place": {"type": "string"},
                      "location": {"type": "string"}
                    },
                    "additionalProperties": false
                  }
                },
                "lintSummary": {"type": "string"},
                "file": {"$ref": "#/components/schemas/ShownFile"},
                "canRefetch": {"type": "boolean"},
                "isEdited": {"type": "boolean"},
                "canRevert": {"type": "boolean"},
                "editorText": {"type": "string", "description": "The body that decides now (\"\" when none)."},
                "editorNote": {"type": "string", "description": "Why editorText is not the served bytes."}
              },
              "additionalProperties": false
            },
            "ProductHost": {
              "type": "object",
              "required": ["host", "slots", "platformNames", "platforms"],
              "properties": {
                "host": {"type": "string"},
                "slots": {"type": "array", "items": {"$ref": "#/components/schemas/HostSlot"}},
                "platformNames": {"type": "array", "items": {"type": "string"}},
                "platforms": {"type": "array", "items": {"type": "string", "enum": ["ios", "android"]}}
              },
              "additionalProperties": false
            }
          },
          "responses": {
            \#(errorComponents),
            "ProbeKitView": {"description": "The Probes view (ProbeKitPresentation).", "content": \#
        {"application/json": {"schema": {"$ref": "#/components/schemas/ProbeKitPresentation"}}}}
          }
        }
        """#
}
