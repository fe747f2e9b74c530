"""schemathesis against the server's own /api/openapi.json: a bounded run, no 5xx, every
response as documented. Runs against its own server (it creates and deletes documents)."""
import json
import shutil
import subprocess

import pytest

from conftest import Server


def test_openapi_document_is_3_1_and_covers_the_api():
    server = Server()
    try:
        status, _, body = server.request("GET", "/api/openapi.json")
        assert status == 200
        document = json.loads(body)
        assert document["openapi"].startswith("3.1")
        # The routes themselves are the server's one list (APIRoute), held to this document by
        # DocumentAPITests; here: the served document has them, each with an operationId.
        operations = [operation for methods in document["paths"].values() for operation in methods.values()
                      if isinstance(operation, dict) and "responses" in operation]
        assert len(operations) >= 20, len(operations)
        assert all(operation.get("operationId") for operation in operations)
    finally:
        server.stop()


def test_schemathesis_finds_no_server_error_and_no_undocumented_response(tmp_path):
    if shutil.which("schemathesis") is None:
        pytest.skip("schemathesis is not installed")
    server = Server()
    try:
        command = ["schemathesis", "run", f"{server.base}/api/openapi.json",
                   "--header", f"Authorization: Bearer {server.token}",
                   "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
                   "--max-examples", "15", "--request-timeout", "30", "--generation-deterministic",
                   "--exclude-path-regex", "/events$", "--workers", "1"]
        result = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=tmp_path)
        print(result.stdout[-4000:])
        assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    finally:
        server.stop()
